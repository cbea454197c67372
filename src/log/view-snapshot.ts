/**
 * A thread's stored snapshot (issue 32, part 3): its windowed state (src/log/window.ts) at seq N,
 * kept beside the log at `threads/<threadId>.view.json`, with where in the log's bytes event N's
 * line starts and ends. Opening the thread again, a `from: "snapshot"` subscriber is answered
 * from it and the few lines after that point (read by ranged reads: src/log/log-bytes.ts), before
 * the whole log is read and folded (seconds for a 20,000-call thread).
 *
 * It is a cache, never the state: the log is. It is trusted only when it is whole (its state's
 * check matches), of this thread, of this version, and still describes the log: the log is at
 * least as long as it was, a newline precedes the point's line, that line ends exactly at the
 * point and is event N, and the bytes from 4 KB before the point (or from the line's start, when
 * the line is longer) are the same as when it was taken, so a log rewritten or cut short since no
 * longer matches. Anything else (torn, corrupt, stale, of another version, version 1's counts of
 * UTF-16 units included) and the thread opens from the log.
 *
 * Version 2 (this one) counts in bytes of the log's UTF-8 text; version 1 counted UTF-16 code
 * units of the whole text, which only a whole read can place.
 */
import { checkStart, type TailPoint } from "./log-tail";
import type { ThreadState } from "./state";

export const VIEW_SNAPSHOT_VERSION = 2;

export function viewSnapshotKey(threadId: string): string {
	return `threads/${threadId}.view.json`;
}

interface StoredView {
	v: number;
	threadId: string;
	seq: number;
	/** The log's length in bytes once event `seq` was written: the point. */
	bytes: number;
	/** Where the line of event `seq` starts (a byte offset). */
	lineAt: number;
	/** Hash of the log's bytes [checkStart(lineAt, bytes), bytes). */
	logCheck: string;
	/** Hash of the state's JSON. */
	check: string;
	state: ThreadState;
}

/** A stored snapshot that is whole; whether it still matches the log is for `matchesLog`. */
export interface ViewSnapshot {
	seq: number;
	bytes: number;
	lineAt: number;
	logCheck: string;
	state: ThreadState;
}

/** The stored text of a snapshot of `state` (windowed), taken when the log ended at `point`. */
export function encodeViewSnapshot(threadId: string, state: ThreadState, point: TailPoint): string {
	const stateJson = JSON.stringify(state);
	return `{"v":${VIEW_SNAPSHOT_VERSION},"threadId":${JSON.stringify(threadId)},"seq":${state.lastSeq},"bytes":${point.size},"lineAt":${point.lineAt},"logCheck":"${hashBytes(point.checked)}","check":"${hash(stateJson, 0, stateJson.length)}","state":${stateJson}}`;
}

/** How many bytes at a stored snapshot's start hold its head (`v`, `threadId`, `seq`, `bytes`). */
export const VIEW_HEAD_BYTES = 512;

/** The fields a stored snapshot starts with, read from its first bytes alone. */
export interface ViewSnapshotHead {
	v: number;
	threadId: string;
	seq: number;
	bytes: number;
}

/**
 * The head of a stored snapshot, from the start of its text (VIEW_HEAD_BYTES are enough), without
 * parsing the state: for a check of many threads at once (src/thread/snapshot-backfill.ts), which
 * must not read or parse megabytes per thread. Null when the text does not start as
 * encodeViewSnapshot writes (another version may). Whether the snapshot is whole and matches its
 * log is still for readViewSnapshot and matchesLog, when the log is opened.
 */
export function readViewSnapshotHead(text: string): ViewSnapshotHead | null {
	const match = /^\{"v":(\d+),"threadId":("(?:[^"\\]|\\.)*"),"seq":(\d+),"bytes":(\d+),/.exec(text);
	if (!match) return null;
	let threadId: unknown;
	try {
		threadId = JSON.parse(match[2]);
	} catch {
		return null;
	}
	if (typeof threadId !== "string") return null;
	return { v: Number(match[1]), threadId, seq: Number(match[3]), bytes: Number(match[4]) };
}

