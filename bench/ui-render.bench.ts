/**
 * The pane in Chromium: how long a 5,000-event thread takes from mount to painted, and how
 * frames hold up while 2,000 tokens stream into a new message. The page script
 * (support/ui-render-page.ts) is bundled with esbuild as the plugin is (React in production
 * mode) and loaded with styles.css; all timing happens in the page with performance.now().
 * On a loaded machine wall-clock time includes waiting for a core, so traced runs also report
 * the renderer main thread's CPU time over the same spans.
 * The review card's rows (issue 29): from a thread whose drafted edit of a 10k-token note waits
 * with 40 changes (support/review-draft.ts) to the card's redline painted, on a page of its own
 * so the first render is cold (every path runs for the first time), on several fresh pages (their
 * median and fastest: one cold run on a shared machine says little), then warm, each a new root.
 */
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { chromiumPath, launchChromium } from "../test/e2e/support/browser";
import { cpuBetweenMarks } from "./support/trace-cpu";
import type { RedlineTiming, ReplayTiming, StreamTiming } from "./support/ui-render-page";
import { reviewThread } from "./support/review-draft";
import type { BenchRow } from "./run";
import { readFile } from "../src/node/fs";
import { availableParallelism, loadavg } from "../src/node/os";
import { fileURLToPath } from "../src/node/path";

const EVENTS = 5000;
const TOKENS = 2000;
const RUNS = 7;
const STREAM_RUNS = 3;
const TRACE_CATEGORIES = ["blink.user_timing"];
/** The review card's row (issue 29): a draft of this many changes in a note of about this many tokens. */
const REVIEW_CHANGES = 40;
const REVIEW_TOKENS = 10_000;
const REVIEW_RUNS = 5;
/** Cold runs of the review card, each on a fresh page. */
const REVIEW_COLD_PAGES = 5;
const root = new URL("..", import.meta.url);

/**
 * The bench page bundle (ui-cold-profile.ts builds it unminified, to keep names in profiles;
 * ui-review-cold.ts builds another checkout's too, `from` its root, to compare the two).
 */
export async function pageScript(minify = true, from: URL = root): Promise<string> {
	const out = await build({
		entryPoints: [fileURLToPath(new URL("bench/support/ui-render-page.ts", from))],
		bundle: true,
		write: false,
		format: "iife",
		platform: "browser",
		target: "es2022",
		minify,
		jsx: "automatic",
		define: { "process.env.NODE_ENV": '"production"' },
		logLevel: "silent",
	});
	return out.outputFiles[0].text;
}

/** A side-pane-sized page with Redline's stylesheet and a few of Obsidian's variables. */
export async function pageHtml(): Promise<string> {
	const css = await readFile(new URL("styles.css", root), "utf8");
	return `<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; font-family: sans-serif; --font-ui-small: 13px; --text-normal: #222; --text-muted: #666;
  --background-primary: #fff; --background-secondary: #f3f3f3; --background-modifier-border: #ddd;
  --interactive-accent: #7b6cd9; --color-green-rgb: 8, 185, 78; --color-red-rgb: 233, 49, 71; }
.bench-pane { width: 400px; height: 800px; }
${css}</style></head><body><nav class="bench-workspace">Daily notes · Projects · Archive</nav></body></html>`;
}

/**
 * A fresh page as Obsidian is when the pane opens: its stylesheet applied and a frame of text
 * painted (the workspace around the pane), the plugin's script loaded. What is cold is then
 * the pane's own code and rendering, not the page's first style pass and font lookup, which
 * Obsidian has long done before any plugin's view mounts.
 */
export async function settledPage(browser: Browser, html: string, script: string): Promise<Page> {
	const page = await browser.newPage();
	await page.setContent(html);
	await page.addScriptTag({ content: script });
	await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
	return page;
}

/**
 * The trace Chromium returns, as text. Playwright types it as Node's Buffer; taken as unknown
 * here, so this file needs no Node types (a Buffer is a Uint8Array).
 */
