/**
 * Thread benches (issues 3 and 13): append throughput with persistence to a real folder; opening
 * a thread of 500 and 5,000 tool calls (about 5,000 and 50,000 events) the way the pane does
 * (a new thread service over a FolderStore, subscribe, fold the history at the caught-up marker),
 * and how that cost grows; how often the thread index is written while a 2,000-token reply
 * streams from the scripted model server through the app's own wiring; log bytes per streamed token.
 */
import { benchRedline } from "./support/bench-redline";
import { FolderStore } from "../src/sandbox/folder-store";
import { reply, scripted, startModelServer } from "../src/sandbox/model-server";
import { DEFAULT_SETTINGS } from "../src/settings";
import type { Store } from "../src/store/store";
import { MemoryStore } from "../src/store/memory-store";
import type { NewEvent, StoredEvent } from "../src/log/events";
import { ThreadLog, threadLogKey } from "../src/log/log";
import { project } from "../src/log/projection";
import { LocalThreadService } from "../src/thread/service";
import type { ThreadState } from "../src/log/state";
import { INDEX_QUIET_MS, THREAD_INDEX_KEY } from "../src/thread/thread-index";
import { MemoryVault } from "../src/vault/memory-vault";
import type { BenchRow } from "./run";
import { toolTurn } from "./support/tool-turn";
import { writeLongThread, type LongThread } from "./support/long-thread";
import { mkdtemp, rm } from "../src/node/fs";
import { tmpdir } from "../src/node/os";
import { join } from "../src/node/path";
import { process } from "../src/node/process";
import { sleep } from "../src/node/timers";

