/**
 * What the service does with a log that was left mid-turn: by a crash, or by a shutdown (which
 * leaves the log as a crash would, so both take this one path). Everything that was in flight is
 * settled and said so in the thread, so nothing resumes by itself and no approved write runs
 * without a fresh decision: a streaming reply is closed as "interrupted" (the model never sees
 * it), a call that was running is completed as interrupted, an approved call that had not started
 * is completed as not run. Then the thread stops on a retryable error, so the pane offers Retry.
 * A turn that was only waiting for the user (an open question, a card) just waits again.
 */
import { toolResult } from "../tools/result";
import type { ThreadHandle } from "./driver";
import type { ThreadState } from "./state";

export const INTERRUPTED_MESSAGE = "Interrupted: Redline stopped while this turn was running.";
export const INTERRUPTED_CALL_MESSAGE = "This call was interrupted (Redline stopped while it ran); it may have partly happened. Check before trying again.";
export const NOT_RUN_MESSAGE = "This call was not run: Redline stopped before it started. Ask again if it is still wanted.";

/** Whether the log was left mid-turn (its last status says work was in progress). */
export function wasInterrupted(state: ThreadState): boolean {
	return state.status === "thinking" || state.status === "running_tool";
}

export function recoverInterrupted(log: ThreadHandle): void {
	const state = log.state();
	let settled = 0;
	for (const message of state.messages) {
		if (message.kind !== "assistant" || !message.streaming) continue;
		log.append({ type: "assistant_message_completed", messageId: message.messageId, finishReason: "interrupted" });
		settled++;
	}
	for (const callId of state.toolCallOrder) {
		const call = state.toolCalls[callId];
		// An askUser call stays running while its question waits; its answer resumes it.
		if (!call || call.askId !== undefined) continue;
		if (call.phase === "running") {
			log.append({ type: "tool_call_completed", callId, result: toolResult.error(INTERRUPTED_CALL_MESSAGE) });
			settled++;
		} else if (call.phase === "approved") {
			log.append({ type: "tool_call_completed", callId, result: toolResult.error(NOT_RUN_MESSAGE) });
			settled++;
		}
	}
	const after = log.state();
	const waitingFor = after.openQuestions.length > 0 ? "waiting_for_answer" : after.pendingApprovals.length > 0 ? "waiting_for_approval" : null;
	if (settled === 0 && waitingFor !== null) {
		log.append({ type: "status", status: waitingFor });
		return;
	}
	log.append({ type: "error", message: INTERRUPTED_MESSAGE, retryable: true });
	log.append({ type: "status", status: "error" });
}
