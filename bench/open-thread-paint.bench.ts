/**
 * Opening a long thread in the real page (issue 32, part 3: "newest screen painted"): a
 * 20,000-call thread beside a 500-call twin (support/reads-turn.ts, the shape open-thread.bench.ts
 * opens over HTTP), written to the sandbox's folder store, served by the real sandbox (service,
 * RPC server, the page's bundle) and opened in Chromium the way a person does: Chat history, the
 * thread's row clicked.
 *
 * The time runs from that click (the page asks for the thread: the pane subscribes `from:
 * "snapshot"`) to the frame that paints the thread's newest message: the text is found in the
 * pane by a MutationObserver, then a requestAnimationFrame callback runs before that frame's
 * paint and a message posted from it runs right after the frame (the next task), which is the
 * end. Element Timing (PerformanceObserver 'element') would name the paint itself, but it needs an
 * `elementtiming` attribute on the message that the pane does not set, and it reports only images
 * and text nodes in the first paint after insertion in Chromium, which is what the frame above is.
 *
 * Three ways the server holds the thread:
 * - loaded: the server opened it before (the second open onwards);
 * - restarted, snapshot stored: a new sandbox on the same folder, the view snapshot that the log
 *   stored beside it is read first (the default when Obsidian restarts);
 * - restarted, no snapshot: the same with the snapshot files removed (the log read from disk), and
 *   no snapshot backfill: a thread opened before the backfill got to it;
 * - restarted after an upgrade: the snapshot files removed, the sandbox's backfill run at start
 *   (src/thread/snapshot-backfill.ts) and awaited before the opens.
 * 5 runs each, median and fastest; for the restarts, each run is a new sandbox and a new page.
 *
 * `OPEN_PAINT_CALLS` sets the large thread's size; `OPEN_PAINT_PROFILE=<file>` saves a CPU
 * profile of the page (CDP Profiler) over one loaded open of the large thread.
 */
import type { Browser, Page } from "playwright-core";
import { reply, scripted } from "../src/sandbox/model-server";
import { startSandbox, type Sandbox } from "../src/sandbox/sandbox";
import { LocalThreadService } from "../src/thread/service";
import { FolderStore } from "../src/sandbox/folder-store";
import { viewSnapshotKey } from "../src/log/view-snapshot";
import { REPO_ROOT } from "../src/sandbox/build-page";
import { chromiumPath, launchChromium } from "../test/e2e/support/browser";
import { builtPage } from "../test/e2e/support/sandbox-harness";
import { writeLongThread, type LongThread } from "./support/long-thread";
import { readsTurn } from "./support/reads-turn";
import type { BenchRow } from "./run";
import { cp, existsSync, mkdtemp, rm, writeFile } from "../src/node/fs";
import { tmpdir } from "../src/node/os";
import { join } from "../src/node/path";
import { process } from "../src/node/process";

const AREA = "open thread";
const LARGE = Number(process.env.OPEN_PAINT_CALLS ?? 20_000);
const SMALL = 500;
const RUNS = Number(process.env.OPEN_PAINT_RUNS ?? 5);
const TOKEN = "bench-token-0123456789abcdef";
const TIMEOUT = 60_000;
/** OPEN_PAINT_CASES=loaded (or snapshot, disk, upgrade; comma-separated) runs only those cases. */
const CASES = (process.env.OPEN_PAINT_CASES ?? "loaded,snapshot,disk,upgrade").split(",");

interface Thread extends LongThread {
	title: string;
	/** The newest message's text: what the bottom of the newest screen shows. */
	newest: string;
}

interface Painted {
	/** Click → the newest message's text in the pane's DOM. */
	inDomMs: number;
	/** Click → the frame with it painted. */
	paintedMs: number;
	/** Elements in the pane's chat stream at that frame (what was mounted). */
	elements: number;
}

async function writeThread(dir: string, calls: number, title: string): Promise<Thread> {
	const written = await writeLongThread(dir, calls, { turn: readsTurn, title });
	const last = [...written.lastTurn].reverse().find((e) => e.type === "assistant_token");
	if (last?.type !== "assistant_token") throw new Error("bench: the last turn has no message");
	return { ...written, title, newest: last.text };
}

interface Server {
	sandbox: Sandbox;
	page: Page;
	close(): Promise<void>;
}

/**
 * A sandbox on the folders and a new page on it, the pane showing the newest chat (the start chat).
 * backfillAfterMs: when its snapshot backfill starts (null: none; default: the app's 5 s).
 */
