/**
 * Review before write, second half: the user decided each change of a draft (edit_reviewed), and
 * exactly the accepted ones are written (the user's own text for a replaced one), through the
 * same compare-and-swap and history as any edit (commit.ts), so the history entry holds only
 * what was written and Revert undoes exactly that.
 *
 * The user may have typed into the note while the draft waited. Each accepted change is placed
 * onto that typing on its own (review/merge-typing.ts): one that overlaps it is refused and named,
 * the others are written, and the typing is kept; the write is then a compare-and-swap against
 * the note as read with the typing, so the history entry holds only the changes written. Nothing is written when every change was rejected
 * or refused, or when the kept draft cannot be read back.
 */
import type { NoteHistory } from "../history/types";
import type { DraftView } from "../log/state";
import type { Store } from "../store/store";
import { commitEdit } from "./commit";
import { loadDraft } from "./draft-store";
import type { EditOutcome } from "./edit-outcome";
import type { EditSession } from "./edit-session";
import { decideReview } from "./review/decide";
import { mergeOntoTyping } from "./review/merge-typing";
import { toModelText, toNoteText } from "./text-format";

export interface ReviewDeps {
	history: NoteHistory;
	/** Where drafts wait for review (draft-store.ts). */
	drafts: Store;
}

/** What became of a reviewed draft, as data; src/tools/edit-result.ts words it for the model. */
export type ReviewedEdit = {
	editId: string;
	path: string;
	/** Accepted and written, in document order. */
	kept: string[];
	/** Rejected by the user, in document order. */
	rejected: string[];
	/** Accepted changes the user rewrote, with their text. */
	rewritten: { changeId: string; text: string }[];
	/** Accepted changes not written because the user's typing since the draft overlaps them (lines of the current note). */
	refused: { changeId: string; lines: number[] }[];
	comment?: string;
} &
	/** The write (absent when nothing was left to write). */
	(
		| { ok: true; written?: EditOutcome }
		/** The review could not be carried out; nothing was written. */
		| { ok: false; message: string }
	);

export async function writeReviewed(deps: ReviewDeps, draft: DraftView, session: EditSession): Promise<ReviewedEdit> {
	const decision = draft.reviewed ?? { accepted: [], rejected: draft.changes.map((c) => c.changeId) };
	const replaced = decision.replaced ?? {};
	const about = {
		editId: draft.editId,
		path: draft.path,
		rejected: draft.changes.filter((c) => decision.rejected.includes(c.changeId)).map((c) => c.changeId),
		rewritten: draft.changes
			.filter((c) => replaced[c.changeId] !== undefined && decision.accepted.includes(c.changeId))
			.map((c) => ({ changeId: c.changeId, text: replaced[c.changeId] ?? "" })),
		...(decision.comment !== undefined ? { comment: decision.comment } : {}),
	};
	const accepted = draft.changes.filter((c) => decision.accepted.includes(c.changeId)).map((c) => c.changeId);
	if (accepted.length === 0) return { ...about, ok: true, kept: [], refused: [] };

	const failed = (message: string): ReviewedEdit => ({ ...about, ok: false, kept: [], refused: [], message });
	const record = await loadDraft(deps.drafts, session.threadId, session.callId);
	if (!record) return failed(`Redline could not read back the draft of ${draft.path}; nothing was written.`);
	const base = toModelText(record.base ?? "");

	// The user's typing since the draft: each accepted change merged onto it on its own.
	let current: string | null;
	try {
		current = (await session.vault.exists(record.path)) ? await session.vault.read(record.path) : null;
	} catch (error) {
		return failed(
			`Reading ${record.path} failed (${error instanceof Error ? error.message : String(error)}); nothing was written.`,
		);
	}
	// The decision again, against the kept texts: the changes are recomputed from them (the ids
	// edit_proposed carried) and every one must be decided; anything that does not fit writes nothing.
	const decided = decideReview(base, toModelText(record.draft), { accepted, rejected: about.rejected, replaced });
	if (!decided.ok) return failed(`${decided.message} Nothing was written.`);
	let onto = record.base;
	let text = decided.text;
	let kept = decided.written.map((c) => c.changeId);
	let refused: ReviewedEdit["refused"] = [];
	if (record.base !== null && current !== null && current !== record.base) {
		// The user typed since the draft: each change placed onto their text on its own.
		const merged = mergeOntoTyping(base, toModelText(current), decided.written);
		onto = current;
		text = merged.text;
		kept = merged.written.map((w) => w.changeId);
		refused = merged.refused.map((r) => ({ changeId: r.changeId, lines: r.lines }));
	}
	if (kept.length === 0) return { ...about, ok: true, kept, refused };
	// Every change as drafted, onto the untouched note: the draft itself, byte for byte.
	const whole = onto === record.base && kept.length === draft.changes.length && Object.keys(replaced).length === 0;
	const proposed = whole ? record.draft : toNoteText(text, onto);
	const written = await commitEdit({
		history: deps.history,
		ctx: session,
		editId: record.editId,
		path: record.path,
		description: record.description,
		base: onto,
		proposed,
		notes: record.notes,
		dropped: record.dropped,
	});
	return { ...about, ok: true, kept, refused, written };
}
