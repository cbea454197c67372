/**
 * Long threads (issue 16), through the app's own wiring (createRedline: service, runner, tools,
 * ChatOpenAI over HTTP) against the scripted model server, which refuses any request over 32,768
 * tokens in OpenAI's words. The main model has the 32k "Context window (tokens)" setting.
 *
 * - 200 turns that each read a 60 KB note: the size of every main-model request (the server's own
 *   count), and whether it stays flat once compaction starts; and the same with an 8 KB note
 *   pinned before turn 1 and read only on turn 2, whose read must still be in the last request;
 * - the main model's input summed over the 200 turns against the same thread without compaction
 *   or elision (every request rebuilt in full from the log prefix it was made from; both sides in
 *   Redline's estimate, so the ratio compares like with like);
 * - transcript build time for a 50,000-event thread opened from a FolderStore: the runner's own
 *   ContextManager.prepare, as before every model call, after the thread's compaction; in a
 *   drive's steady state, and the first build after the thread is opened again (each read's
 *   token estimate not known yet, as after a restart). Wall and CPU time.
 */
import { ContextManager } from "../src/agent/context-manager";
import { fitTranscript } from "../src/agent/context-budget";
import { buildSystemPrompt } from "../src/agent/system-prompt";
import { estimateJsonTokens } from "../src/agent/token-estimate";
import { readModelThread } from "../src/agent/transcript";
import { createModelProvider } from "../src/llm/model-provider";
import { benchRedline } from "./support/bench-redline";
import type { Redline } from "../src/redline";
import { FolderStore } from "../src/sandbox/folder-store";
import { messageText, promptTokens, requestSize, startModelServer } from "../src/sandbox/model-server";
import type { RecordedRequest } from "../src/sandbox/model-server";
import { DEFAULT_SETTINGS } from "../src/settings";
import type { RedlineSettings } from "../src/settings";
import { MemoryStore } from "../src/store/memory-store";
import { isKnownEvent } from "../src/log/events";
import type { NewEvent, StoredEvent } from "../src/log/events";
import { ThreadLog } from "../src/log/log";
import { readNoteTool } from "../src/tools/read-note";
import { ToolRegistry } from "../src/tools/registry";
import { MemoryVault } from "../src/vault/memory-vault";
import { isSummaryRequest, largeNotes, readingScript } from "../test/agent/support/long-thread";
import type { BenchRow } from "./run";
import { mkdtemp, rm } from "../src/node/fs";
import { tmpdir } from "../src/node/os";
import { join } from "../src/node/path";
import { process } from "../src/node/process";

const AREA = "long threads";
const LIMIT = 32_768;
const TURNS = 200;

function settingsFor(baseURL: string): RedlineSettings {
	return {
		...DEFAULT_SETTINGS,
		mainModel: { baseUrl: baseURL, model: "bench-main", temperature: 0, contextTokens: LIMIT },
		applyModel: { baseUrl: baseURL, model: "bench-apply", contextTokens: LIMIT },
	};
}

interface Drive {
	/** Per turn: the largest main-model request, in the server's count. */
	perTurn: number[];
	firstCompactionTurn: number | undefined;
	refused: number;
	actualEstimate: number;
	baselineEstimate: number;
	summaryInput: number;
	/** The last main-model request's system message. */
	lastSystem: string;
}

const PINNED = "Notes/Note 11.md";

