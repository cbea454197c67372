/**
 * Which threads' edits a revert takes out of a note, and which it puts back, so the threads that
 * made them can be told (the thread service appends edit_reverted). Worked out when the revert is
 * planned, while the undone entries are at hand, and kept on the revert's own entry: a later
 * revert of this revert then knows whose edits come back even after their entries were dropped.
 */
import type { EditRef, HistoryEntry } from "./types";

export interface RevertMarks {
	/** The versions undone, newest first. */
	reverts: string[];
	revertedEdits: EditRef[];
	restoredEdits: EditRef[];
}

/**
 * entries: the note's entries, oldest first; those after `keep` are undone, newest first. Each
 * undone entry decides the fate of the edits it touches; an older one decides last, because the
 * note ends at the text before it (undoing an edit and then the revert that had undone it leaves
 * the edit undone).
 */
export function revertMarks(entries: readonly HistoryEntry[], keep: number): RevertMarks {
	return marksOf(entries.slice(keep + 1).reverse(), entries);
}

/** The marks of undoing `undone` (newest first), a subset of `entries` (oldest first): one entry when a single change is undone. */
export function marksOf(undone: readonly HistoryEntry[], entries: readonly HistoryEntry[]): RevertMarks {
	const fate = new Map<string, { ref: EditRef; restored: boolean }>();
	const decide = (threadId: string, editId: string, undid: string, restored: boolean) => {
		fate.set(`${threadId}\u0000${editId}`, { ref: { threadId, editId, undid }, restored });
	};
	for (const entry of undone) {
		if (entry.kind !== "revert") {
			if (entry.threadId !== undefined && entry.editId !== undefined)
				decide(entry.threadId, entry.editId, entry.versionId, false);
			continue;
		}
		for (const ref of reverted(entry, entries)) decide(ref.threadId, ref.editId, entry.versionId, true);
		for (const ref of entry.restoredEdits ?? []) decide(ref.threadId, ref.editId, entry.versionId, false);
	}
	const marks: RevertMarks = { reverts: undone.map((e) => e.versionId), revertedEdits: [], restoredEdits: [] };
	for (const { ref, restored } of fate.values()) (restored ? marks.restoredEdits : marks.revertedEdits).push(ref);
	return marks;
}

/** The edits a revert entry took out; an entry written before revertedEdits existed names only versions. */
function reverted(entry: HistoryEntry, entries: readonly HistoryEntry[]): Array<{ threadId: string; editId: string }> {
	if (entry.revertedEdits) return entry.revertedEdits;
	const named = new Set(entry.reverts ?? []);
	return entries.flatMap((e) =>
		named.has(e.versionId) && e.kind !== "revert" && e.threadId !== undefined && e.editId !== undefined
			? [{ threadId: e.threadId, editId: e.editId }]
			: [],
	);
}
