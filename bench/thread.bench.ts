/**
 * Thread benches (issue 3): append throughput with persistence to a real folder, replay of 5,000
 * and 50,000 events to ThreadState, and log bytes per streamed token.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FolderStore } from "../src/sandbox/folder-store";
import { MemoryStore } from "../src/store/memory-store";
import type { NewEvent, StoredEvent } from "../src/thread/events";
import { ThreadLog, threadLogKey } from "../src/thread/log";
import { project } from "../src/thread/projection";
import type { BenchRow } from "./run";

/** A realistic turn: a message, ~100 streamed tokens, two calls decided, run and completed. */
function turn(i: number): NewEvent[] {
	const events: NewEvent[] = [
		{ type: "user_message", messageId: `u${i}`, content: `Please tidy note ${i}`, pinned: [] },
		{ type: "status", status: "thinking" },
		{ type: "assistant_message_started", messageId: `a${i}` },
	];
	for (let t = 0; t < 100; t++) events.push({ type: "assistant_token", messageId: `a${i}`, text: t % 7 === 0 ? " the" : " word" });
	for (let c = 0; c < 2; c++) {
		const callId = `c${i}_${c}`;
		events.push(
			{ type: "tool_call_proposed", callId, tool: "readNote", args: { path: `Note ${i}.md` }, messageId: `a${i}` },
			{ type: "tool_call_decided", callId, decision: "approved", by: "policy" },
			{ type: "tool_call_started", callId },
			{ type: "tool_call_completed", callId, result: { status: "success", message: "Read 40 lines" } },
		);
	}
	events.push({ type: "assistant_message_completed", messageId: `a${i}`, finishReason: "stop" }, { type: "status", status: "idle" });
	return events;
}

function stampedEvents(count: number): StoredEvent[] {
	const log = new ThreadLog("bench", new MemoryStore());
	for (let i = 0; log.events().length < count; i++) for (const event of turn(i)) if (log.events().length < count) log.append(event);
	log.discard();
	return [...log.events()];
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function replayMs(events: StoredEvent[], runs: number): number {
	const times: number[] = [];
	for (let r = 0; r < runs; r++) {
		const start = performance.now();
		project("bench", events);
		times.push(performance.now() - start);
	}
	return median(times);
}

async function appendThroughput(): Promise<number> {
	const dir = await mkdtemp(join(tmpdir(), "redline-thread-bench-"));
	try {
		const log = new ThreadLog("bench", new FolderStore(dir));
		const events: NewEvent[] = [];
		for (let i = 0; events.length < 20_000; i++) events.push(...turn(i));
		const start = performance.now();
		for (const event of events) log.append(event);
		await log.flush();
		return events.length / ((performance.now() - start) / 1000);
	} finally {
		await rm(dir, { recursive: true, force: true });
	}
}

async function bytesPerToken(): Promise<{ perToken: number; ratio: number }> {
	const store = new MemoryStore();
	const log = new ThreadLog("bench", store);
	log.append({ type: "assistant_message_started", messageId: "a1" });
	let text = "";
	for (let t = 0; t < 2000; t++) {
		const token = t % 5 === 0 ? " and" : " word";
		text += token;
		log.append({ type: "assistant_token", messageId: "a1", text: token });
	}
	log.append({ type: "assistant_message_completed", messageId: "a1", finishReason: "stop" });
	await log.flush();
	const bytes = new TextEncoder().encode((await store.read(threadLogKey("bench"))) ?? "").length;
	return { perToken: bytes / 2000, ratio: bytes / text.length };
}

export async function run(): Promise<BenchRow[]> {
	const small = stampedEvents(5_000);
	const large = stampedEvents(50_000);
	replayMs(small, 3); // warm-up
	const throughput = await appendThroughput();
	const tokens = await bytesPerToken();
	return [
		{ area: "thread", metric: "append with persistence (FolderStore)", value: throughput, unit: "events/s" },
		{ area: "thread", metric: "replay 5,000 events to ThreadState", value: replayMs(small, 9), unit: "ms", target: "< 50 ms" },
		{ area: "thread", metric: "replay 50,000 events to ThreadState", value: replayMs(large, 3), unit: "ms", target: "< 500 ms" },
		{ area: "thread", metric: "log bytes per streamed token (2,000-token reply)", value: tokens.perToken, unit: "bytes" },
		{ area: "thread", metric: "log size / reply text size (2,000 tokens)", value: tokens.ratio, unit: "x", target: "<= 3x" },
	];
}
