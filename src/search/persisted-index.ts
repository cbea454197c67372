/**
 * The index on disk (through the Store), in chunks (issue 32): a small manifest, and one chunk
 * per segment of the index with the notes whose postings it holds (path, fingerprint, field
 * lengths). A restart reads the manifest, then the chunks one by one: each chunk's notes become
 * searchable as soon as it is in, so a warm start answers from the part loaded so far and says it
 * is partial, as a cold start does. Notes whose fingerprint changed are then read again.
 *
 * Segments never change once written, so a save writes only the chunks of new segments, then the
 * manifest (atomically, where the medium allows), then removes the chunks it no longer names. A
 * save cut anywhere leaves the old manifest and every chunk it names, or the new ones. A chunk
 * that is missing or does not check out costs only its notes, which are read again; a manifest
 * that does not check out (absent, unparsable, another format or schema) means a rebuild.
 *
 * Each chunk is JSON lines of at most a few hundred KB (notes rows, the segment's head, its arrays
 * in base64) and a last line that counts them, so loading and saving parse or write one small line
 * at a time and yield between slices.
 */
import type { Store } from "../store/store";
import type { CompactSegment } from "./compact-segment";
import { FIELDS, SCHEMA } from "./index-schema";
import { NoteMiniSearch, UnusableIndexError, type ChunkNote } from "./note-minisearch";
import type { Slicer } from "./pacer";

export const INDEX_PREFIX = "search/index/";
export const MANIFEST_KEY = `${INDEX_PREFIX}manifest.json`;
/** Where formats 1 and 2 kept the whole index in one file; removed by the first save. */
export const LEGACY_INDEX_KEY = "search/index.json";
/** Bump when the layout changes. */
export const INDEX_FORMAT = 3;

export interface NoteRecord {
	mtime: number;
	size: number;
	/** Only the first part of the note was indexed (the cap, or the mobile memory cap). */
	truncated: boolean;
	tags: string[];
}

export type Unusable = "absent" | "unreadable" | "corrupt" | "older-format" | "inconsistent";
export type LoadOutcome = "loaded" | Unusable;

export interface Manifest {
	format: number;
	schema: string;
	nextId: number;
	averageFieldLength: number[];
	/** The chunks' keys, oldest segment first. */
	chunks: string[];
	/** Notes discarded since their chunk was written: their rows and postings are skipped. */
	dead: number[];
}

export type OpenedIndex =
	{ ok: true; index: NoteMiniSearch; chunks: string[]; dead: Set<number> } | { ok: false; reason: Unusable };

/** A chunk's row of a note: [shortId, path, mtime, size, truncated, tags, ...field lengths]. */
type ChunkRow = [number, string, number, number, 0 | 1, string[], ...number[]];

/** Rows per line of a chunk. */
const ROWS_PER_LINE = 1000;

/** Reads the manifest: an empty index with its numbers, and the chunks to load. */
export async function openIndex(store: Store): Promise<OpenedIndex> {
	let text: string | null;
	try {
		text = await store.read(MANIFEST_KEY);
		if (text === null && (await store.read(LEGACY_INDEX_KEY)) !== null) return { ok: false, reason: "older-format" };
	} catch {
		return { ok: false, reason: "unreadable" };
	}
	if (text === null) return { ok: false, reason: "absent" };
	let m: Partial<Manifest>;
	try {
		m = JSON.parse(text) as Partial<Manifest>;
	} catch {
		return { ok: false, reason: "corrupt" };
	}
	if (typeof m !== "object" || m === null) return { ok: false, reason: "corrupt" };
	if (m.format !== INDEX_FORMAT || m.schema !== SCHEMA) return { ok: false, reason: "older-format" };
	const { nextId, averageFieldLength: averages, chunks, dead } = m;
	if (
		!Number.isSafeInteger(nextId) ||
		!Array.isArray(averages) ||
		averages.length !== FIELDS.length ||
		!averages.every((n) => Number.isFinite(n)) ||
		!Array.isArray(chunks) ||
		!chunks.every((key) => typeof key === "string" && key.startsWith(INDEX_PREFIX) && key !== MANIFEST_KEY) ||
		!Array.isArray(dead) ||
		!dead.every((id) => Number.isSafeInteger(id))
	)
		return { ok: false, reason: "corrupt" };
	return { ok: true, index: NoteMiniSearch.empty(nextId ?? 0, averages), chunks, dead: new Set(dead) };
}

