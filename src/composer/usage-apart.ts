/**
 * The apply model's usage for a draft that no edit event will carry (issue 33): an apply that
 * produced no edit (a failed or refused generation), a draft cut away by the selection, one that
 * changes nothing, or one the write then refused. Each apply call is metered where it is made
 * (src/llm/metered-completions.ts); a draft that is proposed or written carries the sum on
 * edit_proposed / edit_applied, and everything else is recorded here, so that every call counts
 * in the thread's totals and against its budget.
 */
import type { ModelUsage } from "../log/events";
import { ThreadClosedError } from "../log/log";
import type { EditSession } from "./edit-session";

/**
 * A draft stopped by the user records its usage while the Stop's abort runs (run-intent.ts), before
 * the call and its drive end; once the call or the thread takes no more events (the drive ended,
 * the chat deleted, the service closing) there is nowhere left to count it.
 */
export function recordUsageApart(session: Pick<EditSession, "emit">, usage: ModelUsage | undefined): void {
	if (!usage) return;
	try {
		session.emit({ type: "usage_recorded", role: "apply", purpose: "edit", usage });
	} catch (error) {
		if (!(error instanceof ThreadClosedError)) throw error;
	}
}