/** The snapshot, when it is whole, of this version and of this thread; null otherwise. */
export function readViewSnapshot(text: string | null, threadId: string): ViewSnapshot | null {
	if (text === null || text === "") return null;
	let stored: Partial<StoredView>;
	try {
		stored = JSON.parse(text) as Partial<StoredView>;
	} catch {
		return null;
	}
	if (typeof stored !== "object" || stored === null) return null;
	const { v, seq, bytes, lineAt, logCheck, check, state } = stored;
	if (v !== VIEW_SNAPSHOT_VERSION || stored.threadId !== threadId) return null;
	if (typeof seq !== "number" || !Number.isSafeInteger(seq) || seq < 1) return null;
	if (typeof bytes !== "number" || !Number.isSafeInteger(bytes) || bytes < 1) return null;
	if (typeof lineAt !== "number" || !Number.isSafeInteger(lineAt) || lineAt < 0 || lineAt >= bytes) return null;
	if (typeof logCheck !== "string") return null;
	if (typeof state !== "object" || state === null || state.threadId !== threadId || state.lastSeq !== seq) return null;
	if (!Array.isArray(state.messages) || !Array.isArray(state.turns) || typeof state.toolCalls !== "object") return null;
	// The state's text as stored (it is written last): hashed as it is, not written out again.
	const stateAt = text.indexOf(',"state":') + ',"state":'.length;
	if (check !== hash(text, stateAt, text.length - 1)) return null;
	return { seq, bytes, lineAt, logCheck, state };
}

/** The log's bytes a snapshot's check reads: [start, end) (the byte before its line's start included). */
export function checkedRange(snapshot: ViewSnapshot): { start: number; end: number } {
	return {
		start: Math.max(0, Math.min(snapshot.lineAt - 1, checkStart(snapshot.lineAt, snapshot.bytes))),
		end: snapshot.bytes,
	};
}

/**
 * Whether the log, `size` bytes long, whose bytes `checkedRange(snapshot)` are `read`, is still
 * the log the snapshot was taken of.
 */
export function matchesLog(snapshot: ViewSnapshot, size: number, read: Uint8Array): boolean {
	const { start, end } = checkedRange(snapshot);
	if (size < end || read.length !== end - start) return false;
	const from = checkStart(snapshot.lineAt, snapshot.bytes);
	if (hashBytes(read.subarray(from - start)) !== snapshot.logCheck) return false;
	// The point's line: a whole line (a newline before it, one at its end) that is event N.
	if (snapshot.lineAt > 0 && read[snapshot.lineAt - 1 - start] !== 10) return false;
	if (read[end - 1 - start] !== 10) return false;
	return lineSeq(read.subarray(snapshot.lineAt - start, end - 1 - start)) === snapshot.seq;
}

/** The seq of a log line, or null. */
function lineSeq(line: Uint8Array): number | null {
	try {
		const parsed = JSON.parse(new TextDecoder().decode(line)) as { seq?: unknown };
		return typeof parsed.seq === "number" ? parsed.seq : null;
	} catch {
		return null;
	}
}

/** FNV-1a (32 bits) of bytes, as 8 hex digits: detects a torn or changed log, not an adversary. */
function hashBytes(bytes: Uint8Array): string {
	let h = 0x811c9dc5;
	for (let i = 0; i < bytes.length; i++) {
		h ^= bytes[i];
		h = Math.imul(h, 0x01000193);
	}
	return (h >>> 0).toString(16).padStart(8, "0");
}

/** FNV-1a (32 bits) of text[from, to), as 8 hex digits: detects a torn or changed text, not an adversary. */
function hash(text: string, from: number, to: number): string {
	let h = 0x811c9dc5;
	for (let i = from; i < to; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return (h >>> 0).toString(16).padStart(8, "0");
}
