/**
 * The per-note history's public surface (issue: per-note diff history). Every write Redline makes
 * goes through NoteHistory, which records the entry before writing and writes by compare-and-swap,
 * so the composer (edits) and the revert commands share one merge mechanism.
 */
import type { StructuredPatch } from "diff";

/**
 * "delete": the note was moved to the trash (deleteNote); reverting it brings the note back.
 * "move": the note was moved or renamed (moveNote); reverting it moves it back and restores the
 * links the move rewrote in other notes (HistoryEntry.move).
 */
export type HistoryKind = "edit" | "create" | "revert" | "delete" | "move";

/**
 * A move, on the moved note's entry (a `move`, or the `revert` that moved it back): where from and
 * where to, and the entries that rewrote links in other notes (one `edit` entry each, in their
 * own histories), so that one revert undoes the move and all of them.
 */
export interface MoveMark {
	from: string;
	to: string;
	links: Array<{ path: string; versionId: string }>;
}

/**
 * A thread's edit as a revert entry remembers it, so that the thread can be told (edit_reverted)
 * even once the edit's own entry has left the kept history. undid: the entry whose undoing took
 * the edit out or put it back (the edit's own entry, or an earlier revert).
 */
export interface EditRef {
	threadId: string;
	editId: string;
	undid: string;
}

export interface HistoryEntry {
	versionId: string;
	path: string;
	at: string;
	description: string;
	kind: HistoryKind;
	threadId?: string;
	editId?: string;
	/** Forward patch from the text before the write to the text after it. */
	patch: StructuredPatch;
	beforeHash: string;
	afterHash: string;
	added: number;
	removed: number;
	/** For a revert entry: the versions it undid. */
	reverts?: string[];
	/** For a revert entry: the threads' edits whose change it took out of the note. */
	revertedEdits?: EditRef[];
	/** For a revert entry: the threads' edits it put back (it undid an earlier revert of them). */
	restoredEdits?: EditRef[];
	/** The note was moved by this entry (see MoveMark). */
	move?: MoveMark;
	/** For a revert that moved the note back: the linking notes whose links it could not put back (edited since on the link's line). */
	notRestored?: string[];
}

export interface WriteRequest {
	path: string;
	/** The text the change was computed from (what the apply model saw). */
	base: string;
	/** The text the change wants. */
	proposed: string;
	description: string;
	threadId?: string;
	editId?: string;
}

export interface CreateRequest {
	path: string;
	content: string;
	description: string;
	threadId?: string;
	editId?: string;
}

export interface TrashRequest {
	path: string;
	description: string;
	threadId?: string;
	editId?: string;
}

export interface MoveRequest {
	path: string;
	newPath: string;
	description: string;
	threadId?: string;
	editId?: string;
}

export type WriteOutcome =
	/**
	 * Written. `rebased` when the user had typed meanwhile and the change was merged onto it.
	 * `notRestored`: for a move undone, the notes whose links could not be put back (edited since).
	 */
	| { status: "written"; entry: HistoryEntry; text: string; rebased: boolean; notRestored?: string[] }
	/** Nothing to change. */
	| { status: "no-op"; message: string }
	/** The user's text and the change overlap: nothing written. */
	| { status: "conflict"; message: string; conflictLines: number[] }
	/** `saysNothingWritten`: the message already tells that nothing was written (the history's own failures do). */
	| { status: "error"; message: string; saysNothingWritten?: true };

export interface NoteHistory {
	/** Writes a change to an existing note by compare-and-swap against `base` (merge or refuse). */
	write(request: WriteRequest): Promise<WriteOutcome>;
	/** Creates a new note (fails if it exists), recording a `create` entry. */
	create(request: CreateRequest): Promise<WriteOutcome>;
	/**
	 * Moves the note to the trash (the host's trash: Obsidian's setting, `.trash/` in the sandbox),
	 * recording a `delete` entry that holds its text first, so reverting the delete brings the note
	 * back with the same text. `text` of the outcome is "".
	 */
	trash(request: TrashRequest): Promise<WriteOutcome>;
	/**
	 * Moves or renames the note (Vault.rename: links in other notes updated as the host does),
	 * recording a `move` entry on the note and an `edit` entry in each note whose links changed,
	 * so that undoing the move moves it back and restores those links, merged onto later typing.
	 * Refuses when `newPath` exists. `text` of the outcome is the note's text at `newPath`.
	 */
	move(request: MoveRequest): Promise<WriteOutcome>;
	/** Entries for the note, newest first. */
	list(path: string): Promise<HistoryEntry[]>;
	/**
	 * Without versionId: undoes the newest entry. With it: returns the note to version X by undoing
	 * every entry newer than X, newest first. Merges onto the user's later typing, or refuses.
	 * laterChanges: how many entries after X the caller said it would undo; another count refuses.
	 */
	revert(path: string, versionId?: string, laterChanges?: number): Promise<WriteOutcome>;
	/**
	 * Undoes exactly the change versionId (an edit, a create, a revert), merged onto today's text:
	 * every later change stays, or nothing is written (conflict). `path` may be the note's name
	 * before a rename: the history finds the note that holds versionId. The written entry names
	 * the note's current path.
	 */
	undo(path: string, versionId: string): Promise<WriteOutcome>;
	/**
	 * Where the note whose history holds versionId is now (renames followed), or null when no kept
	 * history holds it. `path` is where the caller last knew the note.
	 */
	locate(path: string, versionId: string): Promise<string | null>;
}
