/**
 * How the history is persisted through the Store port:
 *   history/index.json            { [notePath]: noteId }  (renames move the mapping, not the data)
 *   history/notes/<noteId>.json   NoteRecord
 *
 * A record keeps patches, not snapshots, plus ONE snapshot per note: the text after the newest
 * entry. From it every kept version is rebuilt exactly by applying the patches backwards. Each
 * entry also keeps `gap`, the user's edits between the previous entry's after-text and this
 * entry's before-text, so the chain stays exact even when the user typed between agent writes.
 * The snapshot is also what lets a note the user deleted be restored.
 */
import type { StructuredPatch } from "diff";
import type { Store } from "../store/store";
import { unapplyLines } from "./patch";
import type { HistoryEntry } from "./types";
import { splitLines, textHash } from "./text";

export interface StoredEntry extends HistoryEntry {
	/** User edits from the previous entry's after-text to this entry's before-text. */
	gap?: StructuredPatch;
	/** This revert moved the note to the trash (it undid a create). */
	trashed?: boolean;
}

export interface NoteRecord {
	v: 1;
	noteId: string;
	path: string;
	/** The note's text after the newest entry. */
	snapshot: string;
	/** Oldest first. */
	entries: StoredEntry[];
}

/** An entry with its texts rebuilt, as lines (see splitLines; join("") gives the text). */
export interface Version {
	entry: StoredEntry;
	before: string[];
	after: string[];
}

const INDEX_KEY = "history/index.json";
const recordKey = (noteId: string) => `history/notes/${noteId}.json`;

export class RecordStore {
	private index: Record<string, string> | null = null;
	/** Records already read (the history is the only writer of its keys, one operation at a time). */
	private readonly cache = new Map<string, NoteRecord>();

	constructor(private readonly store: Store) {}

	async noteId(path: string): Promise<string | undefined> {
		return (await this.loadIndex())[path];
	}

	async load(path: string): Promise<NoteRecord | null> {
		const id = await this.noteId(path);
		if (id === undefined) return null;
		let record = this.cache.get(id);
		if (!record) {
			const raw = await this.store.read(recordKey(id));
			if (raw === null) return null;
			record = JSON.parse(raw) as NoteRecord;
			const newest = record.entries[record.entries.length - 1];
			// Checked once when read from the store; later the cache only holds what we wrote.
			if (newest && textHash(record.snapshot) !== newest.afterHash) throw damaged(record, newest);
			this.cache.set(id, record);
		}
		record.path = path;
		return record;
	}

	async save(record: NoteRecord): Promise<void> {
		this.cache.set(record.noteId, record);
		await this.store.write(recordKey(record.noteId), JSON.stringify(record));
		const index = await this.loadIndex();
		if (index[record.path] !== record.noteId) {
			index[record.path] = record.noteId;
			await this.saveIndex();
		}
	}

	/** Forgets a record (a new create on the same path starts a fresh history). */
	async drop(record: NoteRecord): Promise<void> {
		const index = await this.loadIndex();
		if (index[record.path] === record.noteId) delete index[record.path];
		await this.saveIndex();
		this.cache.delete(record.noteId);
		await this.store.remove(recordKey(record.noteId));
	}

	/** Moves the mapping of a renamed note, or of every note under a renamed folder. */
	async rename(oldPath: string, newPath: string): Promise<void> {
		const index = await this.loadIndex();
		let moved = false;
		for (const [path, id] of Object.entries(index)) {
			let target: string | null = null;
			if (path === oldPath) target = newPath;
			else if (path.startsWith(oldPath + "/")) target = newPath + path.slice(oldPath.length);
			if (target === null) continue;
			delete index[path];
			index[target] = id;
			moved = true;
		}
		if (moved) await this.saveIndex();
	}

	private async loadIndex(): Promise<Record<string, string>> {
		if (this.index === null) {
			const raw = await this.store.read(INDEX_KEY);
			this.index = raw === null ? {} : (JSON.parse(raw) as Record<string, string>);
		}
		return this.index;
	}

	private async saveIndex(): Promise<void> {
		await this.store.write(INDEX_KEY, JSON.stringify(this.index ?? {}));
	}
}

/**
 * Rebuilds before/after texts of every entry, oldest first, walking back from the snapshot.
 * Throws when a hash does not match (a damaged record), so nothing is written from bad texts.
 */
export function rebuildVersions(record: NoteRecord): Version[] {
	const versions: Version[] = [];
	// The snapshot's hash was checked when the record was read; each step checks that the
	// lines it removes are the patch's own.
	let text = splitLines(record.snapshot);
	for (let i = record.entries.length - 1; i >= 0; i--) {
		const entry = record.entries[i];
		const before = unapplyLines(entry.patch, text);
		if (before === false) throw damaged(record, entry);
		versions.unshift({ entry, before, after: text });
		if (i > 0) {
			const previous = entry.gap ? unapplyLines(entry.gap, before) : before;
			if (previous === false) throw damaged(record, entry);
			text = previous;
		}
	}
	return versions;
}

function damaged(record: NoteRecord, entry: StoredEntry): Error {
	return new Error(`The Redline history of ${record.path} is damaged at version ${entry.versionId}; it cannot be used to revert.`);
}
