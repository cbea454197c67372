/**
 * What the service does with a log that was left mid-turn: by a crash, or by a shutdown (which
 * leaves the log as a crash would, so both take this one path). Everything that was in flight is
 * settled and said so in the thread, so nothing resumes by itself and no approved write runs
 * without a fresh decision: a streaming reply is closed as "interrupted" (the model never sees
 * it), a call that was running is completed as interrupted, an approved call that had not started
 * is completed as not run. Then the thread stops on a retryable error, so the pane offers Retry.
 * A turn that was only waiting for the user (an open question, a card, a draft to review) just waits again. A
 * decision the user made (a denial, an answer) is kept: the next drive settles it (Retry), also
 * when the log still says it waits for it (the status after the decision was not saved).
 * The driver may settle some running calls first, with what really happened (driver.recover:
 * an edit that landed is recorded from the note history).
 */
import { toolResult } from "../log/tool-result";
import type { ThreadHandle } from "../log/driver";
import { INTERRUPTED_CALL_MESSAGE } from "../log/driver";
import type { ThreadState } from "../log/state";

export const INTERRUPTED_MESSAGE = "Interrupted: Redline stopped while this turn was running.";
export const NOT_RUN_MESSAGE =
	"This call was not run: Redline stopped before it started. Ask again if it is still wanted.";

/**
 * Whether the log was left mid-turn: its last saved status says work was in progress, or work was
 * in flight whatever the status says (the status written after a decision may not have been saved).
 */
export function wasInterrupted(state: ThreadState): boolean {
	return state.status === "thinking" || state.status === "running_tool" || inFlight(state) > 0 || staleWait(state);
}

/**
 * A saved "waiting" status with nothing left to wait for: the user decided (a denial completed,
 * an answer given) and the drive died before it saved the status after it. Waiting again would
 * show no card and never move on; it is settled as interrupted (Retry goes on with the decision).
 */
function staleWait(state: ThreadState): boolean {
	if (state.status === "waiting_for_approval") return state.pendingApprovals.length === 0;
	if (state.status === "waiting_for_answer") return state.openQuestions.length === 0;
	if (state.status === "waiting_for_review") return state.openReviews.length === 0;
	return false;
}

/**
 * What was in flight: streaming replies, running calls (an askUser counts once answered), and,
 * once no card waits any more, decided calls that were not settled. While a card still waits, the
 * approved calls of its batch wait with it: that is not a turn in progress.
 */
function inFlight(state: ThreadState): number {
	const streaming = state.messages.filter((m) => m.kind === "assistant" && m.streaming).length;
	const batchDecided = state.pendingApprovals.length === 0;
	const calls = state.toolCallOrder.filter((id) => {
		const call = state.toolCalls[id];
		if (!call) return false;
		if (call.phase === "running")
			return (call.askId === undefined || !state.openQuestions.includes(call.askId)) && !state.openReviews.includes(id);
		return batchDecided && (call.phase === "approved" || call.phase === "denied");
	}).length;
	return streaming + calls;
}

/**
 * Settles the log; `before` is its state as opened, if a driver settled some calls already (kept
 * across its appends, so a shared state: the log's own changes in place).
 */
export function recoverInterrupted(log: ThreadHandle, before: ThreadState = log.state()): void {
	// Counted before anything is appended: `before` may be the log's live state.
	const wasInFlight = inFlight(before);
	const state = log.state();
	for (const message of state.messages) {
		if (message.kind !== "assistant" || !message.streaming) continue;
		log.append({ type: "assistant_message_completed", messageId: message.messageId, finishReason: "interrupted" });
	}
	for (const callId of state.toolCallOrder) {
		const call = state.toolCalls[callId];
		// An askUser call stays running while its question waits; its answer resumes it. A draft
		// waiting for review waits again (its base and text are in the Store).
		if (!call || call.askId !== undefined || state.openReviews.includes(callId)) continue;
		if (call.phase === "running")
			log.append({ type: "tool_call_completed", callId, result: toolResult.error(INTERRUPTED_CALL_MESSAGE) });
		else if (call.phase === "approved")
			log.append({ type: "tool_call_completed", callId, result: toolResult.error(NOT_RUN_MESSAGE) });
	}
	const after = log.state();
	const waitingFor =
		after.openQuestions.length > 0
			? "waiting_for_answer"
			: after.openReviews.length > 0
				? "waiting_for_review"
				: after.pendingApprovals.length > 0
					? "waiting_for_approval"
					: null;
	if (wasInFlight === 0 && waitingFor !== null) {
		log.append({ type: "status", status: waitingFor });
		return;
	}
	log.append({ type: "error", message: INTERRUPTED_MESSAGE, retryable: true });
	log.append({ type: "status", status: "error" });
}
