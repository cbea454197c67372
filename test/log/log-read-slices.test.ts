/**
 * Reading a log yields to the host between slices across its chunks, not only within one
 * (issue 32). A store without ranged reads (Obsidian on a phone) hands the log over whole, so each
 * chunk's read resolves at once: a slice that restarted its clock at every chunk, and chunks each
 * parsed within one slice, chained the whole 70 MB log's parse without a yield (freezes of
 * 100-190 ms, measured). Ranged reads hid it: each read waits for the disk.
 *
 * Time is counted, not measured: Date.now advances by one at each call (the parser asks it every
 * 64 lines), so a slice of SLICE_MS is 8 * 64 lines, whatever this machine's speed.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StoredEvent } from "../../src/log/events";
import { CHUNK_BYTES, readLogEvents, type LogBytes } from "../../src/log/log-bytes";
import { encodeEvents } from "../../src/log/log-codec";
import { SLICE_MS } from "../../src/log/slices";

const THREAD = "thr_slices";
const AT = "2026-12-05T10:00:00.000Z";
/** Lines of about 1 KB: a chunk holds some 250, under one slice's 512. */
const LINES = 4000;

function log(): Uint8Array {
	const events: StoredEvent[] = [{ type: "thread_created", seq: 1, threadId: THREAD, at: AT }];
	for (let i = 0; i < LINES - 1; i++)
		events.push({
			type: "user_message",
			messageId: `u${i}`,
			content: `message ${i} ${"x".repeat(900)}`,
			pinned: [],
			seq: i + 2,
			threadId: THREAD,
			at: AT,
		});
	return new TextEncoder().encode(encodeEvents(events));
}

/** The log in memory, as a store without ranged reads gives it: every read resolves at once. */
function inMemory(bytes: Uint8Array): LogBytes {
	return { size: bytes.length, read: (start, end) => Promise.resolve(bytes.subarray(start, end)) };
}

afterEach(() => vi.restoreAllMocks());

describe("reading a log from memory", () => {
	it("yields to the host at least once a slice, across chunks", async () => {
		const bytes = log();
		expect(bytes.length / CHUNK_BYTES).toBeGreaterThan(10);
		let clock = 0;
		vi.spyOn(Date, "now").mockImplementation(() => ++clock);
		// Events handed over so far, sampled at each turn of the host's timers.
		let read = 0;
		const atTurns: number[] = [];
		let reading = true;
		const tick = (): void => {
			atTurns.push(read);
			if (reading) setTimeout(tick, 0);
		};
		setTimeout(tick, 0);
		const { events } = await readLogEvents(THREAD, inMemory(bytes), 0, (piece) => {
			read += piece.length;
			return piece;
		});
		reading = false;
		expect(events).toHaveLength(LINES);
		const steps = atTurns.map((n, i) => n - (atTurns[i - 1] ?? 0));
		steps.push(LINES - (atTurns.at(-1) ?? 0));
		// Handed over a piece at a time: at most a slice's lines and one piece between two turns.
		expect(Math.max(...steps)).toBeLessThanOrEqual(SLICE_MS * 64 + 300);
		expect(atTurns.length).toBeGreaterThan(LINES / (SLICE_MS * 64 + 300));
	});
});
