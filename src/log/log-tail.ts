/**
 * The end of a thread log as stored, in bytes, kept by the log as it writes: what a snapshot taken
 * now must record to be checked against the log later (view-snapshot.ts): the log's length, where
 * its last line starts, and the bytes from a few KB before (or from that line's start, if it is
 * longer) to the end. It holds only those bytes, never the log.
 */
import { concatBytes } from "./log-bytes";

/** How many bytes before the snapshot's point its check covers (at least; the whole last line). */
export const LOG_CHECK_BYTES = 4096;

const NEWLINE = 10;

/** Where a snapshot's check of the log starts: at its last line's start, or LOG_CHECK_BYTES back if further. */
export function checkStart(lineAt: number, size: number): number {
	return Math.max(0, Math.min(lineAt, size - LOG_CHECK_BYTES));
}

export interface TailPoint {
	/** The log's length in bytes. */
	size: number;
	/** Where its last line starts. */
	lineAt: number;
	/** The log's bytes [checkStart(lineAt, size), size). */
	checked: Uint8Array;
}

export class LogTail {
	/** The log's bytes [at, at + bytes.length): its end. */
	private bytes: Uint8Array;
	private at: number;
	/** The stored length is no longer known (a write failed, and may have left part of itself). */
	private lost = false;

	/** The log's end: `bytes` are its last bytes, starting at byte `at`. */
	constructor(bytes: Uint8Array = new Uint8Array(0), at = 0) {
		// A copy: a view into a whole log read at once (a store without ranged reads) would keep
		// all of it alive while the tail cannot be trimmed (a torn end, a line longer than the read).
		this.bytes = bytes.slice();
		this.at = at;
		this.trim();
	}

	/** The log's length in bytes (as far as this log knows). */
	size(): number {
		return this.at + this.bytes.length;
	}

	/** Bytes were appended to the stored log. */
	append(bytes: Uint8Array): void {
		if (this.lost || bytes.length === 0) return;
		this.bytes = concatBytes(this.bytes, bytes);
		this.trim();
	}

	/**
	 * A write failed: it may have stored part of its bytes, so the log's length is unknown until
	 * it is opened again, and no snapshot is taken from here.
	 */
	lose(): void {
		this.lost = true;
		this.bytes = new Uint8Array(0);
	}

	/** What a snapshot taken now records; null when the log does not end a line here, or its tail is not held. */
	point(): TailPoint | null {
		const { bytes, at } = this;
		if (this.lost || bytes.length === 0 || bytes[bytes.length - 1] !== NEWLINE) return null;
		const newline = bytes.lastIndexOf(NEWLINE, bytes.length - 2);
		// The last line starts after the newline before it; without one, at the log's start only.
		if (newline < 0 && at !== 0) return null;
		const lineAt = at + newline + 1;
		const size = this.size();
		const from = checkStart(lineAt, size);
		if (from < at) return null;
		return { size, lineAt, checked: bytes.subarray(from - at) };
	}

	/**
	 * Keeps only what the next point needs: from the check's start (the last line and 4 KB), and
	 * the byte before it (the newline that tells where the line starts).
	 */
	private trim(): void {
		const point = this.point();
		if (!point) return;
		const from = Math.max(0, point.size - point.checked.length - 1);
		if (from > this.at) {
			this.bytes = this.bytes.slice(from - this.at);
			this.at = from;
		}
	}
}
