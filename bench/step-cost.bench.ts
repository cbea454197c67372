/**
 * Per-step cost against the thread's length (issue 32, part 2): one 25-step turn (24 reads of a
 * small note, then an answer) through the app's own wiring (createRedline over a FolderStore in a
 * temp dir, the runner, ChatOpenAI over HTTP) against the scripted model server, which answers at
 * once, in a thread that already holds 1,000 and 20,000 tool calls (written straight to its log in
 * the real event format, after a thread_created the service wrote and indexed). Like any long
 * thread, its older turns were compacted (one context_compacted covers all but the last four), so
 * the request the model gets is the same size in both threads: what differs is only how much log
 * Redline has behind it. The ratio of the two turns' times is the row; the smaller thread is its
 * twin, measured in the same run.
 *
 * `STEP_COST_SIZES=20000 npx tsx bench/step-cost.bench.ts` runs one size alone (for a profile).
 */
import { benchRedline } from "./support/bench-redline";
import { FolderStore } from "../src/sandbox/folder-store";
import { lastUserText, reply, startModelServer } from "../src/sandbox/model-server";
import type { RecordedRequest, ScriptedReply } from "../src/sandbox/model-server";
import { DEFAULT_SETTINGS } from "../src/settings";
import type { RedlineSettings } from "../src/settings";
import { MemoryVault } from "../src/vault/memory-vault";
import { isSummaryRequest, summaryOf } from "../test/agent/support/long-thread";
import { toolTurn } from "./support/tool-turn";
import { writeLongThread } from "./support/long-thread";
import type { BenchRow } from "./run";
import { mkdtemp, rm } from "../src/node/fs";
import { tmpdir } from "../src/node/os";
import { join } from "../src/node/path";
import { process } from "../src/node/process";
import { fileURLToPath } from "../src/node/path";

const AREA = "step cost";
const STEPS = 25;
const KEPT_TURNS = 4;
const NOTE = "Small.md";

/** Writes a thread of `calls` tool calls, all but the last KEPT_TURNS turns compacted; returns its id. */
async function writeThread(dir: string, calls: number): Promise<string> {
	return (await writeLongThread(dir, calls, { turn: toolTurn, compactAllButLast: KEPT_TURNS })).threadId;
}

/** 24 reads of the small note, then the answer; summary requests (none expected) get a summary. */
function stepScript(): (request: RecordedRequest) => Promise<ScriptedReply> {
	let steps = 0;
	let lastUser: string | undefined;
	return async (request) => {
		if (isSummaryRequest(request)) return summaryOf(request);
		const user = lastUserText(request);
		if (user !== lastUser) {
			lastUser = user;
			steps = 0;
		}
		steps++;
		return steps < STEPS ? reply.toolCalls([{ name: "readNote", args: { path: NOTE } }]) : reply.text("All read.");
	};
}

export interface TurnTime {
	calls: number;
	ms: number;
	cpuMs: number;
	steps: number;
	/** The turn's start and end on the profiler's clock (µs), for a profile of the turn alone. */
	window?: [string, string];
}

/** The first turn after the thread was opened, and the turns after it (the thread stays open). */
export interface TurnTimes {
	first: TurnTime;
	/** The median of NEXT_TURNS turns (wall and CPU time taken apart). */
	next: TurnTime;
}

const NEXT_TURNS = 3;

function median(times: TurnTime[]): TurnTime {
	const middle = <T>(values: T[], by: (value: T) => number): T =>
		[...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)];
	const wall = middle(times, (t) => t.ms);
	return { ...wall, cpuMs: middle(times, (t) => t.cpuMs).cpuMs };
}

/**
 * 25-step turns in a thread of `calls` calls, one after the other; wall and CPU time of each,
 * from sendMessage to idle. The first after opening also folds, once, what is kept between steps (the transcript, the
 * open calls, the calibration: O(all events) once per open, issue 32 part 3's cost); the next
 * one costs only its steps.
 */
