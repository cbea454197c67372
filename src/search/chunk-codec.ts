/**
 * The bytes of one chunk of the saved search index (format 5, issue 32). Format 4 kept a chunk as
 * JSON lines with the arrays in base64: at 20k notes a warm start spent about 0.5 s of the main
 * thread in JSON.parse, 0.26 s decoding the chunks' UTF-8 and 0.18 s in base64. Here a chunk is
 * records of typed arrays copied or viewed as they are, and one TextDecoder call per record of
 * text (paths and tags, or 512 blocks of terms).
 *
 * A chunk: a header of HEADER bytes (magic, byte order mark, format, the body's length, its
 * record count, a checksum of the body), then records, each 8-byte aligned: kind, two numbers,
 * the payload's length, the payload. The checksum (FNV-1a over the body's 32-bit words, about
 * 0.1 ms a chunk) catches a flipped byte; the lengths must add up to the chunk's. Numbers are in the machine's byte
 * order, marked: a chunk written on a big-endian machine fails the mark and is rebuilt.
 */

/** "RLX5" read as a little-endian 32-bit number. */
const MAGIC = 0x35584c52;
const ORDER_MARK = 0xfeff;
export const CHUNK_FORMAT = 5;
/** magic u32, order u16, format u16, body bytes u32, records u32, checksum u32, reserved u32. */
export const HEADER = 24;
/** A record's own header: kind, a, b, payload bytes (u32 each). */
const RECORD_HEADER = 16;

export const RecordKind = {
	/** Notes rows: a = rows, b = bytes of their text. */
	Notes: 1,
	/** A segment's head: a = terms, b = postings; payload: u32 notes. */
	Head: 2,
	/** Front-coded blocks: a = blocks; payload: heads then blocks, UTF-8, joined by NUL. */
	Terms: 3,
	/** Part of one of a segment's arrays: a = which, b = byte offset; payload: the bytes. */
	Array: 4,
} as const;
export type RecordKind = (typeof RecordKind)[keyof typeof RecordKind];

/** A chunk whose bytes do not check out. */
export class CorruptChunkError extends Error {}

/** One record as read: its kind, two numbers and payload (a view into the chunk). */
export interface ChunkRecord {
	kind: number;
	a: number;
	b: number;
	payload: Uint8Array;
}

const FNV_PRIME = 0x01000193;

/**
 * FNV-1a over 32-bit words, in four lanes (word i in lane i % 4) folded together at the end: any
 * one changed word changes it (each step is a bijection of the lane's state), and the four
 * independent multiplications run side by side (twice the speed of one lane).
 */
export function checksum(words: Uint32Array): number {
	let a = 0x811c9dc5 | 0;
	let b = 0x050c5d1f | 0;
	let c = 0x1b873593 | 0;
	let d = 0x68e31da4 | 0;
	const whole = words.length - (words.length % 4);
	for (let i = 0; i < whole; i += 4) {
		a = Math.imul(a ^ (words[i] ?? 0), FNV_PRIME);
		b = Math.imul(b ^ (words[i + 1] ?? 0), FNV_PRIME);
		c = Math.imul(c ^ (words[i + 2] ?? 0), FNV_PRIME);
		d = Math.imul(d ^ (words[i + 3] ?? 0), FNV_PRIME);
	}
	for (let i = whole; i < words.length; i++) a = Math.imul(a ^ (words[i] ?? 0), FNV_PRIME);
	return Math.imul(Math.imul(Math.imul(a ^ b, FNV_PRIME) ^ c, FNV_PRIME) ^ d, FNV_PRIME) >>> 0;
}

const align = (n: number, to: number): number => Math.ceil(n / to) * to;

/** Builds one chunk's bytes, record by record. */
export class ChunkWriter {
	private buffer = new Uint8Array(64 * 1024);
	private used = HEADER;
	private records = 0;
	private readonly encoder = new TextEncoder();

	/** Bytes written so far (the header included). */
	get size(): number {
		return this.used;
	}

	get empty(): boolean {
		return this.records === 0;
	}

	private reserve(bytes: number): void {
		if (this.used + bytes <= this.buffer.length) return;
		const grown = new Uint8Array(Math.max(this.buffer.length * 2, align(this.used + bytes, 4096)));
		grown.set(this.buffer.subarray(0, this.used));
		this.buffer = grown;
	}

	/** Appends a record whose payload is parts laid end to end, each at its own alignment. */
	record(kind: RecordKind, a: number, b: number, parts: readonly (ArrayBufferView | string)[]): void {
		const encoded = parts.map((p) => (typeof p === "string" ? this.encoder.encode(p) : p));
		let length = 0;
		for (const p of encoded) length = align(length, alignmentOf(p)) + p.byteLength;
		this.reserve(RECORD_HEADER + align(length, 8));
		const head = new Uint32Array(this.buffer.buffer, this.used, 4);
		head[0] = kind;
		head[1] = a;
		head[2] = b;
		head[3] = length;
		const start = this.used + RECORD_HEADER;
		let at = 0;
		for (const p of encoded) {
			at = align(at, alignmentOf(p));
			this.buffer.set(new Uint8Array(p.buffer, p.byteOffset, p.byteLength), start + at);
			at += p.byteLength;
		}
		// Padding is zeros, so the same record always has the same bytes (and checksum).
		this.buffer.fill(0, start + at, start + align(length, 8));
		this.used = start + align(length, 8);
		this.records++;
	}