/** A realistic turn: a message, ~100 streamed tokens, two calls decided, run and completed. */
function turn(i: number): NewEvent[] {
	const events: NewEvent[] = [
		{ type: "user_message", messageId: `u${i}`, content: `Please tidy note ${i}`, pinned: [] },
		{ type: "status", status: "thinking" },
		{ type: "assistant_message_started", messageId: `a${i}` },
	];
	for (let t = 0; t < 100; t++)
		events.push({ type: "assistant_token", messageId: `a${i}`, text: t % 7 === 0 ? " the" : " word" });
	for (let c = i % 25 === 0 ? 1 : 0; c < 2; c++) {
		const callId = `c${i}_${c}`;
		events.push(
			{ type: "tool_call_proposed", callId, tool: "readNote", args: { path: `Note ${i}.md` }, messageId: `a${i}` },
			{ type: "tool_call_decided", callId, decision: "approved", by: "policy" },
			{ type: "tool_call_started", callId },
			{ type: "tool_call_completed", callId, result: { status: "success", message: "Read 40 lines" } },
		);
	}
	events.push(
		{ type: "assistant_message_completed", messageId: `a${i}`, finishReason: "stop" },
		{ type: "status", status: "idle" },
	);
	return events;
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/**
 * A thread of `calls` tool calls in a FolderStore at dir (toolTurn's turns, as this bench always
 * wrote them).
 */
function writeThread(dir: string, calls: number): Promise<LongThread> {
	return writeLongThread(dir, calls, { turn: toolTurn });
}

/**
 * What the pane does (src/ui/hooks/useThread.ts): subscribe, collect the history up to the
 * caught-up marker, then take the state the marker carries, or else fold the history once.
 */
function firstState(service: LocalThreadService, threadId: string): Promise<ThreadState> {
	return new Promise((resolve, reject) => {
		const history: StoredEvent[] = [];
		const subscription = service.subscribe({ threadId }, (message) => {
			if (message.kind === "event") history.push(message.event);
			else if (message.kind === "caught_up") {
				queueMicrotask(() => subscription.close());
				resolve(message.state ?? project(threadId, history));
			} else reject(new Error(message.error.message));
		});
	});
}

/**
 * Median ms from a new thread service over the folder to the thread's first state: wall time,
 * and the process's CPU time (the steadier figure on a machine shared with other work).
 */
async function openMs(dir: string, thread: LongThread, runs: number): Promise<{ wall: number; cpu: number }> {
	const walls: number[] = [];
	const cpus: number[] = [];
	for (let r = 0; r < runs; r++) {
		const cpu = process.cpuUsage();
		const start = performance.now();
		const service = new LocalThreadService({ store: new FolderStore(dir) });
		const state = await firstState(service, thread.threadId);
		walls.push(performance.now() - start);
		const used = process.cpuUsage(cpu);
		cpus.push((used.user + used.system) / 1000);
		if (state.toolCallOrder.length !== thread.calls)
			throw new Error(`the opened thread has ${state.toolCallOrder.length} tool calls, not ${thread.calls}`);
		await service.close();
	}
	return { wall: median(walls), cpu: median(cpus) };
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

async function openRows(): Promise<BenchRow[]> {
	const dir = await mkdtemp(join(tmpdir(), "redline-thread-open-"));
	try {
		const small = await writeThread(join(dir, "small"), 500);
		const large = await writeThread(join(dir, "large"), 5_000);
		await openMs(join(dir, "small"), small, 3); // warm-up
		const smallMs = await openMs(join(dir, "small"), small, 9);
		const largeMs = await openMs(join(dir, "large"), large, 5);
		const name = (thread: LongThread) =>
			`open a thread of ${thread.calls.toLocaleString("en")} tool calls (${thread.events.toLocaleString("en")} events) from a FolderStore, to first state`;
		const ratio = `${(large.events / small.events).toFixed(1)}x the events`;
		return [
			{ area: "thread", metric: name(small), value: smallMs.wall, unit: "ms" },
			{ area: "thread", metric: `${name(small)}: CPU time`, value: smallMs.cpu, unit: "ms" },
			{ area: "thread", metric: name(large), value: largeMs.wall, unit: "ms", target: "<= 300 ms" },
			{ area: "thread", metric: `${name(large)}: CPU time`, value: largeMs.cpu, unit: "ms", target: "<= 300 ms" },
			{
				area: "thread",
				metric: `open cost, ${large.calls.toLocaleString("en")} / ${small.calls} tool calls (${ratio})`,
				value: largeMs.wall / smallMs.wall,
				unit: "x",
				target: "<= 12x (linear)",
			},
			{
				area: "thread",
				metric: `open CPU time, ${large.calls.toLocaleString("en")} / ${small.calls} tool calls (${ratio})`,
				value: largeMs.cpu / smallMs.cpu,
				unit: "x",
				target: "<= 12x (linear)",
			},
		];
	} finally {
		await rm(dir, { recursive: true, force: true });
	}
}

/** A Store that counts index writes and log appends, passing everything on to `store`. */
function counting(store: Store): { store: Store; indexWrites: number; logAppends: number } {
	const counts = {
		indexWrites: 0,
		logAppends: 0,
		store: {
			append: (key: string, text: string) => {
				if (key.endsWith(".jsonl")) counts.logAppends++;
				return store.append(key, text);
			},
			read: (key: string) => store.read(key),
			write: (key: string, text: string) => {
				if (key === THREAD_INDEX_KEY) counts.indexWrites++;
				return store.write(key, text);
			},
			list: (prefix: string) => store.list(prefix),
			remove: (key: string) => store.remove(key),
		} satisfies Store,
	};
	return counts;
}

/**
 * Index writes from sendMessage until the writes have settled (the index's quiet period after
 * the reply's last log write included), for a 2,000-token reply streamed at 1,000 tokens/s:
 * about two seconds, in which the log is written every quarter second. Through createRedline
 * over a FolderStore, the real model client and the scripted model server.
 */
async function indexWritesWhileStreaming(): Promise<{ indexWrites: number; logAppends: number; tokens: number }> {
	const dir = await mkdtemp(join(tmpdir(), "redline-thread-index-"));
	const text = Array.from({ length: 2000 }, (_, i) => (i % 9 === 0 ? " the" : " word")).join("");
	const server = await startModelServer({
		script: scripted(reply.text(text, { pace: { firstTokenMs: 50, tokensPerSecond: 1000 } })),
	});
	const counted = counting(new FolderStore(dir));
	const settings = { ...DEFAULT_SETTINGS, mainModel: { baseUrl: server.baseURL, model: "bench-main", temperature: 0 } };
	const vault = new MemoryVault("Bench", {});
	const redline = await benchRedline({ vault, store: counted.store, settings });
	try {
		const { service } = redline;
		const created = await service.createThread({ title: "A long story" });
		if (!created.ok) throw new Error(created.error.message);
		// Creating the thread saves the index at once, in the background: not part of the reply.
		await sleep(INDEX_QUIET_MS);
		const before = { index: counted.indexWrites, log: counted.logAppends };
		const sent = await service.sendMessage({ threadId: created.threadId, content: "Tell me a long story" });
		if (!sent.ok) throw new Error(sent.error.message);
		await service.idle(created.threadId);
		await sleep(INDEX_QUIET_MS + 500);
		const state = await firstState(service, created.threadId);
		const answer = state.messages.find((m) => m.kind === "assistant");
		if (answer?.kind !== "assistant" || answer.text !== text) throw new Error("the reply did not stream in full");
		return {
			indexWrites: counted.indexWrites - before.index,
			logAppends: counted.logAppends - before.log,
			tokens: 2000,
		};
	} finally {
		await redline.dispose();
		await server.close();
		await rm(dir, { recursive: true, force: true });
	}
}

export async function run(): Promise<BenchRow[]> {
	const throughput = await appendThroughput();
	const opened = await openRows();
	const tokens = await bytesPerToken();
	const streamed = await indexWritesWhileStreaming();
	return [
		{ area: "thread", metric: "append with persistence (FolderStore)", value: throughput, unit: "events/s" },
		...opened,
		{
			area: "thread",
			metric: `thread index writes during a ${streamed.tokens.toLocaleString("en")}-token streamed reply (createRedline, model server, FolderStore)`,
			value: streamed.indexWrites,
			unit: "writes",
			target: "<= 2",
		},
		{
			area: "thread",
			metric: `log writes during the same reply (for scale)`,
			value: streamed.logAppends,
			unit: "writes",
		},
		{
			area: "thread",
			metric: "log bytes per streamed token (2,000-token reply)",
			value: tokens.perToken,
			unit: "bytes",
		},
		{
			area: "thread",
			metric: "log size / reply text size (2,000 tokens)",
			value: tokens.ratio,
			unit: "x",
			target: "<= 3x",
		},
	];
}
