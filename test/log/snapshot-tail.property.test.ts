/**
 * Snapshot plus tail equals replay from 0 (issue 32, part 3), through the path a log is opened by:
 * for random threads (with multi-byte text, so bytes and UTF-16 units differ) and any seq N, a
 * stored snapshot of the window at N, checked against the log by ranged reads (or by a whole read
 * on a store without them) and folded on with the log's lines after N, gives the window of the
 * whole log, and the log opened behind it holds the state replay gives.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isKnownEvent, type StoredEvent } from "../../src/log/events";
import { encodeEvents } from "../../src/log/log-codec";
import { ThreadLog, threadLogKey } from "../../src/log/log";
import { LogTail } from "../../src/log/log-tail";
import { project } from "../../src/log/projection";
import type { ThreadState } from "../../src/log/state";
import { encodeViewSnapshot, viewSnapshotKey } from "../../src/log/view-snapshot";
import { windowed } from "../../src/log/window";
import { MemoryStore } from "../../src/store/memory-store";
import { randomThreadArb } from "./support/random-thread";
import { wholeReadsOnly } from "../support/whole-reads-store";

const THREAD = "thr_random";

/** Multi-byte text in every user message and reply. */
function widened(events: StoredEvent[]): StoredEvent[] {
	return events.map((event) => {
		if (!isKnownEvent(event)) return event;
		if (event.type === "user_message") return { ...event, content: `${event.content} café 😀` };
		if (event.type === "assistant_token") return { ...event, text: `${event.text} €` };
		return event;
	});
}

describe("a stored snapshot plus the log's tail", () => {
	it("equals replaying the log from 0, for every seq N, with and without ranged reads", async () => {
		await fc.assert(
			fc.asyncProperty(randomThreadArb, fc.nat(), fc.integer({ min: 1, max: 6 }), async (raw, seed, count) => {
				const events = widened(raw);
				const n = 1 + (seed % events.length);
				const head = events.slice(0, n);
				const store = new MemoryStore();
				// Written as the log writes: the head, then the rest in appends of their own.
				await store.append(threadLogKey(THREAD), encodeEvents(head));
				const bytes = await store.readRange(threadLogKey(THREAD), 0, Number.MAX_SAFE_INTEGER);
				const point = new LogTail(bytes).point();
				if (!point) throw new Error("the log does not end a line");
				const view = windowed(project(THREAD, head), count);
				await store.write(viewSnapshotKey(THREAD), encodeViewSnapshot(THREAD, view, point));
				for (let i = n; i < events.length; i += 3)
					await store.append(threadLogKey(THREAD), encodeEvents(events.slice(i, i + 3)));
				const whole = project(THREAD, events);
				for (const medium of [store, wholeReadsOnly(store)]) {
					let opened: ThreadState | null = null;
					const log = await ThreadLog.open(medium, THREAD, { onSnapshot: (state) => (opened = state) });
					expect(opened).not.toBeNull();
					// onSnapshot's window is of WINDOW_MESSAGES; the stored one of `count`.
					expect(windowed(opened ?? whole, count)).toEqual(windowed(whole, count));
					expect(log?.state()).toEqual(whole);
				}
			}),
			{ numRuns: 150 },
		);
	});
});
