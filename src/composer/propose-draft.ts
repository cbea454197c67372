/**
 * Review before write, first half: a validated draft (draftIntent, draftExecute) becomes the
 * changes the user reviews. The whole draft and its base are kept in the Store (draft-store.ts)
 * before edit_proposed is appended, so the review survives a restart; nothing is written to the
 * note. A draft that changes nothing is answered as such, with no review. The validation's doubts
 * (validate.ts, `doubts: "warn"`) travel with the changes, for the card to show.
 */
import type { Store } from "../store/store";
import { saveDraft } from "./draft-store";
import type { Drafted, EditOutcome } from "./edit-outcome";
import type { EditSession } from "./edit-session";
import { changesBetween } from "./review/changes";
import { toModelText } from "./text-format";

/** Offered for review (`changes` of them), or the outcome that settles the call without one. */
export type Proposal = { offered: true; editId: string; changes: number } | EditOutcome;

export async function proposeDraft(
	drafts: Store,
	drafted: Drafted,
	session: Pick<EditSession, "threadId" | "callId" | "emit">,
): Promise<Proposal> {
	const { editId, path, description, base, proposed, notes, dropped, warnings, usage } = drafted;
	const unchanged: EditOutcome = { status: "no-op", kind: "unchanged", editId, path, notes, kept: dropped };
	if (base !== null && base === proposed) return unchanged;
	const changes = changesBetween(toModelText(base ?? ""), toModelText(proposed));
	// Only the bytes' format differs (a BOM, line endings): nothing a person could review.
	if (changes.length === 0 && base !== null) return unchanged;
	await saveDraft(drafts, session.threadId, session.callId, {
		editId,
		path,
		description,
		base,
		draft: proposed,
		notes,
		dropped,
	});
	session.emit({
		type: "edit_proposed",
		editId,
		callId: session.callId,
		path,
		changes,
		...(warnings && warnings.length > 0 ? { warnings } : {}),
		...(usage ? { usage } : {}),
	});
	return { offered: true, editId, changes: changes.length };
}
