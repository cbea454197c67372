/**
 * Opening a long thread over HTTP (issue 32, part 3): a 20,000-call thread beside a 500-call twin,
 * written to a folder store, served by the real RPC server in a process of its own
 * (bench/support/open-server-process.ts), opened by the HTTP client the sandbox's page uses
 * (RemoteThreadService over an EventSource) the way the pane does (src/ui/hooks/useThread.ts).
 *
 * - caught-up: from subscribing to the caught-up marker.
 * - first usable state: until the client holds the state the pane renders (the marker's state, or
 *   the history folded once) — the newest screen can be painted from it.
 * - longest server freeze: the longest gap between turns of a 1 ms timer in the server process
 *   during the open, until the log is loaded (after a snapshot's answer the server still reads
 *   and folds the whole log): no other request is answered meanwhile.
 *
 * Each is measured on the first open (the server reads the log from disk) and the second (loaded).
 * `from: "snapshot"` is the windowed start; `full` asks for the whole history (old clients).
 * The first open on the fresh folder has no stored snapshot (a thread opened before the backfill
 * got to it); "after an upgrade" removes the snapshots again and starts a server that runs the
 * snapshot backfill (src/thread/snapshot-backfill.ts) before the opens: how long it took, and the
 * server's longest freeze while it ran.
 * The freeze is wall-clock time, so the machine's load is printed beside it (first and last row):
 * on a loaded machine another process's turn on a core, or a GC helper thread's, counts too.
 */
import { EventSource } from "eventsource";
import { RemoteThreadService } from "../src/rpc/client/remote-thread-service";
import type { StoredEvent } from "../src/log/events";
import { project } from "../src/log/projection";
import type { ThreadState } from "../src/log/state";
import type { BenchRow } from "./run";
import { readsTurn } from "./support/reads-turn";
import { writeLongThread, type LongThread } from "./support/long-thread";
import { spawn, type PipedChildProcess } from "../src/node/child-process";
import { existsSync, mkdtemp, rm } from "../src/node/fs";
import { viewSnapshotKey } from "../src/log/view-snapshot";
import { cpus, loadavg, tmpdir } from "../src/node/os";
import { fileURLToPath, join } from "../src/node/path";
import { process } from "../src/node/process";
import type { NodeBuffer } from "../src/node/buffer";
import { readLines } from "../src/node/streams";

const AREA = "open thread";
const TOKEN = "bench-token-0123456789abcdef";
const LARGE = Number(process.env.OPEN_THREAD_CALLS ?? 20_000);
const SMALL = 500;
/** OPEN_THREAD_MODES=full measures only old clients (e.g. on code from before the snapshot). */
const MODES = (process.env.OPEN_THREAD_MODES ?? "snapshot,full").split(",") as Array<"snapshot" | "full">;

/** A thread of `calls` tool calls written straight to its log, after a thread_created the service wrote. */
function writeThread(dir: string, calls: number): Promise<LongThread> {
	return writeLongThread(dir, calls, { turn: readsTurn });
}

interface ServerProcess {
	url: string;
	lag(): Promise<number>;
	/** With backfill: ms from the service's start to the backfill's end. */
	backfilled(): Promise<number>;
	quit(): Promise<void>;
}

async function startServer(dir: string, mode: "backfill" | "whole-reads" | null = null): Promise<ServerProcess> {
	const script = fileURLToPath(new URL("./support/open-server-process.ts", import.meta.url));
	const child: PipedChildProcess = spawn(
		process.execPath,
		[
			...(process.env.OPEN_SERVER_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.OPEN_SERVER_PROF] : []),
			"--import",
			"tsx",
			script,
			TOKEN,
			dir,
			...(mode ? [mode] : []),
		],
		{
			stdio: ["pipe", "pipe", "pipe"],
		},
	);
	let stderr = "";
	child.stderr.on("data", (chunk: NodeBuffer) => (stderr += chunk.toString()));
	const lines = readLines(child.stdout)[Symbol.asyncIterator]();
	const next = async (): Promise<Record<string, unknown>> => {
		const line = await lines.next();
		if (line.done) throw new Error(`the server process ended: ${stderr}`);
		return JSON.parse(line.value) as Record<string, unknown>;
	};
	const { url } = (await next()) as { url: string };
	return {
		url,
		lag: async () => {
			child.stdin.write("lag\n");
			return Number((await next()).longestMs);
		},
		backfilled: async () => {
			child.stdin.write("backfilled\n");
			return Number((await next()).ms);
		},
		quit: () =>
			new Promise((resolve) => {
				child.once("exit", () => resolve());
				child.stdin.write("quit\n");
			}),
	};
}

interface Opened {
	caughtUpMs: number;
	usableMs: number;
	freezeMs: number;
}

/** Opens the thread as the pane does; resolves with the times and the server's longest freeze. */
async function open(server: ServerProcess, threadId: string, from: "snapshot" | "full"): Promise<Opened> {
	const client = new RemoteThreadService({ baseUrl: server.url, token: TOKEN, EventSource });
	await server.lag();
	const start = performance.now();
	const { caughtUpMs, state } = await new Promise<{ caughtUpMs: number; state: ThreadState }>((resolve, reject) => {
		const history: StoredEvent[] = [];
		const params = from === "snapshot" ? { threadId, from } : { threadId };
		const subscription = client.subscribe(params, (message) => {
			if (message.kind === "event") history.push(message.event);
			else if (message.kind === "caught_up") {
				const caughtUpMs = performance.now() - start;
				subscription.close();
				resolve({ caughtUpMs, state: message.state ?? project(threadId, history) });
			} else reject(new Error(message.error.message));
		});
	});
	const usableMs = performance.now() - start;
	if (state.messages.length === 0) throw new Error("the opened thread shows nothing");
	// A snapshot answers before the log is read and folded, which goes on in the server after the
	// marker: the freeze is measured until the log is loaded (a page of history waits for it).
	const before = state.earlier?.beforeSeq;
	if (before !== undefined) {
		const page = await client.threadHistory({ threadId, before, limit: 1 });
		if (!page.ok) throw new Error(page.error.message);
	}
	return { caughtUpMs, usableMs, freezeMs: await server.lag() };
}

