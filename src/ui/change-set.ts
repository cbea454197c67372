/**
 * A change set (issue 31): the edits one reply drafted for review, with its moves and deletes
 * (asked about, as they have no draft), shown as one card. Which edits of a message form it, and
 * each note's state in words, from the log alone.
 */
import { callIsDrafting } from "../log/newest-message";
import type { EditView, ThreadState, ToolCallView } from "../log/state";
import type { ReviewChange } from "../log/events";

/** drafting: the apply model is at it; waiting: offered for review; reviewed: the user decided; settled: decided for them (a new message, Stop); failed: no draft could be offered (its card says why). */
export type SetNoteState = "drafting" | "waiting" | "reviewed" | "settled" | "failed";

export interface SetNote {
	edit: EditView;
	calls: ToolCallView[];
	/** The call whose draft is being made or offered. */
	call: ToolCallView;
	state: SetNoteState;
	added: number;
	removed: number;
}

/** Lines a text holds, counting a last line without its newline. */
function lineCount(text: string): number {
	if (text === "") return 0;
	return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/** "+a −r" of a draft: the lines its changes take out and put in. */
export function draftLines(changes: readonly ReviewChange[]): { added: number; removed: number } {
	let added = 0;
	let removed = 0;
	for (const change of changes) {
		added += lineCount(change.after);
		removed += lineCount(change.before);
	}
	return { added, removed };
}

/** A call the user is asked about (no draft): waiting until decided, then done or not applied. */
function askedState(call: ToolCallView): SetNoteState {
	if (call.phase === "proposed" && call.decision === undefined) return "waiting";
	const skipped = call.phase === "denied" || call.decision === "denied" || call.reason !== undefined;
	return skipped ? "settled" : "reviewed";
}

/**
 * The edits of one assistant message that were drafted for review (or are being drafted), in the
 * message's order; a set only when there are two or more (one draft is its own card).
 */
export function changeSetOf(
	state: ThreadState,
	callIds: readonly string[],
	callsByEdit: Map<string, ToolCallView[]>,
): SetNote[] | null {
	const notes: SetNote[] = [];
	for (const callId of callIds) {
		const first = state.toolCalls[callId];
		const edit = first?.editId ? state.edits[first.editId] : undefined;
		if (!first || !edit || edit.callId !== callId) continue;
		const calls = callsByEdit.get(edit.editId) ?? [first];
		// A move or a delete has no draft: it joins the set as a note the user is asked about.
		if (edit.operation === "move" || edit.operation === "delete") {
			notes.push({ edit, calls, call: first, state: askedState(first), added: 0, removed: 0 });
			continue;
		}
		const drafted = [...calls].reverse().find((call) => call.draft !== undefined);
		const drafting = calls.find(callIsDrafting);
		// An intent drafted before anyone decided it, whose draft failed or was refused: still one of the set.
		const failed = first.phase === "completed" && first.decision === undefined ? first : undefined;
		const call = drafted ?? drafting ?? failed;
		if (!call) continue;
		const draft = call.draft;
		const state_: SetNoteState = !draft
			? call === failed
				? "failed"
				: "drafting"
			: !draft.reviewed
				? state.openReviews.includes(call.callId)
					? "waiting"
					: "settled"
				: draft.reviewed.reason !== undefined
					? "settled"
					: "reviewed";
		notes.push({ edit, calls, call, state: state_, ...draftLines(draft?.changes ?? []) });
	}
	return notes.length >= 2 ? notes : null;
}
