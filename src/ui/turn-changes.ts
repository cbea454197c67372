/**
 * What one turn changed, note by note (issue 31's "N notes · +a −r" under the turn), from the
 * log alone: the turn's edits that were written, each in effect or undone, and whether anything
 * is left for "Undo this turn". Pure, so the pane and its tests read the same summary.
 */
import type { EditView, ThreadState, TurnView } from "../log/state";

export interface TurnNoteChange {
	editId: string;
	path: string;
	added: number;
	removed: number;
	/** Undone now (by Undo this turn, the card's Revert or any other route). */
	undone: boolean;
}

export interface TurnChangeSummary {
	notes: TurnNoteChange[];
	added: number;
	removed: number;
	/** Writes still in effect: what Undo this turn would take back. */
	inEffect: number;
}

/** The turn's written edits, in the order they were declared; null when it wrote nothing. */
export function turnChanges(state: ThreadState, turn: TurnView): TurnChangeSummary | null {
	const calls = new Set(turn.callIds);
	const written: EditView[] = Object.values(state.edits).filter((edit) => calls.has(edit.callId) && edit.applied);
	if (written.length === 0) return null;
	const notes = written.map((edit) => ({
		editId: edit.editId,
		path: edit.path,
		added: edit.applied?.added ?? 0,
		removed: edit.applied?.removed ?? 0,
		undone: edit.reverted !== undefined,
	}));
	const live = notes.filter((note) => !note.undone);
	return {
		notes,
		added: live.reduce((sum, note) => sum + note.added, 0),
		removed: live.reduce((sum, note) => sum + note.removed, 0),
		inEffect: live.length,
	};
}

/** "5 notes", "1 note": how many distinct notes the turn wrote. */
export function notesCount(summary: TurnChangeSummary): string {
	const count = new Set(summary.notes.map((note) => note.path)).size;
	return count === 1 ? "1 note" : `${count} notes`;
}
