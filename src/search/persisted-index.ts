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
 * A segment is saved as one or more chunks (format 5: parts of about PART_BYTES, so no read,
 * write or check of one takes long), each binary records (chunk-codec.ts): its notes' rows, then
 * the segment's head, terms and arrays, under a header with a checksum. Loading and saving take
 * one record per step and yield between slices; the next chunks are read while one is decoded.
 * A Store without binary values (writeBytes) gets each chunk as base64 text (key ending .b64).
 */
import { hasBinaryValues, type Store } from "../store/store";
import {
	ChunkWriter,
	CorruptChunkError,
	PayloadReader,
	RecordKind,
	fromBase64,
	readChunk,
	toBase64,
	type ChunkRecord,
} from "./chunk-codec";
import type { CompactSegment } from "./compact-segment";
import { FIELDS, SCHEMA } from "./index-schema";
import { NoteMiniSearch, UnusableIndexError, type ChunkNote, type SegmentPart } from "./note-minisearch";
import type { Slicer } from "./pacer";

export const INDEX_PREFIX = "search/index/";
export const MANIFEST_KEY = `${INDEX_PREFIX}manifest.json`;
/** Where formats 1 and 2 kept the whole index in one file; removed by the first save. */
export const LEGACY_INDEX_KEY = "search/index.json";
/** Bump when the layout changes (4: a segment in parts, `parts` in the manifest; 5: binary chunks). */
export const INDEX_FORMAT = 5;
/** A chunk's size, about, in bytes: a part of a segment's records. */
export const PART_BYTES = 512 * 1024;
/** A chunk kept as bytes (Store.writeBytes), or as their base64 text (a Store without binary values). */
export const BINARY_CHUNK = ".bin";
export const TEXT_CHUNK = ".b64";

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

/**
 * The tags of a note that has none, shared (most notes: an array each was 50,000 arrays a warm
 * start at 50k notes). Frozen: nothing may add to it.
 */
const NO_TAGS = Object.freeze([]) as unknown as string[];

/** Notes' rows per record of a chunk. */
const ROWS_PER_RECORD = 500;

/** A record of notes' rows, as read: columns (views into the chunk), and the paths and tags. */
interface NoteRows {
	ids: Uint32Array;
	mtimes: Float64Array;
	sizes: Float64Array;
	/** FIELDS.length a note. */
	lengths: Uint32Array;
	tagCounts: Uint32Array;
	truncated: Uint8Array;
	/** Each note's path, then its tags. */
	texts: string[];
}

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

/** The bytes of a chunk (null when missing or unreadable as such), by its key's kind. */
export async function readChunkBytes(store: Store, key: string): Promise<Uint8Array | null> {
	if (key.endsWith(BINARY_CHUNK)) return store.readBytes ? await store.readBytes(key) : null;
	const text = await store.read(key);
	if (text === null) return null;
	try {
		return fromBase64(text);
	} catch {
		return null;
	}
}

/** A notes record's rows, checked: sizes that add up, numbers that are numbers. */
function notesOf({ a: count, b: textBytes, payload }: ChunkRecord): NoteRows {
	const reader = new PayloadReader(payload);
	const mtimes = reader.f64(count);
	const sizes = reader.f64(count);
	const ids = reader.u32(count);
	const lengths = reader.u32(count * FIELDS.length);
	const tagCounts = reader.u32(count);
	const truncated = reader.u8(count);
	const text = reader.text(textBytes);
	let pieces = count;
	for (let i = 0; i < count; i++) {
		pieces += tagCounts[i] ?? 0;
		if (!Number.isFinite(mtimes[i]) || !Number.isFinite(sizes[i]) || (truncated[i] ?? 0) > 1)
			throw new CorruptChunkError("row");
	}
	const texts = count === 0 ? [] : text.split("\0");
	if (texts.length !== pieces) throw new CorruptChunkError("rows' text");
	return { ids, mtimes, sizes, lengths, tagCounts, truncated, texts };
}

/**
 * Bytes of an array per part read: each part's ids are checked in one loop (idsInRange), so
 * small enough for that loop to stay well within a slice, even run by the interpreter.
 */
