/**
 * The thread log under store faults (issue 13, items 1, 2, 5 and 12). Each of these tests failed
 * on the code before the fix: a torn tail ate the next event, a failed write was dropped for good
 * (a hole in the seqs on disk), a closed log kept accepting appends, and seqs were reused.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryStore } from "../../src/store/memory-store";
import { ThreadLog, threadLogKey } from "../../src/log/log";
import { FaultyStore } from "../support/faulty-store";

async function reopen(store: MemoryStore | FaultyStore, threadId = "t1"): Promise<ThreadLog> {
	const log = await ThreadLog.open(store, threadId);
	if (!log) throw new Error("log missing");
	return log;
}

async function seqsOnDisk(store: MemoryStore | FaultyStore, threadId = "t1"): Promise<number[]> {
	return (await reopen(store, threadId)).events().map((e) => e.seq);
}

afterEach(() => {
	vi.restoreAllMocks();
});

describe("ThreadLog under faults", () => {
	it("starts the next append on a new line after a torn tail, so the event after a crash is kept", async () => {
		vi.spyOn(console, "warn").mockImplementation(() => undefined);
		const store = new MemoryStore();
		const log = new ThreadLog("t1", store);
		log.append({ type: "thread_created" });
		log.append({ type: "assistant_message_started", messageId: "a1" });
		await log.flush();
		await store.append(threadLogKey("t1"), '{"seq":3,"threadId":"t1","at":"x","type":"assistant_tok');

		const after = await reopen(store);
		after.append({ type: "assistant_message_completed", messageId: "a1", finishReason: "interrupted" });
		await after.flush();
		const again = await reopen(store);
		expect(again.events().at(-1)).toMatchObject({ type: "assistant_message_completed", finishReason: "interrupted" });
		expect(again.state().messages[0]).toMatchObject({ streaming: false });
	});

	it("never reuses a seq after a reopen: not the torn line's, not those lost with a crash", async () => {
		vi.spyOn(console, "warn").mockImplementation(() => undefined);
		const store = new MemoryStore();
		const log = new ThreadLog("t1", store);
		log.append({ type: "thread_created" });
		await log.flush();
		// Seen live, never persisted: the process dies before the token timer fires.
		log.append({ type: "assistant_message_started", messageId: "a1" });
		await log.settled();
		log.append({ type: "assistant_token", messageId: "a1", text: "lost" });
		const seenLive = log.state().lastSeq;
		const crashed = new MemoryStore({
			[threadLogKey("t1")]: ((await store.read(threadLogKey("t1"))) ?? "") + '{"seq":3,"threadId":"t1"',
		});
		log.discard();

		const after = await reopen(crashed);
		expect(after.append({ type: "status", status: "idle" }).seq).toBeGreaterThan(seenLive);
	});

	it("keeps a failed write queued and writes it with the next one: the log on disk has no hole", async () => {
		vi.spyOn(console, "warn").mockImplementation(() => undefined);
		const store = new FaultyStore();
		const log = new ThreadLog("t1", store);
		log.append({ type: "thread_created" });
		await log.flush();
		store.failNth(1);
		log.append({ type: "item_pinned", item: { path: "A.md" } });
		await expect(log.flush()).rejects.toThrow("EBUSY");
		log.append({ type: "status", status: "idle" });
		await log.flush();
		expect(await seqsOnDisk(store)).toEqual([1, 2, 3]);
		expect((await reopen(store)).state().pinned).toEqual([{ path: "A.md" }]);
	});

	it("retries a failed write by itself when nothing else is appended", async () => {
		vi.useFakeTimers();
		vi.spyOn(console, "warn").mockImplementation(() => undefined);
		try {
			const store = new FaultyStore();
			const log = new ThreadLog("t1", store);
			store.failNth(1);
			log.append({ type: "item_pinned", item: { path: "A.md" } });
			await expect(log.flush()).rejects.toThrow("EBUSY");
			await vi.advanceTimersByTimeAsync(60_000);
			await log.settled();
			expect(await seqsOnDisk(store)).toEqual([1]);
		} finally {
			vi.useRealTimers();
		}
	});

	it("loses no event when a write tears halfway: the retry starts on a new line", async () => {
		vi.spyOn(console, "warn").mockImplementation(() => undefined);
		const store = new FaultyStore();
		const log = new ThreadLog("t1", store);
		store.failNth(1, "tear");
		log.append({ type: "thread_created", title: "A title long enough to tear in the middle" });
		await expect(log.flush()).rejects.toThrow();
		log.append({ type: "status", status: "idle" });
		await log.flush();
		expect(await seqsOnDisk(store)).toEqual([1, 2]);
	});

	it("refuses appends once sealed, and persists what came before", async () => {
		const store = new MemoryStore();
		const log = new ThreadLog("t1", store);
		log.append({ type: "thread_created" });
		await log.seal();
		expect(() => log.append({ type: "status", status: "idle" })).toThrow(/closed/);
		expect(await seqsOnDisk(store)).toEqual([1]);
	});
});
