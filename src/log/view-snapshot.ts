/**
 * A thread's stored snapshot (issue 32, part 3): its windowed state (src/log/window.ts) at seq N,
 * kept beside the log at `threads/<threadId>.view.json`, with where in the log's text event N
 * ends. Opening the thread again, a `from: "snapshot"` subscriber is answered from it and the
 * few lines after that point, before the whole log is folded (seconds for a 20,000-call thread).
 *
 * It is a cache, never the state: the log is. It is trusted only when it is whole (its state's
 * check matches), of this thread, and still describes the log: the log's text is at least as long
 * as it was, a line ends exactly there, that line is event N, and the last few KB before it are
 * the same text as when it was taken (a log rewritten or cut short since no longer matches).
 * Anything else (torn, corrupt, stale, of a newer version) and the thread opens from the log.
 */
import type { ThreadState } from "./state";

export const VIEW_SNAPSHOT_VERSION = 1;
/** How much of the log's text before the snapshot's point its check covers. */
const LOG_CHECK_CHARS = 4096;

export function viewSnapshotKey(threadId: string): string {
	return `threads/${threadId}.view.json`;
}

interface StoredView {
	v: number;
	threadId: string;
	seq: number;
	/** The log's length (in UTF-16 code units, as the Store reads it) once event `seq` was written. */
	chars: number;
	/** Hash of the log's last LOG_CHECK_CHARS before `chars`. */
	logCheck: string;
	/** Hash of the state's JSON. */
	check: string;
	state: ThreadState;
}

/** A snapshot that matches the log: the state at `seq`, and where the log's text after it starts. */
export interface ViewSnapshot {
	seq: number;
	chars: number;
	state: ThreadState;
}

/**
 * The stored text of a snapshot of `state` (windowed), taken when the log's text was `chars` long
 * and ended with `logTail` (at least its last LOG_CHECK_CHARS, or all of it).
 */
export function encodeViewSnapshot(threadId: string, state: ThreadState, logTail: string, chars: number): string {
	const stateJson = JSON.stringify(state);
	const tail = logTail.slice(-LOG_CHECK_CHARS);
	return `{"v":${VIEW_SNAPSHOT_VERSION},"threadId":${JSON.stringify(threadId)},"seq":${state.lastSeq},"chars":${chars},"logCheck":"${hash(tail, 0, tail.length)}","check":"${hash(stateJson, 0, stateJson.length)}","state":${stateJson}}`;
}

/**
 * The end of a log's text a snapshot's check needs (see encodeViewSnapshot), as a string of its
 * own: a plain slice would keep the whole text (70 MB) alive through the log that holds it.
 */
export function logTailFor(text: string): string {
	return ` ${text.slice(-LOG_CHECK_CHARS)}`.slice(1);
}

/** The snapshot, when it is whole and still describes `logText`; null to open from the log. */
export function decodeViewSnapshot(text: string | null, threadId: string, logText: string): ViewSnapshot | null {
	if (text === null || text === "") return null;
	let stored: Partial<StoredView>;
	try {
		stored = JSON.parse(text) as Partial<StoredView>;
	} catch {
		return null;
	}
	if (typeof stored !== "object" || stored === null) return null;
	const { v, seq, chars, logCheck, check, state } = stored;
	if (v !== VIEW_SNAPSHOT_VERSION || stored.threadId !== threadId) return null;
	if (typeof seq !== "number" || !Number.isSafeInteger(seq) || seq < 1) return null;
	if (typeof chars !== "number" || !Number.isSafeInteger(chars) || chars < 1 || chars > logText.length) return null;
	if (typeof state !== "object" || state === null || state.threadId !== threadId || state.lastSeq !== seq) return null;
	if (!Array.isArray(state.messages) || !Array.isArray(state.turns) || typeof state.toolCalls !== "object") return null;
	// The state's text as stored (it is written last): hashed as it is, not written out again.
	const stateAt = text.indexOf(',"state":') + ',"state":'.length;
	if (check !== hash(text, stateAt, text.length - 1)) return null;
	if (logCheck !== hash(logText, Math.max(0, chars - LOG_CHECK_CHARS), chars)) return null;
	if (lastLineSeq(logText, chars) !== seq) return null;
	return { seq, chars, state };
}

/** The seq of the log line that ends at `end` (with its newline), or null. */
function lastLineSeq(text: string, end: number): number | null {
	if (text.charCodeAt(end - 1) !== 10 /* \n */) return null;
	const start = text.lastIndexOf("\n", end - 2) + 1;
	try {
		const line = JSON.parse(text.slice(start, end - 1)) as { seq?: unknown };
		return typeof line.seq === "number" ? line.seq : null;
	} catch {
		return null;
	}
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
