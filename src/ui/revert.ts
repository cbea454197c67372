/**
 * Undoing one applied edit through the history service. `revertHistory` with a versionId returns
 * the note to that version (undoing every newer entry), so undoing edit E means returning to the
 * entry just before E; when E is the oldest kept entry and also the newest, "undo the last change"
 * does it. When E is the oldest kept entry but later changes exist, it cannot be undone alone.
 */
import type { Result, ThreadService } from "../thread/service-api";
import { displayPath } from "../vault/display-path";

export type RevertOutcome = Result<{ versionId: string; added: number; removed: number }>;

export async function revertEdit(service: ThreadService, path: string, versionId: string): Promise<RevertOutcome> {
	const listed = await service.listHistory({ path });
	if (!listed.ok) return listed;
	const index = listed.entries.findIndex((entry) => entry.versionId === versionId);
	if (index < 0) return { ok: false, error: { code: "not_found", message: `This change is no longer in the history of ${displayPath(path)}.` } };
	const older = listed.entries[index + 1]; // entries are newest first
	if (older) return service.revertHistory({ path, versionId: older.versionId });
	if (index === 0) return service.revertHistory({ path });
	return {
		ok: false,
		error: { code: "conflict", message: `Later changes to ${displayPath(path)} depend on this one and it is the oldest kept version: revert those first.` },
	};
}
