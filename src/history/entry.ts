/**
 * Building a history entry from a change: its patch, the user's edits since the previous entry
 * (the gap) and the hashes. A large note is split into lines at most once per text here, and the
 * callers hand over what they already computed (a revert has the patch and the gap at hand).
 */
import type { StructuredPatch } from "diff";
import { countLines, patchOfLines } from "./patch";
import type { NoteRecord, StoredEntry } from "./record";
import { splitLines, textHash } from "./text";
import type { EditRef, HistoryKind, MoveMark } from "./types";

/** What to commit: the kind, the texts and the entry's extra fields. */
export interface Change {
	kind: HistoryKind;
	before: string;
	after: string;
	description: string;
	threadId?: string;
	editId?: string;
	reverts?: string[];
	revertedEdits?: EditRef[];
	restoredEdits?: EditRef[];
	trashed?: boolean;
	recreated?: boolean;
	move?: MoveMark;
	notRestored?: string[];
	/** The patch before → after, when the caller already has it. */
	patch?: StructuredPatch;
	/** The user's edits from the record's snapshot to `before`, when the caller already has them. */
	gap?: StructuredPatch;
	/** `after` split into lines, when the caller has them and will not change them. */
	afterLines?: readonly string[];
}

export interface Built {
	entry: StoredEntry;
	/** `change.after` as lines, when known: the next snapshot's lines. */
	afterLines?: readonly string[];
}

/** snapshotLines: the record's snapshot as lines (called only when the gap is needed). */
export function buildEntry(
	rec: NoteRecord,
	path: string,
	change: Change,
	ids: { versionId: string; at: string },
	snapshotLines: () => readonly string[],
): Built {
	let beforeLines: readonly string[] | undefined;
	let afterLines = change.afterLines;
	let patch = change.patch;
	if (!patch) {
		beforeLines = splitLines(change.before);
		afterLines ??= splitLines(change.after);
		patch = patchOfLines(beforeLines, afterLines);
	}
	const { added, removed } = countLines(patch);
	const last = rec.entries[rec.entries.length - 1];
	// Hashing a large note costs milliseconds: reuse the hash when the text is the snapshot.
	const beforeHash = last && change.before === rec.snapshot ? last.afterHash : textHash(change.before);
	const entry: StoredEntry = {
		versionId: ids.versionId,
		path,
		at: ids.at,
		description: change.description,
		kind: change.kind,
		...(change.threadId !== undefined ? { threadId: change.threadId } : {}),
		...(change.editId !== undefined ? { editId: change.editId } : {}),
		patch,
		beforeHash,
		afterHash: textHash(change.after),
		added,
		removed,
		...(change.reverts ? { reverts: change.reverts } : {}),
		...(change.revertedEdits?.length ? { revertedEdits: change.revertedEdits } : {}),
		...(change.restoredEdits?.length ? { restoredEdits: change.restoredEdits } : {}),
		...(change.trashed ? { trashed: true } : {}),
		...(change.recreated ? { recreated: true } : {}),
		...(change.move ? { move: change.move } : {}),
		...(change.notRestored?.length ? { notRestored: change.notRestored } : {}),
	};
	if (last && rec.snapshot !== change.before) {
		entry.gap = change.gap ?? patchOfLines(snapshotLines(), beforeLines ?? splitLines(change.before));
	}
	return afterLines ? { entry, afterLines } : { entry };
}

/**
 * The entry rewritten to end at `after` instead (its before, gap and ids kept): a move records
 * what the host did where it differed from the plan recorded before the move. The new lines.
 */
export function amendEntry(entry: StoredEntry, before: string, after: string, move?: MoveMark): readonly string[] {
	const afterLines = splitLines(after);
	entry.patch = patchOfLines(splitLines(before), afterLines);
	const { added, removed } = countLines(entry.patch);
	entry.afterHash = textHash(after);
	entry.added = added;
	entry.removed = removed;
	if (move) entry.move = move;
	return afterLines;
}
