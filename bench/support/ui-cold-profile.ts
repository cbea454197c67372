/**
 * Where the pane's cold (first) mount of the recorded thread spends its time: a V8 CPU profile
 * of one cold replay in Chromium, summed by function (self time) and printed as a table.
 * Not a bench row (profiling slows the page); a tool for finding what to make lazy.
 * With --review, profiles the review card's cold mount instead (the bench's 40-change draft of a
 * 10k-token note) and also takes a Chromium timeline trace of it, summed by event (script, style
 * recalculation, layout, paint) and written to /tmp/redline-review-trace.json.
 * Usage: npx tsx bench/support/ui-cold-profile.ts [events] | --review
 */
import { pageScript, traceText } from "../ui-render.bench";
import { reviewThread } from "./review-draft";
import { launchChromium } from "../../test/e2e/support/browser";
import { readFile, writeFile } from "../../src/node/fs";
import { process } from "../../src/node/process";

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
}
interface Profile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

const root = new URL("../..", import.meta.url);
const reviewMode = process.argv[2] === "--review";
const events = reviewMode ? 0 : Number(process.argv[2] ?? 5000);
const review = reviewMode ? reviewThread(10_000, 40) : null;
const TIMELINE = [
	"devtools.timeline",
	"disabled-by-default-devtools.timeline",
	"blink.user_timing",
	"v8.execute",
	"v8",
	"disabled-by-default-v8.compile",
];

interface TimelineEvent {
	name: string;
	ph: string;
	ts: number;
	dur?: number;
	tdur?: number;
	tid: number;
	pid: number;
	args?: { data?: { frame?: string } };
}

/**
 * The renderer main thread's top-level events between the review marks, summed by name, wall
 * (dur) and CPU (tdur): how much of the mount is script, style, layout and paint.
 */
function summarizeTimeline(json: string): void {
	const all = (JSON.parse(json) as { traceEvents: TimelineEvent[] }).traceEvents;
	const start = all.find((e) => e.name === "redline-review-start");
	const end = all.find((e) => e.name === "redline-review-end");
	if (!start || !end) throw new Error("the trace holds no review marks");
	const main = all.filter((e) => e.pid === start.pid && e.tid === start.tid && e.ph === "X");
	const inside = main.filter((e) => e.ts >= start.ts && e.ts + (e.dur ?? 0) <= end.ts + 1);
	// Nested events: self time per name = own duration minus direct children (same thread, contained).
	inside.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
	const self = new Map<string, { wall: number; cpu: number; count: number }>();
	const stack: TimelineEvent[] = [];
	const selfOf = new Map<TimelineEvent, { wall: number; cpu: number }>();
	for (const e of inside) {
		while (stack.length && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= e.ts) stack.pop();
		const parent = stack.at(-1);
		selfOf.set(e, { wall: e.dur ?? 0, cpu: e.tdur ?? 0 });
		if (parent) {
			const p = selfOf.get(parent)!;
			p.wall -= e.dur ?? 0;
			p.cpu -= e.tdur ?? 0;
		}
		stack.push(e);
	}
	for (const [e, t] of selfOf) {
		const row = self.get(e.name) ?? { wall: 0, cpu: 0, count: 0 };
		row.wall += t.wall / 1000;
		row.cpu += t.cpu / 1000;
		row.count++;
		self.set(e.name, row);
	}
	process.stdout.write(`timeline, mount to painted: ${((end.ts - start.ts) / 1000).toFixed(1)} ms wall\n`);
	process.stdout.write("self time by trace event (wall / cpu ms, count):\n");
	for (const [name, row] of [...self].sort((a, b) => b[1].wall - a[1].wall).slice(0, 25))
		process.stdout.write(
			`${row.wall.toFixed(1).padStart(8)} ${row.cpu.toFixed(1).padStart(8)}  ${name} (${row.count})\n`,
		);
	// The top-level tasks, in order, with what each spent on layout and on compiling functions
	// met for the first time (V8 compiles lazily), and where the wall time between them went.
	const tasks = inside.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
	const within = (task: TimelineEvent, name: string): number =>
		inside
			.filter((e) => e.name === name && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0))
			.reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0);
	let last = start.ts;
	let idle = 0;
	process.stdout.write("tasks over 0.5 ms CPU (at, wall, CPU, of which layout / lazy compile / paint):\n");
	for (const task of tasks) {
		if (task.ts > last) idle += task.ts - last;
		last = Math.max(last, task.ts + (task.dur ?? 0));
		if ((task.tdur ?? 0) < 500) continue;
		const ms = (us: number) => (us / 1000).toFixed(1).padStart(6);
		const parts = [within(task, "Layout"), within(task, "V8.CompileCode"), within(task, "Paint")].map((v) =>
			v.toFixed(1),
		);
		process.stdout.write(
			`${ms(task.ts - start.ts)} ${ms(task.dur ?? 0)} ${ms(task.tdur ?? 0)}  ${parts.join(" / ")}\n`,
		);
	}
	const compile = inside.filter((e) => e.name === "V8.CompileCode").reduce((sum, e) => sum + (e.tdur ?? 0), 0);
	process.stdout.write(
		`tasks: ${tasks.length}, gaps between them (idle or waiting): ${(idle / 1000).toFixed(1)} ms; lazy compile in all: ${(compile / 1000).toFixed(1)} ms CPU\n`,
	);
}

