import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryStore } from "../../src/store/memory-store";
import type { NewEvent, StoredEvent } from "../../src/log/events";
import { SEQ_GAP, ThreadLog, threadLogKey } from "../../src/log/log";
import { project } from "../../src/log/projection";
import { newEventArb } from "../thread/support/arbitrary-events";

function tokens(count: number, messageId = "a1"): NewEvent[] {
	return Array.from({ length: count }, (_, i) => ({ type: "assistant_token", messageId, text: `tok${i % 10} ` }));
}

async function reopen(store: MemoryStore, threadId = "t1"): Promise<ThreadLog> {
	const log = await ThreadLog.open(store, threadId);
	if (!log) throw new Error("log missing");
	return log;
}

afterEach(() => {
	vi.restoreAllMocks();
});

describe("ThreadLog", () => {
	it("stamps seq, threadId and time, keeps the projection and notifies listeners synchronously", () => {
		const log = new ThreadLog("t1", new MemoryStore(), { now: () => new Date("2025-02-03T04:05:06Z") });
		const seen: number[] = [];
		log.listen((e) => seen.push(e.seq));
		const event = log.append({ type: "thread_created", title: "Hello" });
		expect(event).toEqual({
			type: "thread_created",
			title: "Hello",
			seq: 1,
			threadId: "t1",
			at: "2025-02-03T04:05:06.000Z",
		});
		log.append({ type: "status", status: "thinking" });
		expect(seen).toEqual([1, 2]);
		expect(log.state()).toStrictEqual(project("t1", log.events()));
	});

	it("replays a persisted log to exactly the events and state live subscribers saw (tokens coalesced on disk)", async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(newEventArb, { maxLength: 60 }), async (payloads) => {
				const store = new MemoryStore();
				const log = new ThreadLog("t1", store, { now: () => new Date(0) });
				log.append({ type: "thread_created" });
				for (const payload of payloads) log.append(payload);
				await log.flush();
				const replayed = await reopen(store);
				expect(replayed.events()).toStrictEqual(log.events());
				expect(replayed.state()).toStrictEqual(log.state());
			}),
			{ numRuns: 100 },
		);
	});

	it("writes a 2,000-token reply in no more than 3x its text size and rebuilds the same state", async () => {
		const store = new MemoryStore();
		const log = new ThreadLog("t1", store);
		log.append({ type: "assistant_message_started", messageId: "a1" });
		const reply = tokens(2000);
		for (const token of reply) log.append(token);
		log.append({ type: "assistant_message_completed", messageId: "a1", finishReason: "stop" });
		await log.flush();
		const text = reply.map((t) => (t.type === "assistant_token" ? t.text : "")).join("");
		const onDisk = (await store.read(threadLogKey("t1"))) ?? "";
		expect(new TextEncoder().encode(onDisk).length).toBeLessThanOrEqual(3 * text.length);
		expect(onDisk.split("\n").filter(Boolean)).toHaveLength(3);
		const replayed = await reopen(store);
		expect(replayed.state()).toStrictEqual(log.state());
		expect(replayed.eventsAfter(1000).map((e) => e.seq)).toEqual(log.eventsAfter(1000).map((e) => e.seq));
	});

	it("resumes from any nonce after a reload, even inside a coalesced run of tokens", async () => {
		const store = new MemoryStore();
		const log = new ThreadLog("t1", store);
		log.append({ type: "assistant_message_started", messageId: "a1" });
		for (const token of tokens(20)) log.append(token);
		await log.flush();
		const replayed = await reopen(store);
		for (let nonce = 0; nonce <= 22; nonce++)
			expect(replayed.eventsAfter(nonce)).toStrictEqual(
				log.eventsAfter(nonce).map((e) => ({ ...e, at: expect.any(String) as string })),
			);
	});

	it("coalesces a thinking model's reasoning on disk like tokens, apart from the answer, and replays the same state", async () => {
		const store = new MemoryStore();
		let clock = Date.parse("2026-01-10T09:00:00.000Z");
		// Every piece a tenth of a second later: the "Thought for N s" time must survive the replay.
		const log = new ThreadLog("t1", store, { now: () => new Date((clock += 100)) });
		log.append({ type: "assistant_message_started", messageId: "a1" });
		for (let i = 0; i < 40; i++) log.append({ type: "assistant_reasoning", messageId: "a1", text: `step ${i}. ` });
		for (const token of tokens(10)) log.append(token);
		log.append({ type: "assistant_message_completed", messageId: "a1", finishReason: "stop" });
		await log.flush();
		const lines = ((await store.read(threadLogKey("t1"))) ?? "").split("\n").filter(Boolean);
		expect(lines.map((line) => (JSON.parse(line) as { type: string }).type)).toEqual([
			"assistant_message_started",
			"assistant_reasoning",
			"assistant_token",
			"assistant_message_completed",
		]);
		const replayed = await reopen(store);
		expect(replayed.state()).toStrictEqual(log.state());
		const message = replayed.state().messages[0];
		expect(message?.kind === "assistant" && message.reasoning?.text).toBe(
			Array.from({ length: 40 }, (_, i) => `step ${i}. `).join(""),
		);
		expect(message?.kind === "assistant" && message.text).not.toContain("step");
		const shape = (events: readonly StoredEvent[]) => events.map((e) => [e.seq, e.type, "text" in e ? e.text : null]);
		for (let nonce = 0; nonce <= 52; nonce++)
			expect(shape(replayed.eventsAfter(nonce))).toStrictEqual(shape(log.eventsAfter(nonce)));
	});

	it("keeps DeepSeek's reasoning form through coalescing: one line per run of one form, replayed as live", async () => {
		const store = new MemoryStore();
		const log = new ThreadLog("t1", store);
		log.append({ type: "assistant_message_started", messageId: "a1" });
		for (let i = 0; i < 5; i++)
			log.append({ type: "assistant_reasoning", messageId: "a1", text: `deep ${i}. `, form: "reasoning_content" });
		for (let i = 0; i < 3; i++) log.append({ type: "assistant_reasoning", messageId: "a1", text: `think ${i}. ` });
		log.append({ type: "assistant_reasoning", messageId: "a1", text: "deep again.", form: "reasoning_content" });
		await log.flush();
		const lines = ((await store.read(threadLogKey("t1"))) ?? "")
			.split("\n")
			.filter(Boolean)
			.map((line) => JSON.parse(line) as { form?: string; lens?: number[] });
		expect(lines.map((line) => [line.form, line.lens?.length])).toEqual([
			[undefined, undefined],
			["reasoning_content", 5],
			[undefined, 3],
			["reasoning_content", undefined],
		]);
		const replayed = await reopen(store);
		for (let nonce = 0; nonce <= 10; nonce++)
			expect(replayed.eventsAfter(nonce)).toStrictEqual(
				log.eventsAfter(nonce).map((e) => ({ ...e, at: expect.any(String) as string })),
			);
		expect(replayed.state()).toStrictEqual(log.state());
	});

	it("loads reasoning written before its form was recorded without one", async () => {
		const store = new MemoryStore();
		const at = "2026-01-10T09:00:00.000Z";
		await store.write(
			threadLogKey("t1"),
			[
				{ seq: 1, threadId: "t1", at, type: "assistant_message_started", messageId: "a1" },
				{
					seq: 3,
					threadId: "t1",
					at,
					type: "assistant_reasoning",
					messageId: "a1",
					text: "Old reasoning.",
					lens: [4, 10],
				},
			]
				.map((line) => JSON.stringify(line))
				.join("\n") + "\n",
		);
		const events = (await reopen(store)).eventsAfter(0);
		expect(events.slice(1)).toStrictEqual([
			{ seq: 2, threadId: "t1", at, type: "assistant_reasoning", messageId: "a1", text: "Old " },
			{ seq: 3, threadId: "t1", at, type: "assistant_reasoning", messageId: "a1", text: "reasoning." },
		]);
	});

	it("persists tokens within a quarter second while they stream, and decision points at once", async () => {
		vi.useFakeTimers();
		try {
			const store = new MemoryStore();
			const log = new ThreadLog("t1", store);
			log.append({ type: "assistant_message_started", messageId: "a1" });
			await log.settled();
			expect(await store.read(threadLogKey("t1"))).toContain("assistant_message_started");
			log.append({ type: "assistant_token", messageId: "a1", text: "Hel" });
			log.append({ type: "assistant_token", messageId: "a1", text: "lo" });
			await log.settled();
			expect(await store.read(threadLogKey("t1"))).not.toContain("Hel");
			await vi.advanceTimersByTimeAsync(250);
			await log.settled();
			expect(await store.read(threadLogKey("t1"))).toContain('"text":"Hello"');
		} finally {
			vi.useRealTimers();
		}
	});

	it("skips a torn last line with a warning and loads the rest", async () => {
		const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
		const store = new MemoryStore();
		const log = new ThreadLog("t1", store);
		log.append({ type: "thread_created", title: "T" });
		log.append({ type: "user_message", messageId: "u1", content: "hi", pinned: [] });
		await log.flush();
		await store.append(threadLogKey("t1"), '{"seq":3,"threadId":"t1","at":"x","type":"assistant_mess');
		const replayed = await reopen(store);
		expect(replayed.events().map((e) => e.seq)).toEqual([1, 2]);
		expect(warn).toHaveBeenCalledWith(expect.stringContaining("torn last line"));
		// Never 3: a reader may have seen the event the torn line held.
		expect(replayed.append({ type: "status", status: "idle" }).seq).toBe(2 + SEQ_GAP + 1);
	});

	it("skips a corrupt middle line, a line of another thread and a known type with a bad payload", async () => {
		const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
		const lines = [
			'{"seq":1,"threadId":"t1","at":"x","type":"thread_created","title":"T"}',
			"}}garbage{{",
			'{"seq":2,"threadId":"other","at":"x","type":"status","status":"idle"}',
			'{"seq":3,"threadId":"t1","at":"x","type":"user_message","messageId":"u1"}',
			'{"seq":4,"threadId":"t1","at":"x","type":"status","status":"thinking"}',
			'{"seq":4,"threadId":"t1","at":"x","type":"status","status":"idle"}',
		];
		const store = new MemoryStore({ [threadLogKey("t1")]: lines.join("\n") + "\n" });
		const log = await reopen(store);
		expect(log.events().map((e) => e.seq)).toEqual([1, 4]);
		expect(log.state().status).toBe("thinking");
		expect(warn).toHaveBeenCalledTimes(1);
		expect(warn.mock.calls[0]?.[0]).toMatch(/skipped 4 unreadable/);
	});

	it("keeps an event of an unknown type as unknown and ignores it in the state", async () => {
		const store = new MemoryStore({
			[threadLogKey("t1")]:
				'{"seq":1,"threadId":"t1","at":"x","type":"hologram","beam":3}\n{"seq":2,"threadId":"t1","at":"x","type":"thread_renamed","title":"New"}\n',
		});
		const log = await reopen(store);
		expect(log.events()[0]).toEqual({ seq: 1, threadId: "t1", at: "x", type: "hologram", beam: 3, unknown: true });
		expect(log.state().title).toBe("New");
		expect(log.state().lastSeq).toBe(2);
	});

	it("loads an empty file as an empty thread and a missing one as absent", async () => {
		const store = new MemoryStore({ [threadLogKey("t1")]: "" });
		const log = await reopen(store);
		expect(log.events()).toEqual([]);
		expect(log.append({ type: "thread_created" }).seq).toBe(SEQ_GAP + 1);
		expect(await ThreadLog.open(store, "nope")).toBeNull();
	});

	it("rejects flush() when the store fails, and keeps appending in memory", async () => {
		const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
		const store = new MemoryStore();
		store.append = () => Promise.reject(new Error("disk full"));
		const log = new ThreadLog("t1", store);
		log.append({ type: "assistant_token", messageId: "a1", text: "x" });
		await expect(log.flush()).rejects.toThrow("disk full");
		expect(log.append({ type: "status", status: "idle" }).seq).toBe(2);
		await log.settled();
		expect(warn).toHaveBeenCalled();
	});
});
