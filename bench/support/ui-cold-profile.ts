/**
 * Where the pane's cold (first) mount of the recorded thread spends its time: a V8 CPU profile
 * of one cold replay in Chromium, summed by function (self time) and printed as a table.
 * Not a bench row (profiling slows the page); a tool for finding what to make lazy.
 * Usage: npx tsx bench/support/ui-cold-profile.ts [events]
 */
import { pageScript } from "../ui-render.bench";
import { launchChromium } from "../../test/e2e/support/browser";
import { readFile } from "../../src/node/fs";
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
const events = Number(process.argv[2] ?? 5000);

const script = await pageScript(false); // unminified: keep function names for the profile
const css = await readFile(new URL("styles.css", root), "utf8");

const browser = await launchChromium();
try {
	const page = await browser.newPage();
	await page.setContent(
		`<!doctype html><html><head><style>.bench-pane { width: 400px; height: 800px; } ${css}</style></head><body></body></html>`,
	);
	await page.addScriptTag({ content: script });
	await page.evaluate((n) => window.redlineBench.prepare(n), events);
	const cdp = await page.context().newCDPSession(page);
	await cdp.send("Profiler.enable");
	await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
	await cdp.send("Profiler.start");
	const timing = await page.evaluate((n) => window.redlineBench.replay(n), events);
	const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
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
	process.stdout.write(`cold mount to paint: ${timing.mountToPaintMs.toFixed(1)} ms, ${timing.messages} messages\n`);
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
} finally {
	await browser.close();
}
