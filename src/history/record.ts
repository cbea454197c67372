/**
 * How the history is persisted through the Store port:
 *   history/index.json            { [notePath]: noteId }  (renames move the mapping, not the data)
 *   history/notes/<noteId>.json   NoteRecord as a base line, then appended lines (record-log.ts)
 *
 * A record keeps patches, not snapshots, plus ONE snapshot per note: the text after the newest
 * entry. From it every kept version is rebuilt exactly by applying the patches backwards. Each
 * entry also keeps `gap`, the user's edits between the previous entry's after-text and this
 * entry's before-text, so the chain stays exact even when the user typed between agent writes.
 * The snapshot is also what lets a note the user deleted be restored.
 *
 * On disk, a change is written in proportion to its size (issue 32): a large record's file is its
 * base (the record as it was at some point, snapshot included) and one appended line per change
 * since; it is rewritten whole (compacted) only when the lines outgrow the base or number
 * MAX_TAIL_LINES, when it is small (SMALL_BASE: rewriting it costs less than keeping a tail),
 * and on renames. In memory a record is the whole NoteRecord, as before.
 *
 * A record or index that is not what we wrote (torn, hand-edited, failing its hash) is never used
 * and never deleted: it is moved to `<key>.damaged-<time>` and the note starts a fresh record
 * (the index is rebuilt from the records, which name their notes). A record keeps its note's
 * current path (renames rewrite it), so a rebuilt index never maps a history to a note that merely
 * took its old path; a record from before that (v1) is mapped only when the history confirms it.
 * The history of a deleted note is set aside (`<key>.replaced-<time>`) when a new note is created
 * at its path: the new note starts fresh, and nothing is deleted.
 */
import type { StructuredPatch } from "diff";
import type { Store } from "../store/store";
import { unapplyLines } from "./patch";
import type { HistoryEntry } from "./types";
import { HISTORY_INDEX_KEY } from "./presence";
import { parseIndex } from "./record-check";
import { encodeOp, parseStored, type LogOp, type StoredRecord } from "./record-log";
import { splitLines } from "./text";

export interface StoredEntry extends HistoryEntry {
	/** User edits from the previous entry's after-text to this entry's before-text. */
	gap?: StructuredPatch;
	/** This entry moved the note to the trash (a revert that undid a create, or a delete). */
	trashed?: boolean;
	/** This revert brought a trashed note back: undoing it moves the note to the trash again. */
	recreated?: boolean;
}

export interface NoteRecord {
	/** 2: `path` is kept current across renames; 1: written before that, `path` may be stale. */
	v: 1 | 2;
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

const INDEX_KEY = HISTORY_INDEX_KEY;
const NOTES = "history/notes/";
const recordKey = (noteId: string) => `${NOTES}${noteId}.json`;
/** Below this many characters a record is rewritten whole at each change (cheaper than a tail to replay). */
const SMALL_BASE = 8 * 1024;
/** Appended lines past which the record is compacted: bounds the replay when it is read. */
const MAX_TAIL_LINES = 256;

/** What was last read or written of a record's file (see StoredRecord), kept to append to it. */
type OnDisk = Omit<StoredRecord, "record" | "lines">;

/** A record as read: null when the note has none; `damage` says what was set aside and why. */
export interface Opened {
	record: NoteRecord | null;
	damage?: string;
}

export class RecordStore {
	private index: Record<string, string> | null = null;
	/** Records already read (the history is the only writer of its keys, one operation at a time). */
	private readonly cache = new Map<string, NoteRecord>();
	/** Each cached record's file as it is on disk; absent: the next save rewrites it whole. */
	private readonly disk = new Map<string, OnDisk>();
	/** Each cached record's snapshot as lines, while it is that snapshot (splitting 1 MB costs ms). */
	private readonly lines = new WeakMap<NoteRecord, { text: string; lines: readonly string[] }>();

