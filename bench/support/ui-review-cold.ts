/**
 * The review card's cold row alone, repeated: each run mounts the bench's 40-change draft of a
 * 10k-token note on a fresh page (so every run is cold, as the bench's row is), traced for the
 * renderer main thread's CPU time. On a shared machine the minimum of several runs says more
 * than one run. With --against <dir> (another checkout of the project, e.g. from `git archive`),
 * runs alternate between its page script and this one's, so both see the same load.
 * A tool for working on the row, not a bench file.
 * Usage: npx tsx bench/support/ui-review-cold.ts [runs] [--against <dir>]
 */
import type { Browser } from "playwright-core";
import { pageHtml, pageScript, settledPage, traceText } from "../ui-render.bench";
import { reviewThread } from "./review-draft";
import { cpuBetweenMarks } from "./trace-cpu";
import { launchChromium } from "../../test/e2e/support/browser";
import { loadavg } from "../../src/node/os";
import { pathToFileURL, resolve } from "../../src/node/path";
import { process } from "../../src/node/process";

const args = process.argv.slice(2);
const againstAt = args.indexOf("--against");
const against = againstAt === -1 ? null : args.splice(againstAt, 2)[1];
const runs = Number(args[0] ?? 7);

interface Variant {
	name: string;
	script: string;
	walls: number[];
	cpus: number[];
}

const html = await pageHtml();
const variants: Variant[] = [{ name: "this", script: await pageScript(), walls: [], cpus: [] }];
if (against)
	variants.unshift({
		name: against,
		script: await pageScript(true, pathToFileURL(resolve(against) + "/")),
		walls: [],
		cpus: [],
	});
const review = reviewThread(10_000, 40);

async function once(browser: Browser, variant: Variant): Promise<string> {
	const page = await settledPage(browser, html, variant.script);
	try {
		await browser.startTracing(page, { categories: ["blink.user_timing"] });
		const timing = await page.evaluate((log) => window.redlineBench.redline(log), review.log);
		const trace = traceText(await browser.stopTracing());
		const [cpu] = cpuBetweenMarks(trace, "redline-review-start", "redline-review-end");
		variant.walls.push(timing.mountToPaintMs);
		variant.cpus.push(cpu);
		return `${variant.name}: ${timing.mountToPaintMs.toFixed(1)} ms wall, ${cpu.toFixed(1)} ms CPU`;
	} finally {
		await page.close();
	}
}

const browser = await launchChromium();
try {
	for (let i = 0; i < runs; i++) {
		const lines: string[] = [];
		for (const variant of variants) lines.push(await once(browser, variant));
		process.stdout.write(`run ${i + 1} (load ${loadavg()[0].toFixed(1)}): ${lines.join("; ")}\n`);
	}
} finally {
	await browser.close();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const { name, walls, cpus } of variants)
	process.stdout.write(
		`${name}: wall min ${Math.min(...walls).toFixed(1)}, median ${median(walls).toFixed(1)} ms; CPU min ${Math.min(...cpus).toFixed(1)}, median ${median(cpus).toFixed(1)} ms\n`,
	);