async function startServer(
	browser: Browser,
	vaultDir: string,
	dataDir: string,
	backfillAfterMs?: number | null,
): Promise<Server> {
	const sandbox = await startSandbox({
		vaultDir,
		dataDir,
		...(backfillAfterMs !== undefined ? { backfillAfterMs } : {}),
		pageDir: await builtPage(),
		model: { kind: "scripted", script: scripted(reply.text("unused")) },
		token: TOKEN,
	});
	const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
	const page = await context.newPage();
	page.on("pageerror", (error) => console.error("[page error]", error));
	await page.goto(sandbox.pageUrl);
	await pane(page).getByRole("button", { name: "Chat history" }).waitFor({ timeout: TIMEOUT });
	return {
		sandbox,
		page,
		close: async () => {
			await context.close().catch(() => undefined);
			await sandbox.close();
		},
	};
}

const pane = (page: Page) => page.getByRole("complementary", { name: "Redline" });

/** New chat, then Chat history, the thread's title typed, its row clicked: timed in the page. */
async function openPainted(page: Page, thread: Thread): Promise<Painted> {
	await pane(page).getByRole("button", { name: "New chat" }).click({ timeout: TIMEOUT });
	await pane(page).getByRole("button", { name: "Chat history" }).click({ timeout: TIMEOUT });
	await pane(page).getByRole("combobox", { name: "Search chats" }).fill(thread.title, { timeout: TIMEOUT });
	const row = pane(page).getByRole("option", { name: thread.title });
	await row.waitFor({ timeout: TIMEOUT });
	const painted = await row.evaluate(
		async (option, { newest, timeout }) => {
			const root = document.querySelector(".redline-pane");
			if (!root) throw new Error("bench: no pane");
			// No named function in here: tsx names them with a helper (__name) the page does not have.
			if ((root.querySelector(".redline-stream")?.textContent ?? "").includes(newest))
				throw new Error("bench: the thread was shown before it was opened");
			const start = performance.now();
			await new Promise<void>((resolve, reject) => {
				const observer = new MutationObserver(() => {
					if (!(root.querySelector(".redline-stream")?.textContent ?? "").includes(newest)) return;
					observer.disconnect();
					resolve();
				});
				observer.observe(root, { childList: true, subtree: true, characterData: true });
				setTimeout(() => reject(new Error("bench: the newest message was never shown")), timeout);
				(option as HTMLElement).click();
			});
			const inDomMs = performance.now() - start;
			await new Promise<void>((resolve) =>
				requestAnimationFrame(() => {
					const channel = new MessageChannel();
					channel.port1.onmessage = () => resolve();
					channel.port2.postMessage(null);
				}),
			);
			const paintedMs = performance.now() - start;
			// The newest message must be on screen, not only in the DOM: the pane sticks to the bottom.
			const walker = document.createTreeWalker(root.querySelector(".redline-stream") ?? root, NodeFilter.SHOW_TEXT);
			let shown = false;
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				if (!node.textContent?.includes(newest) || !node.parentElement) continue;
				const box = node.parentElement.getBoundingClientRect();
				shown ||= box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
			}
			if (!shown) throw new Error("bench: the newest message is in the DOM but not on screen");
			const elements = root.querySelector(".redline-stream")?.querySelectorAll("*").length ?? 0;
			return { inDomMs, paintedMs, elements };
		},
		{ newest: thread.newest, timeout: TIMEOUT },
	);
	// The open settles when the meter has the service's estimate (asked once the chat is shown, a
	// pass over the whole chat on the server): the next run starts on a server with nothing to do.
	await pane(page)
		.getByRole("button", { name: /^Next request ≈/u })
		.waitFor({ timeout: TIMEOUT })
		.catch(() => console.error("[bench] the meter had no estimate: the next run may find the server busy"));
	return painted;
}

function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

interface Case {
	name: string;
	twin: Painted[];
	large: Painted[];
}

function rows(small: Thread, large: Thread, c: Case): BenchRow[] {
	const paints = (runs: Painted[]) => runs.map((r) => r.paintedMs);
	const twin = `[twin: median ${median(paints(c.twin)).toFixed(0)} ms]`;
	const name = `${large.calls.toLocaleString("en")}-call thread (${large.events.toLocaleString("en")} events, ${(large.bytes / 1e6).toFixed(0)} MB log) [${small.calls}-call twin], Chromium, sandbox page, ${c.name}`;
	const elements = c.large.map((r) => r.elements);
	return [
		{
			area: AREA,
			metric: `${name}: chat picked → newest screen painted, median of ${RUNS} ${twin}`,
			value: median(paints(c.large)),
			unit: "ms",
			target: "≤ 500",
		},
		{
			area: AREA,
			metric: `${name}: same, fastest [twin ${Math.min(...paints(c.twin)).toFixed(0)} ms]`,
			value: Math.min(...paints(c.large)),
			unit: "ms",
		},
		{
			area: AREA,
			metric: `${name}: same, to the message in the DOM (median) [twin ${median(c.twin.map((r) => r.inDomMs)).toFixed(0)} ms]`,
			value: median(c.large.map((r) => r.inDomMs)),
			unit: "ms",
		},
		{
			area: AREA,
			metric: `${name}: elements in the chat stream at that frame [twin ${median(c.twin.map((r) => r.elements))}]`,
			value: median(elements),
			unit: "elements",
		},
	];
}

