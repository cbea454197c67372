/**
 * Idle long threads' memory (issue 32: a phone switching between long chats). Four threads of
 * IDLE_LOGS_CALLS tool calls each (default 5,000: an 18 MB log, readsTurn's shape) are opened in
 * turn through the thread service, each let go once caught up, so all four end idle; then the
 * heap after a full GC, in a fresh process per run (support/idle-logs-child.ts):
 * - before: no byte budget, only the count (MAX_IDLE_LOGS = 8): all four stay loaded;
 * - after: the idle budget (IDLE_LOG_BYTES): the least recently used go until the idle logs' bytes
 *   are under it, the most recent stays.
 * Heap per log byte, with all kept, is what IDLE_LOG_BYTES's comment sizes the budget by; it is
 * measured on a second shape too, toolTurn's (small events: tokens, two calls a turn), where the
 * events' objects weigh more than their text.
 */
import { execFile } from "../src/node/child-process";
import { rm } from "../src/node/fs";
import { join, dirname, fileURLToPath, resolve } from "../src/node/path";
import { process } from "../src/node/process";
import { viewSnapshotKey } from "../src/log/view-snapshot";
import { IDLE_LOG_BYTES } from "../src/thread/loaded-logs";
import { createTempDir } from "../test/support/temp";
import { readsTurn } from "./support/reads-turn";
import { toolTurn } from "./support/tool-turn";
import type { NewEvent } from "../src/log/events";
import { writeLongThread, type LongThread } from "./support/long-thread";
import type { BenchRow } from "./run";

const AREA = "idle logs";
const CALLS = Number(process.env.IDLE_LOGS_CALLS ?? 5_000);
const THREADS = 4;
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

interface Measured {
	before: number;
	after: number;
	/** The threads still loaded, by the order they were opened in (1 first). */
	loaded: number[];
	loadedMB: number;
}

async function child(dir: string, mode: "all" | "budget", threads: LongThread[]): Promise<Measured> {
	// Each run opens the threads as the first open after an upgrade does: no stored snapshot.
	for (const thread of threads) await rm(join(dir, viewSnapshotKey(thread.threadId)), { force: true });
	const { stdout } = await execFile(
		process.execPath,
		[
			"--expose-gc",
			"--import",
			"tsx",
			join(root, "bench/support/idle-logs-child.ts"),
			dir,
			mode,
			...threads.map((thread) => thread.threadId),
		],
		{ cwd: root, maxBuffer: 1 << 20 },
	);
	return JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as Measured;
}

async function writeThreads(dir: string, turn: (i: number) => NewEvent[]): Promise<LongThread[]> {
	const threads: LongThread[] = [];
	for (let i = 0; i < THREADS; i++) threads.push(await writeLongThread(dir, CALLS, { turn }));
	return threads;
}

const megabytes = (threads: LongThread[]) => threads.reduce((sum, thread) => sum + thread.bytes, 0) / 1e6;
const grown = (m: Measured) => m.after - m.before;

export async function run(): Promise<BenchRow[]> {
	const dir = await createTempDir("redline-bench-idle-logs-");
	const small = await createTempDir("redline-bench-idle-logs-");
	try {
		const threads = await writeThreads(dir.path, readsTurn);
		const logMB = megabytes(threads);
		const all = await child(dir.path, "all", threads);
		const budget = await child(dir.path, "budget", threads);
		const toolThreads = await writeThreads(small.path, toolTurn);
		const toolAll = await child(small.path, "all", toolThreads);
		const label = `${THREADS} threads of ${CALLS.toLocaleString("en-US")} calls (${(logMB / THREADS).toFixed(1)} MB log each) opened in turn, left idle`;
		const kept = (m: Measured) => `${m.loaded.length} (${m.loaded.join(", ")}), ${m.loadedMB.toFixed(1)} MB of log`;
		return [
			{
				area: AREA,
				metric: `${label}: heap after GC, before (count only) → after (budget ${IDLE_LOG_BYTES / 1e6} MB)`,
				value: `${grown(all).toFixed(0)} → ${grown(budget).toFixed(0)}`,
				unit: "MB over the service's start",
			},
			{ area: AREA, metric: `${label}: logs kept, before → after`, value: `${kept(all)} → ${kept(budget)}`, unit: "" },
			{
				area: AREA,
				metric: `heap per byte of log, all kept (what IDLE_LOG_BYTES is sized by): note reads; toolTurn's small events (${(megabytes(toolThreads) / THREADS).toFixed(1)} MB log each)`,
				value: `${(grown(all) / logMB).toFixed(2)}; ${(grown(toolAll) / megabytes(toolThreads)).toFixed(2)}`,
				unit: "×",
			},
		];
	} finally {
		await dir.remove();
		await small.remove();
	}
}