async function timeTurns(calls: number): Promise<TurnTimes> {
	const dir = await mkdtemp(join(tmpdir(), "redline-step-cost-"));
	const server = await startModelServer({ script: stepScript() });
	const settings: RedlineSettings = {
		...DEFAULT_SETTINGS,
		mainModel: { baseUrl: server.baseURL, model: "bench-main", temperature: 0, contextTokens: 128_000 },
		applyModel: { baseUrl: server.baseURL, model: "bench-apply", contextTokens: 128_000 },
	};
	try {
		const threadId = await writeThread(dir, calls);
		const vault = new MemoryVault("Bench", { [NOTE]: "# Small\n\nA short note.\n" });
		const redline = await benchRedline({ vault, store: new FolderStore(dir), settings });
		try {
			const { service } = redline;
			// The pane watches the thread, as it does while the user waits; opening it is not the
			// turn's cost (issue 32 part 3 measures that).
			let subscription: { close(): void } | undefined;
			await new Promise<void>((resolve, reject) => {
				subscription = service.subscribe({ threadId }, (message) => {
					if (message.kind === "caught_up") resolve();
					else if (message.kind === "error") reject(new Error(message.error.message));
				});
			});
			const turn = async (content: string): Promise<TurnTime> => {
				const before = server.requests.length;
				const cpu = process.cpuUsage();
				const startedAt = process.hrtime.bigint();
				const start = performance.now();
				const sent = await service.sendMessage({ threadId, content });
				if (!sent.ok) throw new Error(sent.error.message);
				await service.idle(threadId);
				const ms = performance.now() - start;
				const window: [string, string] = [String(startedAt / 1000n), String(process.hrtime.bigint() / 1000n)];
				const used = process.cpuUsage(cpu);
				const steps = server.requests.length - before;
				if (steps !== STEPS) throw new Error(`the turn made ${steps} model calls, not ${STEPS}`);
				return { calls, ms, cpuMs: (used.user + used.system) / 1000, steps, window };
			};
			const first = await turn(`Read ${NOTE} ${STEPS - 1} times`);
			// The machine is shared: the median of three turns, wall and CPU time each.
			const later: TurnTime[] = [];
			for (let i = 1; i <= NEXT_TURNS; i++) later.push(await turn(`Read ${NOTE} ${STEPS - 1} times, again (${i})`));
			subscription?.close();
			return { first, next: median(later) };
		} finally {
			await redline.dispose();
		}
	} finally {
		await server.close();
		await rm(dir, { recursive: true, force: true });
	}
}

export async function run(): Promise<BenchRow[]> {
	await timeTurns(200); // warm-up: the JIT, the HTTP stack
	const small = await timeTurns(1_000);
	const large = await timeTurns(20_000);
	const sizes = `${large.next.calls.toLocaleString("en")} / ${small.next.calls.toLocaleString("en")} calls in the thread`;
	const row = (t: TurnTime, which: string): BenchRow[] => [
		{
			area: AREA,
			metric: `${which} ${STEPS}-step turn (reads of a small note), ${t.calls.toLocaleString("en")} calls already in the thread`,
			value: t.ms,
			unit: "ms",
		},
		{ area: AREA, metric: `  same turn: CPU time`, value: t.cpuMs, unit: "ms" },
	];
	return [
		...row(small.next, "one"),
		...row(large.next, "one"),
		{ area: AREA, metric: `turn time, ${sizes}`, value: large.next.ms / small.next.ms, unit: "x", target: "<= 1.2" },
		{
			area: AREA,
			metric: `turn CPU time, ${sizes}`,
			value: large.next.cpuMs / small.next.cpuMs,
			unit: "x",
			target: "<= 1.2",
		},
		...row(small.first, "the first after opening, a"),
		...row(large.first, "the first after opening, a"),
		{
			area: AREA,
			metric: `first turn after opening (folds the log once), time, ${sizes}`,
			value: large.first.ms / small.first.ms,
			unit: "x",
		},
	];
}

// Alone, for a profile: STEP_COST_SIZES=1000,20000 npx tsx --cpu-prof bench/step-cost.bench.ts
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	const sizes = (process.env.STEP_COST_SIZES ?? "1000,20000").split(",").map(Number);
	for (const size of sizes) {
		const times = await timeTurns(size);
		for (const [which, t] of [
			["first", times.first],
			["next", times.next],
		] as const) {
			if (t.window) process.stdout.write(`window ${t.window[0]} ${t.window[1]}\n`);
			const cpu = `${t.cpuMs.toFixed(0)} ms CPU`;
			process.stdout.write(`${size} calls, ${which} turn: ${t.ms.toFixed(0)} ms wall, ${cpu}, ${t.steps} steps\n`);
		}
	}
}
