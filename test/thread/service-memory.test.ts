/**
 * What the service costs while it runs (issue 13, "also seen"): the thread index is not
 * rewritten for every log write while a reply streams, and idle logs do not stay in memory
 * forever. Both failed on the code before: 11 index rewrites in 2 s of streaming, and every log
 * ever opened kept in the service's map.
 */
import { describe, expect, it } from "vitest";
import type { ThreadHandle, TurnDriver } from "../../src/log/driver";
import { threadLogKey } from "../../src/log/log";
import { IDLE_LOG_BYTES, MAX_IDLE_LOGS } from "../../src/thread/service";
import { encodeEvents } from "../../src/log/log-codec";
import { THREAD_INDEX_KEY } from "../../src/thread/thread-index";
import { FaultyStore } from "../support/faulty-store";
import { eventsOf, makeService, mustCreate, seqsInStore } from "./support/service";
import { appendLongTurns } from "./support/long-log";
import { setTimeout } from "../../src/node/timers";

/** Streams a 2,000-token reply over about a second, as a real model does (several token flushes). */
const streamingDriver: TurnDriver = {
	async drive(thread: ThreadHandle) {
		thread.append({ type: "status", status: "thinking" });
		thread.append({ type: "assistant_message_started", messageId: "a1" });
		for (let i = 0; i < 2000; i++) {
			thread.append({ type: "assistant_token", messageId: "a1", text: ` w${i}` });
			if (i % 40 === 0) await new Promise((resolve) => setTimeout(resolve, 25));
		}
		thread.append({ type: "assistant_message_completed", messageId: "a1", finishReason: "stop" });
		thread.append({ type: "status", status: "idle" });
		await thread.flush();
	},
};

describe("LocalThreadService costs", () => {
	it("writes the thread index at most twice while a 2,000-token reply streams", async () => {
		const store = new FaultyStore();
		const { service } = makeService({ store, driver: streamingDriver });
		const threadId = await mustCreate(service);
		const logWritesBefore = store.count("append", threadLogKey(threadId));
		const indexWritesBefore = store.count("write", THREAD_INDEX_KEY);
		await service.sendMessage({ threadId, content: "Tell me a long story" });
		await new Promise((resolve) => setTimeout(resolve, 0));
		await service.idle(threadId);
		// The reply was written in several batches (tokens every 250 ms), the index not each time.
		expect(store.count("append", threadLogKey(threadId)) - logWritesBefore).toBeGreaterThan(3);
		expect(store.count("write", THREAD_INDEX_KEY) - indexWritesBefore).toBeLessThanOrEqual(2);
		await service.close();
		// Closing saves it, with the thread's latest state.
		const index = JSON.parse((await store.read(THREAD_INDEX_KEY)) ?? "{}") as {
			threads: Array<{ threadId: string; lastSeq: number }>;
		};
		expect(index.threads.find((t) => t.threadId === threadId)?.lastSeq).toBe(
			(await eventsOf(makeService({ store }).service, threadId)).at(-1)?.seq,
		);
	});

	it("keeps only the most recently used idle logs loaded; an unloaded one reopens from the store where it was", async () => {
		const store = new FaultyStore();
		const { service } = makeService({ store });
		const ids: string[] = [];
		for (let i = 0; i < MAX_IDLE_LOGS + 5; i++) {
			const threadId = await mustCreate(service);
			await service.renameThread({ threadId, title: `Thread ${i}` });
			await eventsOf(service, threadId);
			ids.push(threadId);
		}
		await new Promise((resolve) => setTimeout(resolve, 0));
		const first = ids[0] ?? "";
		const readsBefore = store.reads.filter((key) => key === threadLogKey(first)).length;
		const events = await eventsOf(service, first);
		// It was unloaded, so it is read again, and it goes on from its last seq without a gap.
		expect(store.reads.filter((key) => key === threadLogKey(first)).length).toBe(readsBefore + 1);
		expect(events.map((e) => e.seq)).toEqual([1, 2]);
		await service.renameThread({ threadId: first, title: "Again" });
		expect((await eventsOf(service, first)).map((e) => e.seq)).toEqual([1, 2, 3]);
		// The most recent one is still loaded.
		const last = ids.at(-1) ?? "";
		const lastReads = store.reads.filter((key) => key === threadLogKey(last)).length;
		await eventsOf(service, last);
		expect(store.reads.filter((key) => key === threadLogKey(last)).length).toBe(lastReads);
		await service.close();
	});

	it("drops the least recently used idle long thread once their logs pass the budget; it re-opens with nothing lost and no second recovery", async () => {
		// Two threads of 0.6 budgets each (the phone's budget: about 29 MB of log each).
		const store = new FaultyStore();
		const first = makeService({ store });
		const a = await mustCreate(first.service);
		const b = await mustCreate(first.service);
		await first.service.close();
		for (const id of [a, b]) await appendLongTurns(store, id, 0.6 * IDLE_LOG_BYTES, 2);
		// a was left mid-turn (a reply started, the process died): its first use recovers it, once.
		const lastOfA = (await seqsInStore(store, a)).at(-1) ?? 0;
		await store.append(
			threadLogKey(a),
			encodeEvents([
				{
					type: "user_message",
					messageId: "u-last",
					content: "One more",
					pinned: [],
					seq: lastOfA + 1,
					threadId: a,
					at: "2026-12-04T11:00:00.000Z",
				},
				{ type: "status", status: "thinking", seq: lastOfA + 2, threadId: a, at: "2026-12-04T11:00:00.000Z" },
			]),
		);
		const { service } = makeService({ store });
		const seqsOfA = (await eventsOf(service, a)).map((e) => e.seq);
		expect(seqsOfA.at(-1)).toBeGreaterThan(lastOfA + 2);
		await service.idle(a);
		await eventsOf(service, b);
		await new Promise((resolve) => setTimeout(resolve, 0));
		// a went (1.2 budgets idle, a used least recently): it is read again, and is as it was.
		const reads = (id: string) => store.reads.filter((key) => key === threadLogKey(id)).length;
		const readsOfA = reads(a);
		expect((await eventsOf(service, a)).map((e) => e.seq)).toEqual(seqsOfA);
		expect(reads(a)).toBe(readsOfA + 1);
		await service.renameThread({ threadId: a, title: "Again" });
		expect((await eventsOf(service, a)).map((e) => e.seq)).toEqual([...seqsOfA, (seqsOfA.at(-1) ?? 0) + 1]);
		await service.close();
		expect(await seqsInStore(store, a)).toEqual([...seqsOfA, (seqsOfA.at(-1) ?? 0) + 1]);
	});
});