	/** confirmsPath: whether a record read while rebuilding the index really belongs to the note at its path. */
	constructor(
		private readonly store: Store,
		private readonly now: () => Date = () => new Date(),
		private readonly confirmsPath: (record: NoteRecord) => Promise<boolean> = () => Promise.resolve(true),
	) {}

	/** The record's snapshot split into lines; callers must not change the array. */
	snapshotLines(record: NoteRecord): readonly string[] {
		const known = this.lines.get(record);
		if (known && known.text === record.snapshot) return known.lines;
		const lines = splitLines(record.snapshot);
		this.rememberLines(record, lines);
		return lines;
	}

	/** Lines of record.snapshot that the caller already has and will not change. */
	rememberLines(record: NoteRecord, lines: readonly string[]): void {
		this.lines.set(record, { text: record.snapshot, lines });
	}

	async noteId(path: string): Promise<string | undefined> {
		return (await this.loadIndex())[path];
	}

	/** The note's record; a damaged one is set aside (see setAside) and reads as none. */
	async load(path: string): Promise<NoteRecord | null> {
		return (await this.open(path)).record;
	}

	async open(path: string): Promise<Opened> {
		const id = await this.noteId(path);
		if (id === undefined) return { record: null };
		let record = this.cache.get(id);
		if (!record) {
			const raw = await this.store.read(recordKey(id));
			if (raw === null) return { record: null };
			// Checked once when read from the store; later the cache only holds what we wrote.
			const parsed = parseStored(raw, id);
			if (typeof parsed === "string") return { record: null, damage: await this.setAside(path, id, raw, parsed) };
			const { record: read, lines, ...disk } = parsed;
			record = read;
			this.cache.set(id, record);
			this.disk.set(id, disk);
			if (lines) this.rememberLines(record, lines);
		}
		// The file names the note's path too (a rebuilt index reads it): a new path is written whole at the next save.
		if (record.path !== path) this.disk.delete(id);
		record.path = path;
		return { record };
	}

	/** Sets aside a record found damaged while in use (a patch that does not fit its text). */
	async setAsideRecord(record: NoteRecord, reason: string): Promise<string> {
		const raw = (await this.store.read(recordKey(record.noteId))) ?? JSON.stringify(record);
		return this.setAside(record.path, record.noteId, raw, reason);
	}

	/** Writes the record whole: a new base with nothing appended (a compaction). */
	async save(record: NoteRecord): Promise<void> {
		// Opened through the index, so its path is the index's, current: v2 says so.
		record.v = 2;
		this.cache.set(record.noteId, record);
		const base = JSON.stringify(record) + "\n";
		await this.persist(record, () => this.store.write(recordKey(record.noteId), base));
		this.disk.set(record.noteId, { baseSize: base.length, tailSize: 0, tailLines: 0, clean: true, appended: [] });
		await this.mapPath(record);
	}

	/** Persists `entry`, just pushed onto the record (and `drop` oldest entries dropped): one appended line when it can. */
	async saveEntry(record: NoteRecord, entry: StoredEntry, drop: number): Promise<void> {
		// An entry is appended after another (its gap starts from that one's after-text), never onto none.
		const follows = record.entries.length > 1 || drop > 0;
		const line = follows ? encodeOp({ op: "entry", entry, drop }) : null;
		if (line && (await this.append(record, line))) this.disk.get(record.noteId)?.appended.push(entry.versionId);
		else await this.save(record);
	}

	/** Persists the record after its newest entry, versionId, was taken back (record()'s undo). */
	async saveUndo(record: NoteRecord, versionId: string): Promise<void> {
		const appended = this.disk.get(record.noteId)?.appended;
		// Only an appended entry is taken back by a line: its line says which entries to put back.
		if (appended?.at(-1) === versionId && (await this.append(record, encodeOp({ op: "undo", versionId }))))
			appended.pop();
		else await this.save(record);
	}

