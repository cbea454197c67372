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
 * A segment is saved as one or more chunks (format 4: parts of at most PART_CHARS, so no read,
 * write or split of one takes long): JSON lines (notes rows, the segment's head, its arrays in
 * base64 lines of about 128 KB) with a last line that counts them. Loading and saving parse or
 * write one line per step and yield between slices; the next part is read while one is decoded.
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
/** Bump when the layout changes (4: a segment in parts, `parts` in the manifest). */
export const INDEX_FORMAT = 4;
/** A chunk's size, about, in characters: a part of a segment's lines. */
export const PART_CHARS = 512 * 1024;

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
	/** The chunks' keys, oldest segment first, a segment's parts in order. */
	chunks: string[];
	/** How many chunks each segment has, in order (they add up to chunks.length). */
	parts: number[];
	/** Notes discarded since their chunk was written: their rows and postings are skipped. */
	dead: number[];
}

export type OpenedIndex =
	{ ok: true; index: NoteMiniSearch; segments: string[][]; dead: Set<number> } | { ok: false; reason: Unusable };

/** A chunk's row of a note: [shortId, path, mtime, size, truncated, tags, ...field lengths]. */
type ChunkRow = [number, string, number, number, 0 | 1, string[], ...number[]];

/** Rows per line of a chunk. */
const ROWS_PER_LINE = 500;

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
	const { nextId, averageFieldLength: averages, chunks, parts, dead } = m;
	if (
		!Number.isSafeInteger(nextId) ||
		!Array.isArray(averages) ||
		averages.length !== FIELDS.length ||
		!averages.every((n) => Number.isFinite(n)) ||
		!Array.isArray(chunks) ||
		!chunks.every((key) => typeof key === "string" && key.startsWith(INDEX_PREFIX) && key !== MANIFEST_KEY) ||
		!Array.isArray(parts) ||
		!parts.every((n) => Number.isSafeInteger(n) && n > 0) ||
		parts.reduce((sum, n) => sum + n, 0) !== chunks.length ||
		!Array.isArray(dead) ||
		!dead.every((id) => Number.isSafeInteger(id))
	)
		return { ok: false, reason: "corrupt" };
	const segments: string[][] = [];
	let at = 0;
	for (const n of parts) segments.push(chunks.slice(at, (at += n)));
	return { ok: true, index: NoteMiniSearch.empty(nextId ?? 0, averages), segments, dead: new Set(dead) };
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
 * Loads one segment, from its chunks, into the index, yielding through slicer between lines; its
 * notes' records, or null when a chunk is missing or does not check out (its notes are then read
 * again). read gives a chunk's text (the caller may have started reading it already).
 */
export async function loadSegment(
	read: (key: string) => Promise<string | null>,
	keys: readonly string[],
	index: NoteMiniSearch,
	dead: ReadonlySet<number>,
	slicer: Slicer,
): Promise<Map<string, NoteRecord> | null> {
	const rows: ChunkRow[] = [];
	let segment: CompactSegment | null = null;
	index.dropReading();
	try {
		for (const key of keys) {
			let text: string | null;
			// The work so far counts: a chunk read ahead is in already, and awaiting it yields nothing.
			await slicer.tick();
			try {
				text = await read(key);
			} catch {
				text = null;
			}
			// A read that waited for the disk gave the host its event loop meanwhile: no slice.
			slicer.restart();
			if (text === null || segment) return failed(index);
			const lines = text.split("\n");
			text = null;
			const trailer = JSON.parse(lines.at(-1) ?? "") as { lines?: unknown } | null;
			if (trailer?.lines !== lines.length) return failed(index);
			for (let i = 0; i < lines.length - 1; i++) {
				await slicer.tick();
				const line = JSON.parse(lines[i] ?? "") as unknown;
				lines[i] = "";
				if (typeof line === "object" && line !== null && "notes" in line) {
					const found = line.notes;
					if (!Array.isArray(found) || !found.every(isRow) || segment) return failed(index);
					for (const row of found) rows.push(row);
				} else {
					segment = index.readTerms(line) ?? segment;
				}
			}
		}
	} catch (error) {
		if (error instanceof SyntaxError || error instanceof UnusableIndexError) return failed(index);
		throw error;
	}
	if (!segment) return failed(index);
	const notes: ChunkNote[] = rows
		.filter(([shortId]) => !dead.has(shortId))
		.map(([shortId, path, , , , , ...lengths]) => ({ shortId, path, lengths }));
	if (!index.addSegment(segment, notes)) return null;
	// Already saved: a save names these chunks again rather than writing the segment anew.
	segment.savedAs = [...keys];
	const records = new Map<string, NoteRecord>();
	for (const [shortId, path, mtime, size, truncated, tags] of rows)
		if (!dead.has(shortId)) records.set(path, { mtime, size, truncated: truncated === 1, tags });
	return records;
}

function failed(index: NoteMiniSearch): null {
	index.dropReading();
	return null;
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
	const parts: number[] = [];
	for (const segment of index.sealedSegments()) {
		if (segment.savedAs === null) {
			const keys: string[] = [];
			for await (const text of chunkTexts(index, segment, notes, slicer)) {
				const key = chunkKey();
				await slicer.tick();
				await store.write(key, text);
				// The write's wait was the host's (a store in memory does not wait, nor work much).
				slicer.restart();
				keys.push(key);
			}
			segment.savedAs = keys;
		}
		chunks.push(...segment.savedAs);
		parts.push(segment.savedAs.length);
	}
	const manifest: Manifest = {
		format: INDEX_FORMAT,
		schema: SCHEMA,
		nextId: index.nextShortId,
		averageFieldLength: index.averages,
		chunks,
		parts,
		dead: await index.deadSaved(slicer),
	};
	await store.write(MANIFEST_KEY, JSON.stringify(manifest));
	const named = new Set([MANIFEST_KEY, ...chunks]);
	for (const key of await store.list(INDEX_PREFIX)) if (!named.has(key)) await store.remove(key);
	await store.remove(LEGACY_INDEX_KEY);
}

/** A segment's lines (its notes' rows, then its own), in chunks of about PART_CHARS. */
async function* chunkTexts(
	index: NoteMiniSearch,
	segment: CompactSegment,
	notes: ReadonlyMap<string, NoteRecord>,
	slicer: Slicer,
): AsyncGenerator<string> {
	let lines: string[] = [];
	let chars = 0;
	const full = (): string => {
		lines.push(JSON.stringify({ lines: lines.length + 1 }));
		const text = lines.join("\n");
		lines = [];
		chars = 0;
		return text;
	};
	const push = (line: string): void => {
		lines.push(line);
		chars += line.length + 1;
	};
	let rows: ChunkRow[] = [];
	for (const { shortId, path, lengths } of index.notesOf(segment)) {
		const r = notes.get(path);
		if (r) rows.push([shortId, path, r.mtime, r.size, r.truncated ? 1 : 0, r.tags, ...lengths]);
		if (rows.length === ROWS_PER_LINE) {
			push(JSON.stringify({ notes: rows }));
			rows = [];
			await slicer.tick();
			if (chars >= PART_CHARS) yield full();
		}
	}
	if (rows.length > 0) push(JSON.stringify({ notes: rows }));
	for (const part of index.segmentLines(segment)) {
		if (chars >= PART_CHARS) yield full();
		push(JSON.stringify(part));
		await slicer.tick();
	}
	yield full();
}
