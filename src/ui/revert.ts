/**
 * Undoing one applied edit: ONE call that names the edit's version (issue 26). The history undoes
 * exactly that change inside its serial queue, merged onto today's text, so an edit another
 * thread (or the user) made meanwhile is neither undone nor lost, and a note renamed since is
 * found by the version (the path is only where the card last knew it).
 */
import type { Reverted, Result, ThreadService } from "../thread/service-api";

export type RevertOutcome = Result<Reverted>;

export function revertEdit(service: ThreadService, path: string, versionId: string): Promise<RevertOutcome> {
	return service.revertHistory({ path, versionId });
}