/** Removes the threads' stored view snapshots: the next server reads their logs from disk. */
async function dropSnapshots(dataDir: string, threads: Thread[]): Promise<void> {
	for (const thread of threads) await rm(join(dataDir, viewSnapshotKey(thread.threadId)), { force: true });
}

/** A CPU profile of the page over one open of `thread` (OPEN_PAINT_PROFILE). */
async function profileOpen(page: Page, thread: Thread, file: string): Promise<void> {
	const cdp = await page.context().newCDPSession(page);
	await cdp.send("Profiler.enable");
	await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
	await cdp.send("Profiler.start");
	const painted = await openPainted(page, thread);
	const { profile } = await cdp.send("Profiler.stop");
	await writeFile(file, JSON.stringify(profile));
	console.error(`[bench] page profile over one open (${painted.paintedMs.toFixed(0)} ms) in ${file}`);
}

export async function run(): Promise<BenchRow[]> {
	if (!chromiumPath) return [{ area: AREA, metric: "newest screen painted", value: "skipped (no Chromium)", unit: "" }];
	const scratch = await mkdtemp(join(tmpdir(), "redline-open-paint-"));
	const browser = await launchChromium();
	try {
		const vaultDir = join(scratch, "vault");
		const dataDir = join(scratch, "data");
		await cp(join(REPO_ROOT, "examples", "vault"), vaultDir, { recursive: true });
		const small = await writeThread(dataDir, SMALL, "Twin thread");
		const large = await writeThread(dataDir, LARGE, "Long thread");
		// Written last, so it is the newest chat: the page opens it on load, not a measured one.
		const service = new LocalThreadService({ store: new FolderStore(dataDir) });
		const start = await service.createThread({ title: "Start chat" });
		if (!start.ok) throw new Error(start.error.message);
		await service.close();

		const restarted = async (
			name: string,
			before: () => Promise<void>,
			backfillAfterMs?: number | null,
		): Promise<Case> => {
			const c: Case = { name, twin: [], large: [] };
			for (let r = 0; r < RUNS; r++) {
				await before();
				const server = await startServer(browser, vaultDir, dataDir, backfillAfterMs);
				try {
					if (backfillAfterMs === 0) {
						await server.sandbox.redline.service.backfilled();
						// It goes by the index's lastSeq, which the earlier cases' servers brought up to date
						// (the bench writes the logs straight to disk).
						if (!existsSync(join(dataDir, viewSnapshotKey(large.threadId))))
							throw new Error("bench: the backfill stored no snapshot (run the disk case first)");
					}
					c.twin.push(await openPainted(server.page, small));
					c.large.push(await openPainted(server.page, large));
				} finally {
					await server.close();
				}
			}
			return c;
		};
		const cases: Case[] = [];
		if (CASES.includes("disk"))
			cases.push(
				await restarted(
					"restarted, no snapshot (log read from disk)",
					() => dropSnapshots(dataDir, [small, large]),
					null,
				),
			);
		if (CASES.includes("upgrade"))
			cases.push(
				await restarted(
					"restarted after an upgrade (log without snapshot, backfill ran at start)",
					() => dropSnapshots(dataDir, [small, large]),
					0,
				),
			);
		if (CASES.includes("snapshot")) {
			const snapshot = join(dataDir, viewSnapshotKey(large.threadId));
			// A server that opened the threads stores their snapshots as it closes (when the log's
			// shape calls for one): the cases above did, or one open here does.
			if (!existsSync(snapshot)) {
				const server = await startServer(browser, vaultDir, dataDir);
				await openPainted(server.page, small).finally(() => undefined);
				await openPainted(server.page, large).finally(() => server.close());
			}
			let stored = 0;
			const c = await restarted("restarted, snapshot stored", async () => {
				if (existsSync(snapshot)) stored++;
			});
			if (stored < RUNS) c.name += ` (but only ${stored} of ${RUNS} runs found one)`;
			cases.push(c);
		}
		if (CASES.includes("loaded")) {
			const server = await startServer(browser, vaultDir, dataDir);
			try {
				const loaded: Case = { name: "loaded in the server", twin: [], large: [] };
				// The first opens load both threads; the runs after them are timed.
				await openPainted(server.page, small);
				await openPainted(server.page, large);
				for (let r = 0; r < RUNS; r++) {
					loaded.twin.push(await openPainted(server.page, small));
					loaded.large.push(await openPainted(server.page, large));
				}
				cases.push(loaded);
				if (process.env.OPEN_PAINT_PROFILE) await profileOpen(server.page, large, process.env.OPEN_PAINT_PROFILE);
			} finally {
				await server.close();
			}
		}
		return cases.reverse().flatMap((c) => rows(small, large, c));
	} finally {
		await browser.close();
		await rm(scratch, { recursive: true, force: true });
	}
}
