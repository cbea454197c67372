/**
 * A turn asked from "Edit selection with Redline" (issue 34) carries its passage on the user's
 * message; every draft of that turn is confined to it (confine.ts) before anyone sees or writes
 * it: a draft of another note, or of no note yet, is refused; a draft that strayed is cut to the
 * passage with a warning the review shows; a draft made while the user edited the passage is
 * refused (the note is read again once the draft is made), so their text stays as they typed it.
 */
import type { EditSelection } from "../log/events";
import type { ThreadState } from "../log/state";
import { confineToPassage, locatePassage } from "./confine";
import type { Drafted, EditOutcome } from "./edit-outcome";
import type { EditSession } from "./edit-session";
import { toModelText, toNoteText } from "./text-format";

/** The passage the turn in progress is confined to, if it was asked as an edit in place. */
export function turnSelection(state: ThreadState): EditSelection | undefined {
	const turn = state.turns.at(-1);
	if (!turn) return undefined;
	const message = state.messages.find((m) => m.kind === "user" && m.messageId === turn.userMessageId);
	return message?.kind === "user" ? message.selection : undefined;
}

/**
 * The draft as the turn's passage allows it. `current`: the note as it is now (read after the
 * draft was made), to catch the user editing the passage meanwhile.
 */
export function confineDraft(
	drafted: Drafted,
	selection: EditSelection | undefined,
	current?: string,
): Drafted | EditOutcome {
	if (!selection) return drafted;
	const { editId, path, base } = drafted;
	const refuse = (reason: OutsideReason): EditOutcome => ({
		status: "rejected",
		kind: "outside-selection",
		reason,
		selectionPath: selection.path,
		editId,
		path,
	});
	if (path !== selection.path || base === null) return refuse("other-note");
	if (current !== undefined && !locatePassage(toModelText(current), selection)) return refuse("selection-changed");
	const confined = confineToPassage(toModelText(base), toModelText(drafted.proposed), selection);
	if (!confined.ok) return refuse(confined.reason);
	if (confined.cut === 0) return drafted;
	const changes = confined.cut === 1 ? "1 change" : `${confined.cut} changes`;
	return {
		...drafted,
		proposed: toNoteText(confined.proposed, base),
		notes: { ...drafted.notes, cutToSelection: confined.cut },
		warnings: [...(drafted.warnings ?? []), `Cut to the selection: ${changes} outside it left out.`],
	};
}

/** confineDraft for a draft just made in a session: the note is read again to see it as it is now. */
export async function confineSessionDraft(
	drafted: Drafted | EditOutcome,
	session: Pick<EditSession, "state" | "vault">,
): Promise<Drafted | EditOutcome> {
	const selection = turnSelection(session.state());
	if (!selection || !("proposed" in drafted)) return drafted;
	let current: string | undefined;
	try {
		if (drafted.path === selection.path) current = await session.vault.read(drafted.path);
	} catch {
		current = undefined;
	}
	return confineDraft(drafted, selection, current);
}

export type OutsideReason = "other-note" | "selection-changed" | "outside-only" | "beside";
