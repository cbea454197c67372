/**
 * The service's side of review before write (issue 29): v1.thread.reviewEdit checks a review of a
 * waiting draft (every change decided exactly once, nothing unknown, a rewrite only for an
 * accepted change) and records it as edit_reviewed; the drive that follows writes what was
 * accepted. decideToolCalls and Stop reach waiting drafts through here too.
 */
import type { ThreadHandle } from "../log/driver";
import { STOPPED_MESSAGE } from "../log/driver";
import type { NewEvent } from "../log/events";
import { settleOpenReviews } from "../log/newest-message";
import type { ThreadState } from "../log/state";
import { fail, isRecord, isStringArray } from "./params";
import type { Result } from "./service-api";

export interface ReviewParams {
	threadId: string;
	editId: string;
	accepted: string[];
	rejected: string[];
	/** The user's own text for accepted changes, by changeId. */
	replaced?: Record<string, string>;
	comment?: string;
}

/** The edit_reviewed to append for a review, or the error to answer. */
export function reviewEvent(state: ThreadState, params: ReviewParams): { event: NewEvent } | { error: Result<never> } {
	if (typeof params.editId !== "string") return { error: fail("bad_params", "editId must be a string") };
	const { accepted, rejected, replaced, comment } = params;
	if (!isStringArray(accepted) || !isStringArray(rejected))
		return { error: fail("bad_params", "accepted and rejected must be lists of change ids") };
	if (
		replaced !== undefined &&
		!(isRecord(replaced) && Object.values(replaced).every((text) => typeof text === "string"))
	) {
		return { error: fail("bad_params", "replaced must map change ids to the text that replaces them") };
	}
	if (comment !== undefined && typeof comment !== "string")
		return { error: fail("bad_params", "comment must be a string") };
	const callId = state.openReviews.find((id) => state.toolCalls[id]?.draft?.editId === params.editId);
	if (callId === undefined) {
		const known = state.toolCallOrder.some((id) => state.toolCalls[id]?.draft?.editId === params.editId);
		return {
			error: fail(
				"not_pending",
				known
					? `The draft of edit ${params.editId} was already settled; it cannot be reviewed again`
					: `No draft of edit ${params.editId} waits for review in this thread`,
			),
		};
	}
	const changes = state.toolCalls[callId]?.draft?.changes ?? [];
	const problem = decisionProblem(
		changes.map((c) => c.changeId),
		accepted,
		rejected,
		Object.keys(replaced ?? {}),
	);
	if (problem !== null) return { error: fail("bad_params", problem) };
	const trimmed = comment?.trim();
	return {
		event: {
			type: "edit_reviewed",
			editId: params.editId,
			callId,
			accepted: inOrder(changes, accepted),
			rejected: inOrder(changes, rejected),
			...(replaced !== undefined && Object.keys(replaced).length > 0 ? { replaced: { ...replaced } } : {}),
			...(trimmed ? { comment: trimmed } : {}),
		},
	};
}

/** Every change decided exactly once, nothing unknown, a rewrite only for an accepted change; null when so. */
function decisionProblem(
	ids: readonly string[],
	accepted: readonly string[],
	rejected: readonly string[],
	replaced: readonly string[],
): string | null {
	const known = new Set(ids);
	const unknown = [...new Set([...accepted, ...rejected, ...replaced].filter((id) => !known.has(id)))];
	if (unknown.length > 0) return `These changes are not part of the draft: ${unknown.join(", ")}.`;
	const seen = new Set<string>();
	const twice = new Set<string>();
	for (const id of [...accepted, ...rejected]) (seen.has(id) ? twice : seen).add(id);
	if (twice.size > 0)
		return `Each change is accepted or rejected once, and these were decided twice: ${[...twice].join(", ")}.`;
	const undecided = ids.filter((id) => !seen.has(id));
	if (undecided.length > 0)
		return `Every change must be accepted or rejected, and these were neither: ${undecided.join(", ")}.`;
	const notAccepted = replaced.filter((id) => !accepted.includes(id));
	if (notAccepted.length > 0)
		return `Only an accepted change can take your own text, and these were not accepted: ${notAccepted.join(", ")}.`;
	return null;
}

function inOrder(changes: readonly { changeId: string }[], ids: readonly string[]): string[] {
	return changes.map((c) => c.changeId).filter((id) => ids.includes(id));
}

/** A card decision for a waiting draft: approve accepts every change, deny rejects every one. */
export function reviewByDecision(
	state: ThreadState,
	callId: string,
	approved: boolean,
	comment: string | undefined,
): NewEvent | undefined {
	const draft = state.openReviews.includes(callId) ? state.toolCalls[callId]?.draft : undefined;
	if (!draft) return undefined;
	const ids = draft.changes.map((c) => c.changeId);
	return {
		type: "edit_reviewed",
		editId: draft.editId,
		callId,
		accepted: approved ? ids : [],
		rejected: approved ? [] : ids,
		...(comment ? { comment } : {}),
	};
}

/** Stop settles every draft waiting for review as rejected; it is never written later. */
export function stopReviews(thread: Pick<ThreadHandle, "state" | "append">): void {
	settleOpenReviews(thread, "stopped", `${STOPPED_MESSAGE}: the draft was not written.`);
}
