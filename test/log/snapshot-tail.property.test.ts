/**
 * Snapshot plus tail equals replay from 0 (issue 32, part 3), through the path a log is opened by:
 * for random threads (with multi-byte text, so bytes and UTF-16 units differ) and any seq N, a
 * stored snapshot of the window at N, checked against the log by ranged reads (or by a whole read
 * on a store without them) and folded on with the log's lines after N, gives the window of the
 * whole log, and the log opened behind it holds the state replay gives. Without ranged reads the
 * stored view itself is handed over first, unchecked (a phone shows it before the whole read).
 *
 * The check that decides whether that early view stands: a log cut anywhere before the point, or
 * with any one byte changed in the bytes the check covers, is never taken for the snapshot's log
 * (`openedFromSnapshot` stays 0, so a subscriber shown the early view is told to start over).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isKnownEvent, type StoredEvent } from "../../src/log/events";
import { encodeEvents, parseLog } from "../../src/log/log-codec";
import { ThreadLog, threadLogKey } from "../../src/log/log";
import { checkStart, LogTail } from "../../src/log/log-tail";
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
					let unchecked: ThreadState | null = null;
					const log = await ThreadLog.open(medium, THREAD, {
						onSnapshot: (state, checked) => (checked ? (opened = state) : (unchecked = state)),
					});
					expect(opened).not.toBeNull();
					// onSnapshot's window is of WINDOW_MESSAGES; the stored one of `count`.
					expect(windowed(opened ?? whole, count)).toEqual(windowed(whole, count));
					expect(log?.state()).toEqual(whole);
					expect(log?.openedFromSnapshot).toBe(view.lastSeq);
					// Without ranged reads, the stored view itself came first, before the log was read.
					expect(unchecked).toEqual(medium === store ? null : view);
				}
			}),
			{ numRuns: 150 },
		);
	});

	it("is not trusted once the log changed where its check looks: cut before its point, or any byte changed near it", async () => {
		await fc.assert(
			fc.asyncProperty(
				randomThreadArb,
				fc.nat(),
				fc.nat(),
				fc.boolean(),
				fc.integer({ min: 1, max: 255 }),
				async (raw, seed, where, cut, flip) => {
					const events = widened(raw);
					const n = 1 + (seed % events.length);
					const store = new MemoryStore();
					await store.append(threadLogKey(THREAD), encodeEvents(events.slice(0, n)));
					const bytes = await store.readRange(threadLogKey(THREAD), 0, Number.MAX_SAFE_INTEGER);
					const point = new LogTail(bytes).point();
					if (!point) throw new Error("the log does not end a line");
					const view = windowed(project(THREAD, events.slice(0, n)));
					await store.write(viewSnapshotKey(THREAD), encodeViewSnapshot(THREAD, view, point));
					await store.append(threadLogKey(THREAD), encodeEvents(events.slice(n)));
					const full = await store.readRange(threadLogKey(THREAD), 0, Number.MAX_SAFE_INTEGER);
					// A cut anywhere before the point, or one byte changed in the checked bytes.
					const from = checkStart(point.lineAt, point.size);
					const changed = cut
						? full.slice(0, where % point.size)
						: full.map((byte, i) => (i === from + (where % (point.size - from)) ? byte ^ flip : byte));
					await store.write(threadLogKey(THREAD), new TextDecoder().decode(changed));
					const stored = (await store.read(threadLogKey(THREAD))) ?? "";
					for (const medium of [store, wholeReadsOnly(store)]) {
						let opened: ThreadState | null = null;
						const log = await ThreadLog.open(medium, THREAD, {
							onSnapshot: (state, checked) => {
								if (checked) opened = state;
							},
						});
						expect(opened).toBeNull();
						expect(log?.openedFromSnapshot ?? 0).toBe(0);
						// The log's own state: what its text says, whatever the snapshot said.
						if (log) expect(log.state()).toEqual(project(THREAD, parseLog(THREAD, stored).events));
					}
				},
			),
			{ numRuns: 150 },
		);
	});
});