const script = await pageScript(false); // unminified: keep function names for the profile
const css = await readFile(new URL("styles.css", root), "utf8");

/** Self time by module, a 20 ms timeline of the top functions, and self time by function. */
function report(profile: Profile, headline: string): void {
	const self = new Map<string, number>();
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	profile.samples.forEach((id, index) => {
		const node = byId.get(id);
		if (!node) return;
		const name = `${node.callFrame.functionName || "(anonymous)"}:${node.callFrame.lineNumber}`;
		self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
	});
	// Self time by bundled module: esbuild marks each module's first line with a "// path" comment.
	const starts: { line: number; module: string }[] = [];
	script.split("\n").forEach((text, line) => {
		const match = /^ {2}\/\/ ((?:node_modules|src|bench|test)\/\S+)$/.exec(text);
		if (match) starts.push({ line, module: match[1].replace(/^node_modules\/([^/]+)\/.*$/, "$1") });
	});
	const moduleOf = (line: number): string => {
		let found = "(outside the bundle)";
		for (const start of starts) if (start.line <= line) found = start.module;
		return found;
	};
	const byModule = new Map<string, number>();
	profile.samples.forEach((id, index) => {
		const node = byId.get(id);
		if (!node) return;
		const frame = node.callFrame;
		const key =
			frame.url === "" && frame.lineNumber < 0 ? frame.functionName || "(native)" : moduleOf(frame.lineNumber);
		byModule.set(key, (byModule.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
	});
	process.stdout.write("self time by module:\n");
	for (const [name, ms] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 25))
		process.stdout.write(`${ms.toFixed(1).padStart(8)} ms  ${name}\n`);
	process.stdout.write(`${headline}\n`);
	// A timeline: what each 20 ms of the mount was spent on (idle, native work, or the top function).
	const buckets: Map<string, number>[] = [];
	let t = 0;
	profile.samples.forEach((id, index) => {
		t += (profile.timeDeltas[index] ?? 0) / 1000;
		const node = byId.get(id);
		const bucket = (buckets[Math.floor(t / 20)] ??= new Map());
		const name = node?.callFrame.functionName || "(anonymous)";
		bucket.set(name, (bucket.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
	});
	buckets.forEach((bucket, index) => {
		const top = [...bucket]
			.sort((a, b) => b[1] - a[1])
			.slice(0, 3)
			.map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
		process.stdout.write(`${String(index * 20).padStart(5)} ms: ${top.join(", ")}\n`);
	});
	for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
		process.stdout.write(`${ms.toFixed(1).padStart(8)} ms  ${name}\n`);
	// Total (inclusive) time by function, each function counted once per sample: which of the
	// project's functions (components, hooks, the fold) the time is spent under.
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
	const total = new Map<string, number>();
	profile.samples.forEach((id, index) => {
		const seen = new Set<string>();
		for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
			const node = byId.get(at);
			if (!node || node.callFrame.lineNumber < 0) continue;
			const module = moduleOf(node.callFrame.lineNumber);
			if (!module.startsWith("src/") && !module.startsWith("bench/")) continue;
			seen.add(`${node.callFrame.functionName || "(anonymous)"} (${module})`);
		}
		for (const name of seen) total.set(name, (total.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
	});
	process.stdout.write("total time under the project's functions:\n");
	for (const [name, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 40))
		process.stdout.write(`${ms.toFixed(1).padStart(8)} ms  ${name}\n`);
}

const browser = await launchChromium();
try {
	const page = await browser.newPage();
	await page.setContent(
		`<!doctype html><html><head><style>.bench-pane { width: 400px; height: 800px; } ${css}</style></head><body></body></html>`,
	);
	await page.addScriptTag({ content: script });
	if (review) {
		const browserWithTracing = page.context().browser()!;
		await browserWithTracing.startTracing(page, { categories: TIMELINE });
		const timing = await page.evaluate((log) => window.redlineBench.redline(log), review.log);
		const trace = traceText(await browserWithTracing.stopTracing());
		await writeFile("/tmp/redline-review-trace.json", trace);
		process.stdout.write(`cold review mount to paint (traced): ${timing.mountToPaintMs.toFixed(1)} ms\n`);
		summarizeTimeline(trace);
		// A second page for the CPU profile, so the trace's overhead does not mix in.
		await page.close();
		const again = await browser.newPage();
		await again.setContent(
			`<!doctype html><html><head><style>.bench-pane { width: 400px; height: 800px; } ${css}</style></head><body></body></html>`,
		);
		await again.addScriptTag({ content: script });
		const cdp = await again.context().newCDPSession(again);
		await cdp.send("Profiler.enable");
		await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
		await cdp.send("Profiler.start");
		const profiled = await again.evaluate((log) => window.redlineBench.redline(log), review.log);
		const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
		report(profile, `cold review mount to paint (profiled): ${profiled.mountToPaintMs.toFixed(1)} ms`);
		process.exit(0);
	}
	await page.evaluate((n) => window.redlineBench.prepare(n), events);
	const cdp = await page.context().newCDPSession(page);
	await cdp.send("Profiler.enable");
	await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
	await cdp.send("Profiler.start");
	const timing = await page.evaluate((n) => window.redlineBench.replay(n), events);
	const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
	report(profile, `cold mount to paint: ${timing.mountToPaintMs.toFixed(1)} ms, ${timing.messages} messages`);
} finally {
	await browser.close();
}