	/** Persists the record after its newest entry was amended (amendEntry). */
	async saveAmend(record: NoteRecord, entry: StoredEntry): Promise<void> {
		const op: LogOp = { op: "amend", entry };
		if (!(await this.append(record, encodeOp(op)))) await this.save(record);
	}

	/** Appends line to the record's file when its file takes one (else false: the caller compacts). */
	private async append(record: NoteRecord, line: string): Promise<boolean> {
		const disk = this.disk.get(record.noteId);
		if (
			!disk?.clean ||
			disk.baseSize < SMALL_BASE ||
			disk.tailLines >= MAX_TAIL_LINES ||
			disk.tailSize + line.length > disk.baseSize
		)
			return false;
		this.cache.set(record.noteId, record);
		await this.persist(record, () => this.store.append(recordKey(record.noteId), line));
		disk.tailSize += line.length;
		disk.tailLines++;
		await this.mapPath(record);
		return true;
	}

	/** Runs a write of the record; when it fails, forgets the record, so the next use reads the file as it was left. */
	private async persist(record: NoteRecord, write: () => Promise<void>): Promise<void> {
		try {
			await write();
		} catch (error) {
			this.forget(record.noteId);
			throw error;
		}
	}

	private forget(id: string): void {
		this.cache.delete(id);
		this.disk.delete(id);
	}

	private async mapPath(record: NoteRecord): Promise<void> {
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
		this.forget(record.noteId);
		await this.store.remove(recordKey(record.noteId));
	}

	/** Sets aside the history of a deleted note when a new note takes its path; the new key. */
	async retire(record: NoteRecord): Promise<string | null> {
		const raw = (await this.store.read(recordKey(record.noteId))) ?? JSON.stringify(record);
		this.forget(record.noteId);
		const aside = await this.moveAside(recordKey(record.noteId), raw, "replaced");
		const index = await this.loadIndex();
		if (index[record.path] === record.noteId) {
			delete index[record.path];
			await this.saveIndex();
		}
		return aside;
	}

	/**
	 * The current path of the note whose history holds versionId: `hint` (the path the caller
	 * knew) when it still does, else the note it was renamed to (every record is looked at: this
	 * runs only when the hint is stale). null when no kept history holds it.
	 */
	async pathOf(versionId: string, hint: string): Promise<string | null> {
		const holds = async (path: string) =>
			(await this.load(path))?.entries.some((e) => e.versionId === versionId) === true;
		if (await holds(hint)) return hint;
		for (const path of Object.keys(await this.loadIndex())) if (path !== hint && (await holds(path))) return path;
		return null;
	}

	/** Moves a renamed note's history (or every one under a renamed folder): index and record path. */
	async rename(oldPath: string, newPath: string): Promise<void> {
		const index = await this.loadIndex();
		const moved: Array<[string, string]> = [];
		for (const [path, id] of Object.entries(index)) {
			let target: string | null = null;
			if (path === oldPath) target = newPath;
			else if (path.startsWith(oldPath + "/")) target = newPath + path.slice(oldPath.length);
			if (target === null) continue;
			delete index[path];
			index[target] = id;
			moved.push([target, id]);
		}
		if (moved.length === 0) return;
		await this.saveIndex();
		// The record names its note too (a rebuilt index reads it): keep that current.
		for (const [target] of moved) {
			const { record } = await this.open(target);
			if (record) await this.save(record);
		}
	}

	/**
	 * Moves a damaged record to `<key>.damaged-<time>` (nothing is deleted) and unmaps it, so the
	 * note's next change starts a fresh record under a new id. Warns once; returns the message.
	 */
	private async setAside(path: string, id: string, raw: string, reason: string): Promise<string> {
		this.forget(id);
		const aside = await this.moveAside(recordKey(id), raw, "damaged");
		const index = await this.loadIndex();
		if (index[path] === id) {
			delete index[path];
			await this.saveIndex().catch(() => undefined);
		}
		const where = aside ? `set aside as ${aside}` : `set aside (it stays at ${recordKey(id)})`;
		const message = `The Redline history of ${path} is damaged (${reason}) and was ${where}; a new history starts with the next change.`;
		console.warn(`Redline: ${message}`);
		return message;
	}