const ARRAY_PART_BYTES = 128 * 1024;

/** A record of a segment's own, as the parts the index reads (an array's in ARRAY_PART_BYTES). */
function* partsOf({ kind, a, b, payload }: ChunkRecord): Generator<SegmentPart> {
	if (kind === RecordKind.Array) {
		for (let at = 0; at < payload.length || at === 0; at += ARRAY_PART_BYTES)
			yield {
				kind: "array",
				array: a,
				offset: b + at,
				bytes: payload.subarray(at, at + ARRAY_PART_BYTES),
				whole: b === 0 ? payload : undefined,
			};
		return;
	}
	yield partOf({ kind, a, b, payload });
}

/** A record of a segment's own but an array, as the part the index reads. */
function partOf({ kind, a, b, payload }: ChunkRecord): SegmentPart {
	if (kind === RecordKind.Head) {
		const reader = new PayloadReader(payload);
		const [notes = 0] = reader.u32(1);
		reader.end();
		return { kind: "head", terms: a, postings: b, notes };
	}
	if (kind === RecordKind.Terms) {
		// Kept as one string: the index finds its heads and blocks in it (term-blocks.ts checks them).
		return { kind: "terms", count: a, text: new PayloadReader(payload).text(payload.length) };
	}
	throw new CorruptChunkError("record kind");
}

/**
 * Loads one segment, from its chunks, into the index, yielding through slicer between records;
 * its notes' records, or null when a chunk is missing or does not check out (its notes are then
 * read again). read gives a chunk's bytes (the caller may have started reading it already).
 */
export async function loadSegment(
	read: (key: string) => Promise<Uint8Array | null>,
	keys: readonly string[],
	index: NoteMiniSearch,
	dead: ReadonlySet<number>,
	slicer: Slicer,
): Promise<Map<string, NoteRecord> | null> {
	const rows: NoteRows[] = [];
	let segment: CompactSegment | null = null;
	index.dropReading();
	try {
		for (const key of keys) {
			let bytes: Uint8Array | null;
			// The work so far counts: a chunk read ahead is in already, and awaiting it yields nothing.
			await slicer.tick();
			try {
				bytes = await read(key);
			} catch {
				bytes = null;
			}
			// A read that waited for the disk gave the host its event loop meanwhile: no slice.
			slicer.restart();
			if (bytes === null || segment) return failed(index);
			const records = readChunk(bytes);
			bytes = null;
			for (const record of records) {
				await slicer.tick();
				if (record.kind === RecordKind.Notes) {
					if (segment) return failed(index);
					rows.push(notesOf(record));
				} else
					for (const part of partsOf(record)) {
						// A part after the segment is complete does not belong to it: readPart refuses it.
						segment = index.readPart(part) ?? segment;
						await slicer.tick();
					}
			}
		}
	} catch (error) {
		if (error instanceof CorruptChunkError || error instanceof UnusableIndexError) return failed(index);
		throw error;
	}
	if (!segment) return failed(index);
	const width = FIELDS.length;
	let count = 0;
	for (const r of rows) count += r.ids.length;
	const ids = new Uint32Array(count);
	const paths: string[] = [];
	const lengths = new Uint32Array(count * width);
	const records = new Map<string, NoteRecord>();
	let live = 0;
	for (const row of rows) {
		let at = 0;
		for (let i = 0; i < row.ids.length; i++) {
			const shortId = row.ids[i] ?? 0;
			const path = row.texts[at] ?? "";
			const tagCount = row.tagCounts[i] ?? 0;
			const tags = tagCount === 0 ? NO_TAGS : row.texts.slice(at + 1, at + 1 + tagCount);
			at += 1 + tagCount;
			if (dead.has(shortId)) continue;
			ids[live] = shortId;
			paths.push(path);
			lengths.set(row.lengths.subarray(i * width, (i + 1) * width), live * width);
			live++;
			records.set(path, {
				mtime: row.mtimes[i] ?? 0,
				size: row.sizes[i] ?? 0,
				truncated: row.truncated[i] === 1,
				tags,
			});
		}
	}
	if (!index.addSegment(segment, { ids: ids.subarray(0, live), paths, lengths: lengths.subarray(0, live * width) }))
		return null;
	// Already saved: a save names these chunks again rather than writing the segment anew.
	segment.savedAs = [...keys];
	return records;
}