async function driveLongThread(pinned = false): Promise<Drive> {
	const server = await startModelServer({ script: readingScript(), contextLimit: { tokens: LIMIT, style: "openai" } });
	const vault = new MemoryVault("Bench", {
		...largeNotes(10, 60_000),
		[PINNED]: largeNotes(1, 8_000)["Notes/Note 1.md"],
	});
	const settings = settingsFor(server.baseURL);
	const redline = await benchRedline({ vault, store: new MemoryStore(), settings });
	try {
		const { service } = redline;
		const created = await service.createThread({ title: "context bench" });
		if (!created.ok) throw new Error(created.error.message);
		const threadId = created.threadId;
		if (pinned) await service.pinItem({ threadId, operation: "pin", pinnedItem: { path: PINNED } });
		const turnOf: number[] = [];
		for (let turn = 1; turn <= TURNS; turn++) {
			const before = server.requests.length;
			const path = pinned && turn === 2 ? PINNED : `Notes/Note ${((turn - 1) % 10) + 1}.md`;
			const sent = await service.sendMessage({ threadId, content: `Read ${path}` });
			if (!sent.ok) throw new Error(sent.error.message);
			await Promise.resolve();
			await Promise.resolve();
			await service.idle(threadId);
			for (let i = before; i < server.requests.length; i++) turnOf[i] = turn;
		}
		const events = await eventsOf(service, threadId);
		const errors = events.filter((e) => e.type === "error");
		if (errors.length > 0) throw new Error(`the long thread failed: ${JSON.stringify(errors[0])}`);

		const perTurn = new Array<number>(TURNS).fill(0);
		let summaryInput = 0;
		server.requests.forEach((request, i) => {
			const tokens = promptTokens(requestSize(request.body));
			if (isSummaryRequest(request)) summaryInput += tokens;
			else if (request.outcome === "completed") perTurn[turnOf[i] - 1] = Math.max(perTurn[turnOf[i] - 1], tokens);
		});
		const { actual, baseline } = inputAgainstNoCompaction(
			events,
			basePrompt(server.requests),
			estimateJsonTokens(redlineToolDefinitions(server.requests)),
		);
		return {
			perTurn,
			firstCompactionTurn: firstCompactionTurn(events),
			refused: server.requests.filter((r) => r.outcome === "context-exceeded").length,
			actualEstimate: actual,
			baselineEstimate: baseline,
			summaryInput,
			lastSystem: messageText(
				server.requests.filter((r) => !isSummaryRequest(r)).at(-1)?.body.messages[0] ?? { role: "system" },
			),
		};
	} finally {
		await redline.dispose();
		await server.close();
	}
}

function eventsOf(service: Redline["service"], threadId: string): Promise<StoredEvent[]> {
	return new Promise((resolve) => {
		const events: StoredEvent[] = [];
		const sub = service.subscribe({ threadId }, (message) => {
			if (message.kind === "event") events.push(message.event);
			else {
				queueMicrotask(() => sub.close());
				resolve(events);
			}
		});
	});
}

function firstCompactionTurn(events: readonly StoredEvent[]): number | undefined {
	let turn = 0;
	for (const event of events) {
		if (event.type === "user_message") turn++;
		if (event.type === "context_compacted") return turn;
	}
	return undefined;
}

/** The system prompt as sent before any summary was added to it. */
function basePrompt(requests: readonly RecordedRequest[]): string {
	const first = requests.find((r) => !isSummaryRequest(r));
	return first ? messageText(first.body.messages[0]) : "";
}

function redlineToolDefinitions(requests: readonly RecordedRequest[]): unknown {
	return requests.find((r) => !isSummaryRequest(r))?.body.tools ?? [];
}

/**
 * Each main-model request as sent (Redline's estimate, recorded on its reply) against the same
 * request rebuilt in full from the log as it stood then, with no compaction or elision.
 */
function inputAgainstNoCompaction(
	events: readonly StoredEvent[],
	prompt: string,
	toolTokens: number,
): { actual: number; baseline: number } {
	let actual = 0;
	let baseline = 0;
	const uncompacted = events.filter((e) => e.type !== "context_compacted");
	let prefixEnd = 0;
	for (const event of events) {
		if (!isKnownEvent(event) || event.type !== "assistant_message_completed") continue;
		const estimate = event.usage?.estimatedPromptTokens;
		if (estimate === undefined) continue;
		actual += estimate;
		const started = events.find((e) => e.type === "assistant_message_started" && e.messageId === event.messageId);
		while (prefixEnd < uncompacted.length && uncompacted[prefixEnd].seq < (started?.seq ?? event.seq)) prefixEnd++;
		baseline +=
			fitTranscript(prompt, readModelThread(uncompacted.slice(0, prefixEnd)), { budget: undefined }).tokens +
			toolTokens;
	}
	return { actual, baseline };
}

