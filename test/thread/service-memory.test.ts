/**
 * What the service costs while it runs (issue 13, "also seen"): the thread index is not
 * rewritten for every log write while a reply streams, and idle logs do not stay in memory
 * forever. Both failed on the code before: 11 index rewrites in 2 s of streaming, and every log
 * ever opened kept in the service's map.
 */
import { describe, expect, it } from "vitest";
import type { ThreadHandle, TurnDriver } from "../../src/log/driver";
import { threadLogKey } from "../../src/log/log";
import { MAX_IDLE_LOGS } from "../../src/thread/service";
import { THREAD_INDEX_KEY } from "../../src/thread/thread-index";
import { FaultyStore } from "../support/faulty-store";
import { eventsOf, makeService, mustCreate } from "./support/service";
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
});