	/** Copies raw to `<key>.<why>-<time>` and removes key; the new key, or null when the store refused. */
	private async moveAside(key: string, raw: string, why: "damaged" | "replaced"): Promise<string | null> {
		try {
			const stamp = this.now().toISOString().replace(/[:.]/g, "-");
			let target = `${key}.${why}-${stamp}`;
			for (let n = 2; (await this.store.read(target)) !== null; n++) target = `${key}.${why}-${stamp}-${n}`;
			await this.store.write(target, raw);
			await this.store.remove(key);
			return target;
		} catch (error) {
			console.warn(`Redline: could not set aside the damaged ${key}:`, error);
			return null;
		}
	}

	private async loadIndex(): Promise<Record<string, string>> {
		if (this.index === null) {
			const raw = await this.store.read(INDEX_KEY);
			const parsed = raw === null ? {} : parseIndex(raw);
			if (parsed) this.index = parsed;
			else await this.recoverIndex(raw ?? "");
		}
		return this.index ?? {};
	}

	/** A damaged index is set aside and rebuilt from the records, which name their notes. */
	private async recoverIndex(raw: string): Promise<void> {
		const aside = await this.moveAside(INDEX_KEY, raw, "damaged");
		const index: Record<string, string> = {};
		const newest: Record<string, string> = {};
		const unconfirmed: string[] = [];
		for (const key of await this.store.list(NOTES)) {
			const id = key.slice(NOTES.length, -".json".length);
			if (!key.endsWith(".json") || id.includes("/")) continue;
			const stored = await this.store.read(key);
			const parsed = stored === null ? "absent" : parseStored(stored, id);
			if (typeof parsed === "string") continue;
			const { record } = parsed;
			if (!(await this.confirmsPath(record))) {
				unconfirmed.push(key);
				continue;
			}
			// Two records for one path (a note recreated): the one changed last is the live one.
			const at = record.entries[record.entries.length - 1]?.at ?? "";
			if (index[record.path] === undefined || at > newest[record.path]) {
				index[record.path] = id;
				newest[record.path] = at;
			}
		}
		this.index = index;
		if (aside) await this.saveIndex();
		const left =
			unconfirmed.length > 0
				? ` ${unconfirmed.length} older histories name a note that no longer matches them and were left unmapped (${unconfirmed.join(", ")}).`
				: "";
		console.warn(
			`Redline: the history index was damaged and was ${aside ? `set aside as ${aside}` : "left in place"}; it was rebuilt from ${Object.keys(index).length} note histories.${left}`,
		);
	}

	private async saveIndex(): Promise<void> {
		await this.store.write(INDEX_KEY, JSON.stringify(this.index ?? {}));
	}
}

/**
 * Rebuilds before/after texts of every entry, oldest first, walking back from the snapshot; the
 * entry whose patch does not fit its text when the record is damaged.
 */
export function rebuildVersions(record: NoteRecord): Version[] | { damagedAt: StoredEntry } {
	const versions: Version[] = [];
	// The snapshot's hash was checked when the record was read; each step checks that the
	// lines it removes are the patch's own.
	let text = splitLines(record.snapshot);
	for (let i = record.entries.length - 1; i >= 0; i--) {
		const entry = record.entries[i];
		const before = unapplyLines(entry.patch, text);
		if (before === false) return { damagedAt: entry };
		versions.unshift({ entry, before, after: text });
		if (i > 0) {
			const previous = entry.gap ? unapplyLines(entry.gap, before) : before;
			if (previous === false) return { damagedAt: entry };
			text = previous;
		}
	}
	return versions;
}
