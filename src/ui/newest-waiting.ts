/**
 * The newest card waiting for the user (issue 30), which Mod+Enter and Esc decide from an empty
 * message box: a run card (a call waiting for approval), a draft waiting for review, or a
 * question. Newest is the latest in the order the model proposed the calls (a question by its
 * askUser call). A draft being made is not waiting for a decision yet.
 */
import type { ReviewChange } from "../log/events";
import type { ThreadState } from "../log/state";

export type Waiting =
	| { kind: "call"; callId: string }
	| { kind: "review"; callId: string; editId: string; changes: ReviewChange[] }
	| { kind: "question"; askId: string };

export function newestWaiting(state: ThreadState): Waiting | undefined {
	const candidates: Array<{ callId: string; waiting: Waiting }> = [];
	for (const callId of state.pendingApprovals)
		if (state.toolCalls[callId]?.phase === "proposed") candidates.push({ callId, waiting: { kind: "call", callId } });
	for (const callId of state.openReviews) {
		const draft = state.toolCalls[callId]?.draft;
		if (draft && !draft.reviewed)
			candidates.push({
				callId,
				waiting: { kind: "review", callId, editId: draft.editId, changes: draft.changes },
			});
	}
	for (const askId of state.openQuestions) {
		const question = state.questions[askId];
		if (question && !question.answers)
			candidates.push({ callId: question.callId, waiting: { kind: "question", askId } });
	}
	const order = state.toolCallOrder;
	let newest: { at: number; waiting: Waiting } | undefined;
	for (const candidate of candidates) {
		const at = order.indexOf(candidate.callId);
		if (!newest || at >= newest.at) newest = { at, waiting: candidate.waiting };
	}
	return newest?.waiting;
}
