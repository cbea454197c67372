/**
 * The idle logs' memory budget (issue 32: long threads on a phone). Idle logs (no drive, no
 * subscriber, everything saved) are sealed and dropped, least recently used first, while there
 * are more than MAX_IDLE_LOGS of them or their bytes together pass the budget; the most recently
 * used one stays whatever its size; busy logs neither count nor go. Real logs over a MemoryStore,
 * made long by big note reads. Before the budget, every one of these logs stayed loaded.
 */
import { describe, expect, it } from "vitest";
import { ThreadLog, threadLogKey } from "../../src/log/log";
import { LoadedLogs, MAX_IDLE_LOGS } from "../../src/thread/loaded-logs";
import { MemoryStore } from "../../src/store/memory-store";
import { appendLongTurns } from "./support/long-log";
import { seqsInStore } from "./support/service";

/** A small budget, so that the logs stay a few MB (the default is the phone's: IDLE_LOG_BYTES). */
const BUDGET = 4_000_000;

function setup() {
	const store = new MemoryStore();
	const busy = new Set<string>();
	const logs = new LoadedLogs(
		(threadId, sealedAt) => ThreadLog.open(store, threadId, sealedAt === undefined ? {} : { sealedAt }),
		{ logs: MAX_IDLE_LOGS, bytes: BUDGET },
	);
	return {
		store,
		busy,
		logs,
		unloadIdle: () => logs.unloadIdle((log) => busy.has(log.threadId)),
		loaded: () => logs.current().map((log) => log.threadId),
		/** Writes a log of about `share` of the budget and uses it (opens it). */
		use: async (threadId: string, share: number): Promise<ThreadLog> => {
			if ((await store.read(threadLogKey(threadId))) === null) await appendLongTurns(store, threadId, share * BUDGET);
			const log = await logs.get(threadId);
			if (!log) throw new Error(`no log ${threadId}`);
			return log;
		},
	};
}

describe("LoadedLogs: the idle logs' budget", () => {
	it("knows a log's bytes: as opened, plus what it wrote since", async () => {
		const { store, use } = setup();
		const log = await use("a", 0.3);
		const stored = () => new TextEncoder().encode(store.texts()[threadLogKey("a")] ?? "").length;
		expect(log.storedBytes).toBe(stored());
		expect(log.storedBytes).toBeGreaterThan(0.25 * BUDGET);
		log.append({ type: "thread_renamed", title: "Longer now", by: "user" });
		await log.flush();
		expect(log.storedBytes).toBe(stored());
	});

	it("drops the least recently used idle logs until their bytes are under the budget, and no more", async () => {
		const { use, unloadIdle, loaded } = setup();
		await use("a", 0.3);
		await use("b", 0.4);
		await use("c", 0.2);
		unloadIdle();
		// 0.9 of the budget: all kept.
		expect(loaded()).toEqual(["a", "b", "c"]);
		await use("d", 0.5);
		unloadIdle();
		// 1.4: a goes (1.1), then b (0.7); c and d stay.
		expect(loaded()).toEqual(["c", "d"]);
	});

	it("keeps the most recently used idle log even when it alone passes the budget, until another is used", async () => {
		const { use, unloadIdle, loaded } = setup();
		await use("small", 0.1);
		await use("big", 1.5);
		unloadIdle();
		expect(loaded()).toEqual(["big"]);
		// Used again: still the most recent, still kept.
		await use("big", 1.5);
		unloadIdle();
		expect(loaded()).toEqual(["big"]);
		await use("next", 0.1);
		unloadIdle();
		expect(loaded()).toEqual(["next"]);
	});

	it("neither counts nor drops busy logs (subscribed or driven), whatever their size", async () => {
		const { use, unloadIdle, loaded, busy } = setup();
		const watched = await use("watched", 3);
		const stopWatching = watched.listen(() => undefined);
		busy.add("driven");
		await use("driven", 2);
		await use("a", 0.4);
		await use("b", 0.4);
		unloadIdle();
		// 5.8 budgets loaded, 0.8 of them idle: nothing goes.
		expect(loaded()).toEqual(["watched", "driven", "a", "b"]);
		// The subscriber leaves: the log is idle now, the least recently used, and over the budget.
		stopWatching();
		unloadIdle();
		expect(loaded()).toEqual(["driven", "a", "b"]);
	});

	it("re-opens a dropped log with nothing lost: same events, seqs go on without a gap", async () => {
		const { store, use, unloadIdle, loaded, logs } = setup();
		const first = await use("a", 0.6);
		const before = first.events().map((event) => event.seq);
		await use("b", 0.6);
		unloadIdle();
		expect(loaded()).toEqual(["b"]);
		expect(first.isSealed()).toBe(true);
		const again = await logs.get("a");
		expect(again).not.toBe(first);
		expect(again?.events().map((event) => event.seq)).toEqual(before);
		again?.append({ type: "thread_renamed", title: "Back", by: "user" });
		await again?.flush();
		const seqs = await seqsInStore(store, "a");
		expect(seqs).toEqual([...before, (before.at(-1) ?? 0) + 1]);
	});
});
