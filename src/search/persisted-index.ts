/**
 * The index on disk (through the Store): each note's fingerprint (mtime + size), so a restart
 * loads the index and re-indexes only the notes that changed, and the index in minisearch's
 * numbers (note-minisearch.ts). Anything that does not check out (absent, unparsable, another
 * format or schema, an index that disagrees with its own note list) is reported as unusable and
 * rebuilt, never trusted.
 *
 * The file is JSON lines: the header with the note list, the index's head, the postings a few
 * thousand per line, and a last line that counts the lines (a file cut at a line end is torn too), so loading and saving parse or write one small line at a time and yield
 * between slices (the whole file as one JSON value took one 100+ ms parse, and minisearch's
 * loadJSAsync a timer wait per thousand postings: 0.6 s of CPU and over a second on 10,000 notes).
 */
import type { Store } from "../store/store";
import { SCHEMA } from "./index-schema";
import { NoteMiniSearch, UnusableIndexError } from "./note-minisearch";
import type { Slicer } from "./pacer";

export const INDEX_KEY = "search/index.json";
/** Bump when the file's layout changes. */
export const INDEX_FORMAT = 2;

export interface NoteRecord {
	mtime: number;
	size: number;
	/** Only the first MAX_INDEXED_CHARS were indexed. */
	truncated: boolean;
	tags: string[];
}

export type Unusable = "absent" | "unreadable" | "corrupt" | "older-format" | "inconsistent";
export type LoadOutcome = "loaded" | Unusable;

export type LoadedIndex =
	{ ok: true; index: NoteMiniSearch; notes: Map<string, NoteRecord> } | { ok: false; reason: Unusable };

type RecordRow = [path: string, mtime: number, size: number, truncated: 0 | 1, tags: string[]];

/** The first line. */
export interface IndexHeader {
	format: number;
	schema: string;
	notes: RecordRow[];
}

/** The last line. */
interface IndexTrailer {
	lines: number;
}

function isWhole(lines: string[]): boolean {
	try {
		return (JSON.parse(lines.at(-1) ?? "") as Partial<IndexTrailer> | null)?.lines === lines.length;
	} catch {
		return false;
	}
}

/** The saved form of index and notes, one line at a time between slices. */
export async function serializeIndex(
	index: NoteMiniSearch,
	notes: ReadonlyMap<string, NoteRecord>,
	slicer: Slicer,
): Promise<string> {
	const rows: RecordRow[] = [];
	await slicer.forEach(notes, ([path, r]) => rows.push([path, r.mtime, r.size, r.truncated ? 1 : 0, r.tags]));
	const header: IndexHeader = { format: INDEX_FORMAT, schema: SCHEMA, notes: rows };
	const lines = [JSON.stringify(header)];
	await slicer.tick();
	for (const part of index.leanParts()) {
		lines.push(JSON.stringify(part));
		await slicer.tick();
	}
	const trailer: IndexTrailer = { lines: lines.length + 1 };
	lines.push(JSON.stringify(trailer));
	return lines.join("\n");
}

function isRow(row: unknown): row is RecordRow {
	return (
		Array.isArray(row) &&
		row.length === 5 &&
		typeof row[0] === "string" &&
		Number.isFinite(row[1]) &&
		Number.isFinite(row[2]) &&
		(row[3] === 0 || row[3] === 1) &&
		Array.isArray(row[4]) &&
		row[4].every((tag) => typeof tag === "string")
	);
}

/**
 * Reads and checks a stored index, yielding through slicer between lines and within the long
 * ones (the note list and the documents of a 10,000-note vault are 10,000 rows each: checked
 * and taken in at once, they held the event loop for tens of milliseconds).
 */
export async function loadIndex(store: Store, slicer: Slicer): Promise<LoadedIndex> {
	let text: string | null;
	try {
		text = await store.read(INDEX_KEY);
	} catch {
		return { ok: false, reason: "unreadable" };
	}
	if (text === null) return { ok: false, reason: "absent" };
	slicer.restart();
	const lines = text.split("\n");
	let header: Partial<IndexHeader>;
	try {
		header = JSON.parse(lines[0] ?? "") as Partial<IndexHeader>;
	} catch {
		return { ok: false, reason: "corrupt" };
	}
	if (typeof header !== "object" || header === null) return { ok: false, reason: "corrupt" };
	if (header.format !== INDEX_FORMAT || header.schema !== SCHEMA) return { ok: false, reason: "older-format" };
	const rows = header.notes;
	if (!Array.isArray(rows) || lines.length < 3 || !isWhole(lines)) return { ok: false, reason: "corrupt" };
	await slicer.tick();
	if (!(await slicer.every(rows as unknown[], isRow))) return { ok: false, reason: "corrupt" };
	let index: NoteMiniSearch;
	try {
		index = await NoteMiniSearch.fromHead(JSON.parse(lines[1] ?? ""), slicer);
		for (let i = 2; i < lines.length - 1; i++) {
			await slicer.tick();
			index.readTerms(JSON.parse(lines[i] ?? ""));
		}
	} catch (error) {
		if (error instanceof SyntaxError || error instanceof UnusableIndexError) return { ok: false, reason: "corrupt" };
		throw error;
	}
	const notes = new Map<string, NoteRecord>();
	await slicer.forEach(rows, ([path, mtime, size, truncated, tags]) =>
		notes.set(path, { mtime, size, truncated: truncated === 1, tags }),
	);
	if (
		notes.size !== rows.length ||
		index.documentCount !== notes.size ||
		!(await slicer.every(notes.keys(), (path) => index.has(path)))
	) {
		return { ok: false, reason: "inconsistent" };
	}
	return { ok: true, index, notes };
}