/** A turn of a long-lived thread: ~100 streamed tokens, two reads of a few KB, the answer. */
function turnEvents(i: number): NewEvent[] {
	const events: NewEvent[] = [
		{ type: "user_message", messageId: `u${i}`, content: `Please tidy note ${i}`, pinned: [] },
		{ type: "status", status: "thinking" },
		{ type: "assistant_message_started", messageId: `a${i}` },
	];
	for (let t = 0; t < 100; t++)
		events.push({ type: "assistant_token", messageId: `a${i}`, text: t % 7 === 0 ? " the" : " word" });
	events.push({
		type: "assistant_message_completed",
		messageId: `a${i}`,
		finishReason: "tool_calls",
		usage: { promptTokens: 9000, estimatedPromptTokens: 8800 },
	});
	for (let c = 0; c < 2; c++) {
		const callId = `c${i}_${c}`;
		events.push(
			{
				type: "tool_call_proposed",
				callId,
				tool: "readNote",
				args: { path: `Notes/Note ${i}-${c}.md` },
				messageId: `a${i}`,
			},
			{ type: "tool_call_decided", callId, decision: "approved", by: "policy" },
			{ type: "tool_call_started", callId },
			{
				type: "tool_call_completed",
				callId,
				result: {
					status: "success",
					message: `Notes/Note ${i}-${c}.md (40 lines):\n${"- an item of the note, with a few words\n".repeat(80)}`,
				},
			},
		);
	}
	events.push({ type: "status", status: "idle" });
	return events;
}

/**
 * Median ms of ContextManager.prepare on a 50,000-event thread read back from a folder: in the
 * steady state (each read's estimate already known, as before every model call of a drive), and
 * cold, the first build after the thread is opened again (as after a restart).
 */
async function transcriptBuild(): Promise<{ warm: Timing; cold: Timing; events: number; messages: number }> {
	const dir = await mkdtemp(join(tmpdir(), "redline-context-bench-"));
	const server = await startModelServer({ script: readingScript() });
	try {
		const store = new FolderStore(dir);
		const writer = new ThreadLog("bench", store);
		for (let i = 0; writer.events().length < 50_000; i++)
			for (const event of turnEvents(i)) if (writer.events().length < 50_000) writer.append(event);
		writer.append({ type: "user_message", messageId: "last", content: "And now?", pinned: [] });
		await writer.flush();

		const log = await ThreadLog.open(store, "bench");
		if (!log) throw new Error("the bench thread did not open");
		const settings = settingsFor(server.baseURL);
		const tools = new ToolRegistry([readNoteTool]);
		const context = new ContextManager({
			models: createModelProvider(
				() => settings,
				() => ({}),
			),
			settings: () => settings,
			tools: () => tools.definitions(),
		});
		const prompt = buildSystemPrompt({ vaultName: "Bench", tools: tools.names(), pinned: [] });
		const signal = new AbortController().signal;
		// The first call compacts the thread (a summary from the scripted apply model), as the app
		// would have done long before; every later call is the steady state timed here.
		await context.prepare(log, prompt, signal);
		if (!log.events().some((e) => e.type === "context_compacted"))
			throw new Error("the bench thread was not compacted");
		const warm = new Timings();
		let messages = 0;
		for (let run = 0; run < 15; run++)
			messages = (await warm.time(() => context.prepare(log, prompt, signal))).messages.length;
		const cold = new Timings();
		for (let run = 0; run < 5; run++) {
			const reopened = await ThreadLog.open(store, "bench");
			if (!reopened) throw new Error("the bench thread did not open again");
			await cold.time(() => context.prepare(reopened, prompt, signal));
			if (reopened.events().length !== log.events().length)
				throw new Error("the cold build changed the thread (it should not compact again)");
		}
		return { warm: warm.median(), cold: cold.median(), events: log.events().length, messages };
	} finally {
		await server.close();
		await rm(dir, { recursive: true, force: true });
	}
}