	/** The chunk's bytes, header filled in; the writer starts a new chunk. */
	finish(): Uint8Array {
		const bytes = this.buffer.slice(0, this.used);
		const view = new DataView(bytes.buffer);
		const little = isLittleEndian();
		view.setUint32(0, MAGIC, true);
		view.setUint16(4, ORDER_MARK, little);
		view.setUint16(6, CHUNK_FORMAT, little);
		view.setUint32(8, this.used - HEADER, little);
		view.setUint32(12, this.records, little);
		view.setUint32(16, checksum(new Uint32Array(bytes.buffer, HEADER, (this.used - HEADER) / 4)), little);
		this.buffer = new Uint8Array(64 * 1024);
		this.used = HEADER;
		this.records = 0;
		return bytes;
	}
}

function alignmentOf(view: ArrayBufferView): number {
	return "BYTES_PER_ELEMENT" in view ? (view.BYTES_PER_ELEMENT as number) : 1;
}

function isLittleEndian(): boolean {
	return new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
}

/**
 * The records of a chunk, checked whole first (header, lengths, checksum); throws
 * CorruptChunkError. The payloads are views into bytes (copied first if not 8-byte aligned).
 */
export function readChunk(input: Uint8Array): ChunkRecord[] {
	const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
	if (bytes.length < HEADER || (bytes.length - HEADER) % 8 !== 0) throw new CorruptChunkError("size");
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const little = isLittleEndian();
	if (view.getUint32(0, true) !== MAGIC || view.getUint16(4, little) !== ORDER_MARK)
		throw new CorruptChunkError("not a chunk");
	if (view.getUint16(6, little) !== CHUNK_FORMAT) throw new CorruptChunkError("format");
	const body = view.getUint32(8, little);
	const count = view.getUint32(12, little);
	if (body !== bytes.length - HEADER) throw new CorruptChunkError("length");
	const words = new Uint32Array(bytes.buffer, bytes.byteOffset + HEADER, body / 4);
	if (checksum(words) !== view.getUint32(16, little)) throw new CorruptChunkError("checksum");
	const records: ChunkRecord[] = [];
	let at = HEADER;
	while (at < bytes.length) {
		if (at + RECORD_HEADER > bytes.length) throw new CorruptChunkError("record");
		const head = new Uint32Array(bytes.buffer, bytes.byteOffset + at, 4);
		const length = head[3] ?? 0;
		const start = at + RECORD_HEADER;
		if (start + length > bytes.length) throw new CorruptChunkError("record length");
		records.push({
			kind: head[0] ?? 0,
			a: head[1] ?? 0,
			b: head[2] ?? 0,
			payload: bytes.subarray(start, start + length),
		});
		at = start + align(length, 8);
	}
	if (at !== bytes.length || records.length !== count) throw new CorruptChunkError("records");
	return records;
}

/** Reads a record's payload part by part, each at its own alignment (as ChunkWriter.record laid them). */
export class PayloadReader {
	private at = 0;
	constructor(private readonly payload: Uint8Array) {}

	private take(count: number, size: number): number {
		const start = align(this.at, size);
		const end = start + count * size;
		if (!Number.isSafeInteger(end) || end > this.payload.length) throw new CorruptChunkError("payload");
		this.at = end;
		return this.payload.byteOffset + start;
	}

	f64(count: number): Float64Array {
		return new Float64Array(this.payload.buffer, this.take(count, 8), count);
	}

	u32(count: number): Uint32Array {
		return new Uint32Array(this.payload.buffer, this.take(count, 4), count);
	}

	u8(count: number): Uint8Array {
		return new Uint8Array(this.payload.buffer, this.take(count, 1), count);
	}

	/** The rest of the payload must be exactly this many bytes of UTF-8 text. */
	text(bytes: number): string {
		const view = this.u8(bytes);
		if (this.at !== this.payload.length) throw new CorruptChunkError("payload length");
		try {
			return decoder.decode(view);
		} catch {
			throw new CorruptChunkError("text");
		}
	}

	/** Nothing left over. */
	end(): void {
		if (this.at !== this.payload.length) throw new CorruptChunkError("payload length");
	}
}

/** fatal: a chunk whose text is not UTF-8 is corrupt, not silently repaired. */
const decoder = new TextDecoder("utf-8", { fatal: true });

/** Base64 of a chunk, for a Store that keeps text only (no writeBytes). */
export function toBase64(bytes: Uint8Array): string {
	let binary = "";
	for (let i = 0; i < bytes.length; i += 8192)
		binary += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 8192)));
	return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
	const binary = atob(text);
	const bytes = new Uint8Array(binary.length);
	for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
	return bytes;
}
