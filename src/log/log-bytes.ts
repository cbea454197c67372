/**
 * A thread log's stored bytes, as its opener reads them (issue 32): in chunks of CHUNK_BYTES
 * through the Store's ranged reads, so a 70 MB log is never one string, one read or one decode
 * (each of which held the host for hundreds of ms), and a stored snapshot's check and the lines
 * after it are read without the rest. Offsets are bytes of the UTF-8 text.
 *
 * A store without ranged reads (ObsidianStore) is read whole, once, as bytes where it can give
 * them (`readBytes`: Obsidian's readBinary, no 70 MB string beside them) or as text encoded: the
 * same code then reads the bytes in memory. That costs what opening cost before (one read of the
 * whole log), and keeps one path for both.
 */
import { hasRangedReads, type Store } from "../store/store";
import type { StoredEvent } from "./events";
import { PieceParser, type ParsedLog } from "./log-codec";

/**
 * How much of a log one ranged read takes: about a millisecond to decode. (1 MB took 10-20 ms in
 * Node 20's TextDecoder, and more under load: a step the host could not break.)
 */
export const CHUNK_BYTES = 256 * 1024;

const NEWLINE = 10;

export interface LogBytes {
	/** The log's length in bytes when it was opened: reads stop there. */
	readonly size: number;
	/** Bytes [start, end) (fewer past the end). */
	read(start: number, end: number): Promise<Uint8Array>;
}

/** The log at key (null when absent), by ranged reads where the store has them. */
export async function openLogBytes(store: Store, key: string): Promise<LogBytes | null> {
	if (hasRangedReads(store)) {
		const size = await store.size(key);
		if (size === null) return null;
		return { size, read: (start, end) => store.readRange(key, start, Math.min(end, size)) };
	}
	const bytes = store.readBytes ? await store.readBytes(key) : await readEncoded(store, key);
	if (bytes === null) return null;
	return { size: bytes.length, read: (start, end) => Promise.resolve(bytes.subarray(start, end)) };
}

/** The value as a string, then its bytes: for a store that offers neither ranged reads nor bytes. */
async function readEncoded(store: Store, key: string): Promise<Uint8Array | null> {
	const text = await store.read(key);
	return text === null ? null : new TextEncoder().encode(text);
}

/** An open given up part way (its `stopped` turned true: the service closes). */
export class OpenStopped extends Error {
	constructor() {
		super("The log's open was stopped");
		this.name = "OpenStopped";
	}
}

/**
 * Reads bytes [from, size) chunk by chunk and hands each run of whole lines, decoded, to `each`,
 * then (last: true) whatever follows the last newline: a torn line, or "". Text is cut only at a
 * newline byte, which no multi-byte UTF-8 character contains, so a character a chunk boundary
 * cuts in two is decoded whole, with its line: the next chunk is read from the start of the line
 * the last one cut (re-reading those few bytes costs less than joining buffers). A line longer
 * than a chunk is read with chunks twice as long until it fits.
 */
export async function readLines(
	source: LogBytes,
	from: number,
	each: (text: string, last: boolean) => Promise<void>,
	chunkBytes = CHUNK_BYTES,
): Promise<void> {
	// ignoreBOM: a BOM stays in the text, as a whole-file utf8 read keeps it.
	const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
	let at = from;
	let length = chunkBytes;
	let rest: Uint8Array | null = null;
	while (at < source.size) {
		const end = Math.min(source.size, at + length);
		const chunk = await source.read(at, end);
		// Cut shorter since its size was taken: what was read is all there is.
		if (chunk.length === 0) break;
		const cut = chunk.lastIndexOf(NEWLINE) + 1;
		if (cut === 0) {
			// No newline: the log's last line, torn (or cut short meanwhile), or a line longer than a chunk.
			if (end === source.size || chunk.length < end - at) {
				rest = chunk;
				break;
			}
			length *= 2;
			continue;
		}
		await each(decoder.decode(chunk.subarray(0, cut)), false);
		at += cut;
		length = chunkBytes;
	}
	rest ??= at < source.size ? await source.read(at, source.size) : new Uint8Array(0);
	await each(decoder.decode(rest), true);
}

export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
	const joined = new Uint8Array(a.length + b.length);
	joined.set(a, 0);
	joined.set(b, a.length);
	return joined;
}

/**
 * The log's events from byte `from` (a line's start) to its end, read in chunks, each parsed in
 * slices and handed to `upgrade` in order (ThreadLogOptions.upgrade); skipped lines as parseLog.
 */
export async function readLogEvents(
	threadId: string,
	source: LogBytes,
	from: number,
	upgrade?: (events: StoredEvent[]) => StoredEvent[],
	stopped: () => boolean = () => false,
): Promise<ParsedLog> {
	const parser = new PieceParser(threadId);
	const events: StoredEvent[] = [];
	await readLines(source, from, async (text, last) => {
		if (stopped()) throw new OpenStopped();
		const piece = await parser.add(text, last);
		for (const event of upgrade ? upgrade(piece) : piece) events.push(event);
	});
	return { events, skipped: parser.skipped() };
}