function failed(index: NoteMiniSearch): null {
	index.dropReading();
	return null;
}

/** Keys of new chunks: unique across saves (a save cut halfway leaves only unnamed ones behind). */
function chunkKey(binary: boolean): string {
	const name = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
	return `${INDEX_PREFIX}${name}${binary ? BINARY_CHUNK : TEXT_CHUNK}`;
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
	const binary = hasBinaryValues(store);
	for (const segment of index.sealedSegments()) {
		if (segment.savedAs === null) {
			const keys: string[] = [];
			for await (const bytes of chunksOf(index, segment, notes, slicer)) {
				const key = chunkKey(binary);
				await slicer.tick();
				if (binary) await store.writeBytes(key, bytes);
				else await store.write(key, toBase64(bytes));
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

const encoder = new TextEncoder();

/** A record of notes' rows: their numbers in columns, then their paths and tags joined by NUL. */
function writeNotes(writer: ChunkWriter, rows: readonly [ChunkNote, NoteRecord][]): void {
	const count = rows.length;
	const mtimes = new Float64Array(count);
	const sizes = new Float64Array(count);
	const ids = new Uint32Array(count);
	const lengths = new Uint32Array(count * FIELDS.length);
	const tagCounts = new Uint32Array(count);
	const truncated = new Uint8Array(count);
	const texts: string[] = [];
	rows.forEach(([note, record], i) => {
		mtimes[i] = record.mtime;
		sizes[i] = record.size;
		ids[i] = note.shortId;
		for (let f = 0; f < FIELDS.length; f++) lengths[i * FIELDS.length + f] = note.lengths[f] ?? 0;
		tagCounts[i] = record.tags.length;
		truncated[i] = record.truncated ? 1 : 0;
		// NUL separates them: no path has one; a tag that did would shift every later row.
		texts.push(note.path, ...record.tags.map((tag) => tag.replaceAll("\0", "\ufffd")));
	});
	const text = encoder.encode(texts.join("\0"));
	writer.record(RecordKind.Notes, count, text.length, [mtimes, sizes, ids, lengths, tagCounts, truncated, text]);
}

/** A segment's own part as a record. */
function writePart(writer: ChunkWriter, part: SegmentPart): void {
	if (part.kind === "head") writer.record(RecordKind.Head, part.terms, part.postings, [Uint32Array.of(part.notes)]);
	else if (part.kind === "terms") writer.record(RecordKind.Terms, part.count, 0, [part.text]);
	else writer.record(RecordKind.Array, part.array, part.offset, [part.bytes]);
}

/** A segment's records (its notes' rows, then its own), in chunks of about PART_BYTES. */
async function* chunksOf(
	index: NoteMiniSearch,
	segment: CompactSegment,
	notes: ReadonlyMap<string, NoteRecord>,
	slicer: Slicer,
): AsyncGenerator<Uint8Array> {
	const writer = new ChunkWriter();
	let rows: [ChunkNote, NoteRecord][] = [];
	for (const note of index.notesOf(segment)) {
		const record = notes.get(note.path);
		if (record) rows.push([note, record]);
		if (rows.length === ROWS_PER_RECORD) {
			writeNotes(writer, rows);
			rows = [];
			await slicer.tick();
			if (writer.size >= PART_BYTES) yield writer.finish();
		}
	}
	if (rows.length > 0) writeNotes(writer, rows);
	for (const part of index.segmentParts(segment)) {
		// An array is one record, never cut, so a load uses its bytes where they were read: one
		// over PART_BYTES (a big segment's keys: up to 2.6 MB) is a chunk of its own.
		const size = part.kind === "array" ? part.bytes.length : 0;
		if (writer.size >= PART_BYTES || (!writer.empty && writer.size + size > PART_BYTES)) yield writer.finish();
		writePart(writer, part);
		await slicer.tick();
	}
	yield writer.finish();
}