interface Timing {
	wall: number;
	/** This process's CPU time: the steadier figure on a machine shared with other work. */
	cpu: number;
}

class Timings {
	private readonly walls: number[] = [];
	private readonly cpus: number[] = [];

	async time<T>(work: () => Promise<T>): Promise<T> {
		const cpu = process.cpuUsage();
		const start = performance.now();
		const result = await work();
		this.walls.push(performance.now() - start);
		const used = process.cpuUsage(cpu);
		this.cpus.push((used.user + used.system) / 1000);
		return result;
	}

	median(): Timing {
		return { wall: median(this.walls), cpu: median(this.cpus) };
	}
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

export async function run(): Promise<BenchRow[]> {
	const drive = await driveLongThread();
	const withPin = await driveLongThread(true);
	const build = await transcriptBuild();
	const first = drive.firstCompactionTurn;
	const after = first === undefined ? [] : drive.perTurn.slice(first);
	const early = after.slice(0, 50);
	const late = after.slice(-50);
	return [
		{
			area: AREA,
			metric: `largest request in ${TURNS} turns of 60 KB reads (32k budget, server's count)`,
			value: Math.max(...drive.perTurn),
			unit: "tokens",
			target: `<= ${LIMIT} every turn`,
		},
		{ area: AREA, metric: "requests refused as too long", value: drive.refused, unit: "requests", target: "0" },
		{ area: AREA, metric: "first compaction", value: first === undefined ? "none" : `turn ${first}`, unit: "" },
		{
			area: AREA,
			metric: "request tokens per turn after the first compaction (min-max)",
			value: after.length ? `${Math.min(...after)}-${Math.max(...after)}` : "n/a",
			unit: "tokens",
		},
		{
			area: AREA,
			metric: "drift after the first compaction (mean of the last 50 turns / the 50 after it)",
			value: early.length ? mean(late) / mean(early) : NaN,
			unit: "x",
			target: "flat (~1.0)",
		},
		{
			area: AREA,
			metric: `main-model input over ${TURNS} turns vs no compaction`,
			value: (100 * drive.actualEstimate) / drive.baselineEstimate,
			unit: "%",
			target: "<= 25 %",
		},
		{
			area: AREA,
			metric: `apply-model input for summaries over ${TURNS} turns`,
			value: drive.summaryInput,
			unit: "tokens",
		},
		{
			area: AREA,
			metric: `the same with an 8 KB note pinned, read on turn 2: largest request`,
			value: Math.max(...withPin.perTurn),
			unit: "tokens",
			target: `<= ${LIMIT} every turn`,
		},
		{
			area: AREA,
			metric: "the same pinned: requests refused as too long",
			value: withPin.refused,
			unit: "requests",
			target: "0",
		},
		{
			area: AREA,
			metric: `the same pinned: turn ${TURNS}'s request still holds the pinned note's read`,
			value: withPin.lastSystem.includes(`Pinned note "${PINNED}", as you last read it:\n${PINNED} (`) ? "yes" : "no",
			unit: "",
			target: "yes",
		},
		{
			area: AREA,
			metric: `transcript build, ${build.events.toLocaleString("en-US")}-event thread opened from a FolderStore (${build.messages} messages sent), wall`,
			value: build.warm.wall,
			unit: "ms",
			target: "<= 50 ms",
		},
		{ area: AREA, metric: "transcript build, the same, CPU", value: build.warm.cpu, unit: "ms", target: "<= 50 ms" },
		{
			area: AREA,
			metric: "transcript build, the first after the thread is opened again (cold), wall",
			value: build.cold.wall,
			unit: "ms",
			target: "<= 50 ms",
		},
		{
			area: AREA,
			metric: "transcript build, the first after opening (cold), CPU",
			value: build.cold.cpu,
			unit: "ms",
			target: "<= 50 ms",
		},
	];
}