export async function run(): Promise<BenchRow[]> {
	const dir = await mkdtemp(join(tmpdir(), "redline-open-thread-"));
	try {
		const small = await writeThread(dir, SMALL);
		const large = await writeThread(dir, LARGE);
		const load = (when: string): BenchRow => ({
			area: AREA,
			metric: `machine load average (1 min) / cores, ${when}`,
			value: `${loadavg()[0]?.toFixed(1) ?? "?"} / ${cpus().length}`,
			unit: "",
		});
		const rows: BenchRow[] = [load("before the opens")];
		const row = (from: string, which: string, twin: Opened, big: Opened): BenchRow[] => {
			const name = `${large.calls.toLocaleString("en")}-call thread (${large.events.toLocaleString("en")} events, ${(large.bytes / 1e6).toFixed(0)} MB log) [${small.calls}-call twin], from: ${from}, ${which}`;
			const twinOf = (ms: number) => `${ms.toFixed(0)} ms`;
			const snap = from === "snapshot";
			return [
				{
					area: AREA,
					metric: `${name}: caught-up [twin ${twinOf(twin.caughtUpMs)}]`,
					value: big.caughtUpMs,
					unit: "ms",
					...(snap ? { target: "≤ 300" } : {}),
				},
				{
					area: AREA,
					metric: `${name}: first usable state in the client [twin ${twinOf(twin.usableMs)}]`,
					value: big.usableMs,
					unit: "ms",
					...(snap ? { target: "≤ 500" } : {}),
				},
				{
					area: AREA,
					metric: `${name}: longest server freeze [twin ${twinOf(twin.freezeMs)}]`,
					value: big.freezeMs,
					unit: "ms",
					target: "≤ 50",
				},
			];
		};
		for (const from of MODES) {
			const server = await startServer(dir);
			try {
				// First: the server reads the log from disk (with no snapshot yet when from: full ran
				// first on a fresh folder); second: the log is loaded. Each thread's second open comes
				// right after its first: the service keeps one long idle log loaded (the idle budget,
				// src/thread/loaded-logs.ts), so opening the twin in between would let the big one go.
				const twin = [await open(server, small.threadId, from), await open(server, small.threadId, from)];
				const big = [await open(server, large.threadId, from), await open(server, large.threadId, from)];
				rows.push(...row(from, "first open", twin[0], big[0]), ...row(from, "second open", twin[1], big[1]));
			} finally {
				await server.quit();
			}
		}
		if (MODES.includes("snapshot")) {
			// A restarted server: the logs were sealed with their snapshots stored beside them.
			const server = await startServer(dir);
			try {
				const twin = await open(server, small.threadId, "snapshot");
				const big = await open(server, large.threadId, "snapshot");
				rows.push(...row("snapshot", "first open after a restart (snapshot stored)", twin, big));
			} finally {
				await server.quit();
			}
		}
		if (MODES.includes("snapshot")) {
			// A phone: the store reads a log only whole. The stored snapshot answers first, unchecked;
			// the log's whole read and its check come after (src/log/log.ts, ThreadLog.open).
			const server = await startServer(dir, "whole-reads");
			try {
				const twin = await open(server, small.threadId, "snapshot");
				const big = await open(server, large.threadId, "snapshot");
				rows.push(
					...row(
						"snapshot",
						"first open after a restart, store without ranged reads (as Obsidian on a phone)",
						twin,
						big,
					),
				);
			} finally {
				await server.quit();
			}
		}
		if (MODES.includes("snapshot")) {
			// An upgrade: the logs have no snapshot of this format (removed here), and the server's
			// backfill stores them before the user opens anything.
			for (const thread of [small, large]) await rm(join(dir, viewSnapshotKey(thread.threadId)), { force: true });
			const server = await startServer(dir, "backfill");
			try {
				const backfillMs = await server.backfilled();
				// It goes by the index's lastSeq, which the servers above brought up to date (the bench
				// writes the logs straight to disk).
				if (!existsSync(join(dir, viewSnapshotKey(large.threadId))))
					throw new Error("bench: the backfill stored no snapshot");
				const backfillFreeze = await server.lag();
				const twin = await open(server, small.threadId, "snapshot");
				const big = await open(server, large.threadId, "snapshot");
				rows.push(
					{
						area: AREA,
						metric: `snapshot backfill at start, over both logs without a snapshot (${large.calls.toLocaleString("en")}-call and ${small.calls}-call threads): time from the service's start to its end`,
						value: backfillMs,
						unit: "ms",
					},
					{
						area: AREA,
						metric: "snapshot backfill at start: longest server freeze while it ran",
						value: backfillFreeze,
						unit: "ms",
						target: "≤ 50",
					},
					...row("snapshot", "first open after an upgrade (log without snapshot, backfill ran at start)", twin, big),
				);
			} finally {
				await server.quit();
			}
		}
		rows.push(load("after them"));
		return rows;
	} finally {
		await rm(dir, { recursive: true, force: true });
	}
}
