/**
 * The newest message wins. A user message sent while the agent waits or works answers whatever
 * was still open, and nothing of the exchange it overtook carries on:
 * - calls waiting for a decision are denied with it, approved calls that have not started never
 *   will, and open questions get it as their answer (appended before the message: `supersede`);
 * - a reply requested before it completes as SUPERSEDED (it answers nothing; the loop asks the
 *   model again), and that reply's calls are denied with the message when they are proposed.
 * A call settled this way carries `reason: "new_message"`; the model reads NEW_MESSAGE_INSTEAD and
 * the message. This is the one place that says so: the service, the model step, the proposals,
 * the runner and the pane ask here. Anything new that waits for the user (a draft under review)
 * is settled here too.
 *
 * The pane's words come from a call's settle reason (`settleReason`). Logs written before the
 * reason was recorded say it only in words the service and the runner wrote (their constants,
 * never the model's text): those are read here, and nowhere else.
 */
import { answersFromFreeText } from "./ask-answers";
import { STOPPED_MESSAGE } from "./driver";
import type { ThreadHandle } from "./driver";
import type { NewEvent, SettleReason } from "./events";
import type { ThreadState, ToolCallView, UserMessageView } from "./state";
import { openCallIds } from "./open-calls";
import { toolResult } from "./tool-result";

/** How a call overtaken by a newer user message is answered (the message follows). */
export const NEW_MESSAGE_INSTEAD = "The user sent a new message instead: ";

/** The finishReason of a reply overtaken by a newer user message: it answers nothing. */
export const SUPERSEDED = "superseded";

/**
 * Settles everything a new user message overtakes, before the message is appended: pending calls
 * denied, approved calls that never started completed unrun, open questions answered with it.
 */
export function supersede(thread: Pick<ThreadHandle, "state" | "append" | "events">, content: string): void {
	for (const callId of thread.state().pendingApprovals) thread.append(overtakenDecision(callId, content));
	// A draft being made is denied too: the drive that makes it ends it at once (run-calls.ts).
	for (const callId of openCallIds(thread)) {
		if (isDrafting(thread.state(), callId)) thread.append(overtakenDecision(callId, content));
	}
	settleOpenReviews(
		thread,
		"new_message",
		`Not written: ${NEW_MESSAGE_INSTEAD}${content}`,
		`${NEW_MESSAGE_INSTEAD}${content}`,
	);
	for (const callId of openCallIds(thread)) {
		if (thread.state().toolCalls[callId]?.phase !== "approved") continue;
		thread.append({
			type: "tool_call_completed",
			callId,
			result: toolResult.rejected(`Not run: ${NEW_MESSAGE_INSTEAD}${content}`),
			reason: "new_message",
		});
	}
	for (const askId of thread.state().openQuestions) {
		const answers = answersFromFreeText(thread.state().questions[askId]?.questions ?? [], content);
		thread.append({ type: "question_answered", askId, answers });
	}
}

/**
 * A call whose change is being drafted for review (review before write): running, decided by
 * nobody yet, with no draft offered and no question asked. Every other running call was decided
 * before it started.
 */
export function isDrafting(state: ThreadState, callId: string): boolean {
	const call = state.toolCalls[callId];
	return call !== undefined && callIsDrafting(call);
}

/** isDrafting, of a call at hand (the pane's cards ask it of the calls they show). */
export function callIsDrafting(call: ToolCallView): boolean {
	return (
		call.phase === "running" && call.decision === undefined && call.draft === undefined && call.askId === undefined
	);
}

/**
 * Settles every draft waiting for review as rejected, for the user (a new message, Stop): each
 * change rejected with the reason, the call completed with `result` (what the model reads). It is
 * never written later: the review is closed.
 */
export function settleOpenReviews(
	thread: Pick<ThreadHandle, "state" | "append">,
	reason: SettleReason,
	result: string,
	comment?: string,
): void {
	for (const callId of [...thread.state().openReviews]) {
		const draft = thread.state().toolCalls[callId]?.draft;
		if (!draft) continue;
		const rejected = draft.changes.map((c) => c.changeId);
		thread.append({
			type: "edit_reviewed",
			editId: draft.editId,
			callId,
			accepted: [],
			rejected,
			...(comment !== undefined ? { comment } : {}),
			reason,
		});
		thread.append({
			type: "tool_call_completed",
			callId,
			result: toolResult.rejected(result, { path: draft.path, data: { editId: draft.editId, rejected, reason } }),
			reason,
		});
	}
}

/** The decision that denies a call a newer user message overtook (whatever the policy says). */
export function overtakenDecision(callId: string, content: string): NewEvent {
	return {
		type: "tool_call_decided",
		callId,
		decision: "denied",
		by: "user",
		comment: `${NEW_MESSAGE_INSTEAD}${content}`,
		reason: "new_message",
	};
}

/**
 * The user message that overtook a reply requested when the log was at `askedAt`: the last user
 * message, when it came after that; undefined when the reply still answers the newest message.
 */
export function overtakingMessage(state: ThreadState, askedAt: number): UserMessageView | undefined {
	const { messages } = state;
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i];
		if (message?.kind === "user") return message.seq > askedAt ? message : undefined;
	}
	return undefined;
}

/**
 * Why a call was settled for the user rather than by them: a newer message, or Stop. Read from
 * `reason`; a log from before it was recorded is read by the words: a comment (or a result) the
 * service wrote with NEW_MESSAGE_INSTEAD, an error result that begins with STOPPED_MESSAGE.
 */
export function settleReason(call: ToolCallView): SettleReason | undefined {
	if (call.reason !== undefined) return call.reason;
	if (call.result?.status === "error" && call.result.message.startsWith(STOPPED_MESSAGE)) return "stopped";
	const legacy = call.decision === "denied" ? call.comment : call.result?.message;
	if (
		legacy !== undefined &&
		(legacy.startsWith(NEW_MESSAGE_INSTEAD) || legacy.startsWith(`Not run: ${NEW_MESSAGE_INSTEAD}`))
	)
		return "new_message";
	return undefined;
}

/** A stopped call was running when Stop came (its result is the bare STOPPED_MESSAGE), not waiting to start. */
export function stoppedWhileRunning(call: ToolCallView): boolean {
	return call.result?.message === STOPPED_MESSAGE;
}
