/**
 * The index on disk (through the Store): the minisearch index plus each note's fingerprint
 * (mtime + size), so a restart loads it and re-indexes only the notes that changed. Anything
 * that does not check out (absent, unparsable, another format or schema, an index that
 * disagrees with its own note list) is reported as unusable and rebuilt, never trusted.
 */
import MiniSearch from "minisearch";
import type { Store } from "../store/store";
import { INDEX_OPTIONS, SCHEMA, type IndexedDocument } from "./index-schema";

export const INDEX_KEY = "search/index.json";
/** Bump when the file's layout changes. */
export const INDEX_FORMAT = 1;

export interface NoteRecord {
	mtime: number;
	size: number;
	/** Only the first MAX_INDEXED_CHARS were indexed. */
	truncated: boolean;
	tags: string[];
}

export type Unusable = "absent" | "unreadable" | "corrupt" | "older-format" | "inconsistent";
export type LoadOutcome = "loaded" | Unusable;

export type LoadedIndex = { ok: true; index: MiniSearch<IndexedDocument>; notes: Map<string, NoteRecord> } | { ok: false; reason: Unusable };

type RecordRow = [path: string, mtime: number, size: number, truncated: 0 | 1, tags: string[]];

interface IndexFile {
	format: number;
	schema: string;
	notes: RecordRow[];
	index: unknown;
}

export function serializeIndex(index: MiniSearch<IndexedDocument>, notes: ReadonlyMap<string, NoteRecord>): string {
	const rows: RecordRow[] = [...notes].map(([path, r]) => [path, r.mtime, r.size, r.truncated ? 1 : 0, r.tags]);
	const file: IndexFile = { format: INDEX_FORMAT, schema: SCHEMA, notes: rows, index };
	return JSON.stringify(file);
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

/** Parses and checks a stored index; the async load yields while it rebuilds the maps. */
export async function loadIndex(store: Store): Promise<LoadedIndex> {
	let text: string | null;
	try {
		text = await store.read(INDEX_KEY);
	} catch {
		return { ok: false, reason: "unreadable" };
	}
	if (text === null) return { ok: false, reason: "absent" };
	let file: Partial<IndexFile>;
	try {
		file = JSON.parse(text) as Partial<IndexFile>;
	} catch {
		return { ok: false, reason: "corrupt" };
	}
	if (typeof file !== "object" || file === null) return { ok: false, reason: "corrupt" };
	if (file.format !== INDEX_FORMAT || file.schema !== SCHEMA) return { ok: false, reason: "older-format" };
	if (!Array.isArray(file.notes) || !file.notes.every(isRow) || typeof file.index !== "object" || file.index === null) {
		return { ok: false, reason: "corrupt" };
	}
	let index: MiniSearch<IndexedDocument>;
	try {
		index = await MiniSearch.loadJSAsync(file.index as Parameters<typeof MiniSearch.loadJSAsync>[0], INDEX_OPTIONS);
	} catch {
		return { ok: false, reason: "corrupt" };
	}
	const notes = new Map<string, NoteRecord>(file.notes.map(([path, mtime, size, truncated, tags]) => [path, { mtime, size, truncated: truncated === 1, tags }]));
	if (notes.size !== file.notes.length || index.documentCount !== notes.size || [...notes.keys()].some((path) => !index.has(path))) {
		return { ok: false, reason: "inconsistent" };
	}
	return { ok: true, index, notes };
}