export function traceText(trace: unknown): string {
	return new TextDecoder().decode(trace as Uint8Array);
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

const round = (value: number): number => Number(value.toFixed(1));

function availableCores(): number {
	return availableParallelism();
}

export async function run(): Promise<BenchRow[]> {
	if (!chromiumPath) return [{ area: "ui", metric: "skipped: Chromium not installed", value: "-", unit: "" }];
	const [script, html] = await Promise.all([pageScript(), pageHtml()]);
	const review = reviewThread(REVIEW_TOKENS, REVIEW_CHANGES);
	const browser = await launchChromium();
	try {
		// The review card first, each cold run on a page of its own: its first render runs every
		// path of the pane and the card for the first time (what a reload with a waiting draft
		// does). Several pages, as one cold run on a shared machine says little.
		const reviewColds: RedlineTiming[] = [];
		const reviewColdCpus: number[] = [];
		const reviewWarm: RedlineTiming[] = [];
		for (let i = 0; i < REVIEW_COLD_PAGES; i++) {
			const reviewPage = await settledPage(browser, html, script);
			await browser.startTracing(reviewPage, { categories: TRACE_CATEGORIES });
			reviewColds.push(await reviewPage.evaluate((log) => window.redlineBench.redline(log), review.log));
			reviewColdCpus.push(
				...cpuBetweenMarks(traceText(await browser.stopTracing()), "redline-review-start", "redline-review-end"),
			);
			if (i === 0)
				for (let j = 0; j < REVIEW_RUNS; j++)
					reviewWarm.push(await reviewPage.evaluate((log) => window.redlineBench.redline(log), review.log));
			await reviewPage.close();
		}
		const reviewCold = reviewColds[0];
		const reviewName = `redline render, ${reviewCold.changes} changes in a ${(review.tokens / 1000).toFixed(0)}k-token note`;

		const page = await settledPage(browser, html, script);
		page.on("pageerror", (error) => console.error("[ui-render] page error:", error));

		const recorded = await page.evaluate((n) => window.redlineBench.prepare(n), EVENTS);
		if (recorded !== EVENTS) throw new Error(`the recorded thread holds ${recorded} events, not ${EVENTS}`);
		// The first mount runs every code path for the first time (what a user sees after a
		// restart): traced on its own, so its CPU time is known even when the machine is busy.
		await browser.startTracing(page, { categories: TRACE_CATEGORIES });
		const cold = await page.evaluate((n) => window.redlineBench.replay(n), EVENTS);
		const [coldCpu] = cpuBetweenMarks(
			traceText(await browser.stopTracing()),
			"redline-replay-start",
			"redline-replay-end",
		);
		const warm: ReplayTiming[] = [];
		for (let i = 0; i < RUNS; i++) warm.push(await page.evaluate((n) => window.redlineBench.replay(n), EVENTS));

		await browser.startTracing(page, { categories: TRACE_CATEGORIES });
		for (let i = 0; i < 3; i++) await page.evaluate((n) => window.redlineBench.replay(n), EVENTS);
		const replayCpu = cpuBetweenMarks(
			traceText(await browser.stopTracing()),
			"redline-replay-start",
			"redline-replay-end",
		);

		const streams: StreamTiming[] = [];
		await browser.startTracing(page, { categories: TRACE_CATEGORIES });
		for (let i = 0; i < STREAM_RUNS; i++)
			streams.push(await page.evaluate(([n, t]) => window.redlineBench.stream(n, t), [EVENTS, TOKENS] as const));
		const streamCpu = cpuBetweenMarks(
			traceText(await browser.stopTracing()),
			"redline-stream-start",
			"redline-stream-end",
		);
		const cpuPerFrame = streamCpu.map((ms, i) => ms / Math.max(1, streams[i].frames));

		const frames = streams.flatMap((s) => s.frameMs);
		const finished = streams.reduce((sum, s) => sum + s.finishedMessageRenders, 0);
		const streamingRenders = median(streams.map((s) => s.streamingMessageRenders));
		const frameCount = median(streams.map((s) => s.frames));
		return [
			{
				area: "ui",
				metric: `${EVENTS} events: mount to painted, median of ${RUNS}`,
				value: round(median(warm.map((r) => r.mountToPaintMs))),
				unit: "ms",
				target: "< 200",
			},
			{
				area: "ui",
				metric: `${EVENTS} events: mount to painted, first (cold) run`,
				value: round(cold.mountToPaintMs),
				unit: "ms",
				target: "< 200",
			},
			{
				area: "ui",
				metric: `${EVENTS} events: mount to painted, first (cold) run, main-thread CPU`,
				value: round(coldCpu),
				unit: "ms",
				target: "< 200",
			},
			{
				area: "ui",
				metric: `${EVENTS} events: mount to painted, main-thread CPU, median of 3`,
				value: round(median(replayCpu)),
				unit: "ms",
				target: "< 200",
			},
			{
				area: "ui",
				metric: `${EVENTS} events: messages mounted at first (of ${cold.totalMessages})`,
				value: cold.messages,
				unit: "messages",
			},
			{
				area: "ui",
				metric: `streaming ${TOKENS} tokens: frame interval, median`,
				value: round(median(frames)),
				unit: "ms",
				target: "≈ 16.7",
			},
			{
				area: "ui",
				metric: `streaming ${TOKENS} tokens: frame interval, p95`,
				value: round(percentile(frames, 0.95)),
				unit: "ms",
				target: "< 50",
			},
			{
				area: "ui",
				metric: `streaming ${TOKENS} tokens: frame interval, max`,
				value: round(Math.max(...frames)),
				unit: "ms",
			},
			{
				area: "ui",
				metric: `streaming ${TOKENS} tokens: main-thread CPU per frame (pane + in-page token producer), median of ${STREAM_RUNS}`,
				value: round(median(cpuPerFrame)),
				unit: "ms",
				target: "< 16.7",
			},
			{
				area: "ui",
				metric: `streaming ${TOKENS} tokens: renders of the streaming message (frames)`,
				value: `${streamingRenders} (${frameCount})`,
				unit: "renders",
				target: "≤ frames",
			},
			{
				area: "ui",
				metric: "streaming: re-renders of finished messages",
				value: String(finished),
				unit: "renders",
				target: "0",
			},
			{
				area: "ui",
				metric: `${reviewName}, cold (first render, new root; ${reviewCold.shown} shown, the rest folded), median of ${REVIEW_COLD_PAGES} fresh pages`,
				value: round(median(reviewColds.map((r) => r.mountToPaintMs))),
				unit: "ms",
				target: "≤ 100",
			},
			{
				area: "ui",
				metric: `${reviewName}, cold, fastest of ${REVIEW_COLD_PAGES} fresh pages`,
				value: round(Math.min(...reviewColds.map((r) => r.mountToPaintMs))),
				unit: "ms",
				target: "≤ 100",
			},
			{
				area: "ui",
				metric: `${reviewName}, cold, main-thread CPU, median of ${REVIEW_COLD_PAGES} (least)`,
				value: `${round(median(reviewColdCpus))} (${round(Math.min(...reviewColdCpus))})`,
				unit: "ms",
				target: "≤ 100",
			},
			{
				area: "ui",
				metric: `${reviewName}, warm (new root each), median of ${REVIEW_RUNS}`,
				value: round(median(reviewWarm.map((r) => r.mountToPaintMs))),
				unit: "ms",
				target: "≤ 100",
			},
			{
				area: "ui",
				metric: "machine load while measuring (1-min average)",
				value: round(loadavg()[0]),
				unit: `on ${availableCores()} cores`,
			},
		];
	} finally {
		await browser.close();
	}
}