function isRow(row: unknown): row is ChunkRow {
	if (!Array.isArray(row) || row.length !== 6 + FIELDS.length) return false;
	const [, path, , , truncated, tags] = row as unknown[];
	return (
		typeof path === "string" &&
		(truncated === 0 || truncated === 1) &&
		Array.isArray(tags) &&
		tags.every((tag) => typeof tag === "string") &&
		row.every((n, i) => i === 1 || i === 5 || Number.isSafeInteger(n) || (i < 4 && Number.isFinite(n)))
	);
}

/**
 * Loads one chunk into the index, yielding through slicer between lines; its notes' records, or
 * null when the chunk is missing or does not check out (its notes are then read again).
 */
export async function loadChunk(
	store: Store,
	key: string,
	index: NoteMiniSearch,
	dead: ReadonlySet<number>,
	slicer: Slicer,
): Promise<Map<string, NoteRecord> | null> {
	let text: string | null;
	try {
		text = await store.read(key);
	} catch {
		return null;
	}
	slicer.restart();
	if (text === null) return null;
	const lines = text.split("\n");
	const rows: ChunkRow[] = [];
	let segment: CompactSegment | null = null;
	try {
		const trailer = JSON.parse(lines.at(-1) ?? "") as { lines?: unknown } | null;
		if (trailer?.lines !== lines.length) return null;
		for (let i = 0; i < lines.length - 1; i++) {
			await slicer.tick();
			const line = JSON.parse(lines[i] ?? "") as unknown;
			if (typeof line === "object" && line !== null && "notes" in line) {
				const found = line.notes;
				if (!Array.isArray(found) || !found.every(isRow) || segment) return null;
				rows.push(...found);
			} else {
				segment = index.readTerms(line) ?? segment;
			}
		}
	} catch (error) {
		if (error instanceof SyntaxError || error instanceof UnusableIndexError) {
			index.dropReading();
			return null;
		}
		throw error;
	}
	if (!segment) return null;
	const notes: ChunkNote[] = rows
		.filter(([shortId]) => !dead.has(shortId))
		.map(([shortId, path, , , , , ...lengths]) => ({ shortId, path, lengths }));
	if (!index.addSegment(segment, notes)) return null;
	// Already saved: a save names this chunk again rather than writing the segment anew.
	segment.savedAs = key;
	const records = new Map<string, NoteRecord>();
	for (const [shortId, path, mtime, size, truncated, tags] of rows)
		if (!dead.has(shortId)) records.set(path, { mtime, size, truncated: truncated === 1, tags });
	return records;
}

/** Keys of new chunks: unique across saves (a save cut halfway leaves only unnamed ones behind). */
function chunkKey(): string {
	return `${INDEX_PREFIX}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}.jsonl`;
}

/**
 * Saves the index: the chunks of segments not saved yet, then the manifest, then removes what it
 * no longer names. Seal the delta first (index.compact(slicer, true)).
 */
export async function saveIndex(
	store: Store,
	index: NoteMiniSearch,
	notes: ReadonlyMap<string, NoteRecord>,
	slicer: Slicer,
): Promise<void> {
	const chunks: string[] = [];
	for (const segment of index.sealedSegments()) {
		if (segment.savedAs === null) {
			const key = chunkKey();
			await store.write(key, await chunkText(index, segment, notes, slicer));
			segment.savedAs = key;
		}
		chunks.push(segment.savedAs);
	}
	const manifest: Manifest = {
		format: INDEX_FORMAT,
		schema: SCHEMA,
		nextId: index.nextShortId,
		averageFieldLength: index.averages,
		chunks,
		dead: await index.deadSaved(slicer),
	};
	await store.write(MANIFEST_KEY, JSON.stringify(manifest));
	const named = new Set([MANIFEST_KEY, ...chunks]);
	for (const key of await store.list(INDEX_PREFIX)) if (!named.has(key)) await store.remove(key);
	await store.remove(LEGACY_INDEX_KEY);
}

async function chunkText(
	index: NoteMiniSearch,
	segment: CompactSegment,
	notes: ReadonlyMap<string, NoteRecord>,
	slicer: Slicer,
): Promise<string> {
	const lines: string[] = [];
	let rows: ChunkRow[] = [];
	await slicer.forEach(index.notesOf(segment), ({ shortId, path, lengths }) => {
		const r = notes.get(path);
		if (!r) return;
		rows.push([shortId, path, r.mtime, r.size, r.truncated ? 1 : 0, r.tags, ...lengths]);
		if (rows.length === ROWS_PER_LINE) {
			lines.push(JSON.stringify({ notes: rows }));
			rows = [];
		}
	});
	if (rows.length > 0) lines.push(JSON.stringify({ notes: rows }));
	for (const part of index.segmentLines(segment)) {
		lines.push(JSON.stringify(part));
		await slicer.tick();
	}
	lines.push(JSON.stringify({ lines: lines.length + 1 }));
	return lines.join("\n");
}
