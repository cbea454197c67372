/**
 * The Obsidian bundle (issue 18, start-up): main.js's size, where its bytes come from, and the
 * time from reading main.js to the end of onload as Obsidian loads it (CommonJS evaluated in an
 * existing context, require offering only `obsidian`, as on a phone), against the main.js saved
 * in bench/baseline/ (built from 60ac841, before the cuts of build/) in the same run.
 *
 * Cold: each load in a fresh Node process, so V8 compiles all of main.js again, as at every
 * Obsidian start; about 90% of that is compiling, so the bytes are what count. Warm: loads in
 * one process, where V8 reuses what it compiled (what onload itself costs).
 * REDLINE_BENCH_ROUNDS sets the cold rounds (default 15).
 */
import { App, Platform } from "../test/fakes/obsidian";
import { MANIFEST, loadBundle } from "../test/obsidian/support/bundle";
import { buildWithMetafile, composition } from "./support/bundle-composition";
import { coldLoads, median, total } from "./support/cold-load";
import type { BenchRow } from "./run";
import { readFile, writeFile } from "../src/node/fs";
import * as path from "../src/node/path";
import { process } from "../src/node/process";
import { gunzipSync } from "../src/node/zlib";

const ROUNDS = Number(process.env.REDLINE_BENCH_ROUNDS ?? 15);
const WARM_RUNS = 15;
const BASELINE = path.fileURLToPath(new URL("baseline/main-60ac841", import.meta.url));

async function warmLoad(file: string): Promise<number> {
	const app = new App();
	const start = performance.now();
	const { PluginClass } = await loadBundle(file, app);
	const plugin = new PluginClass(app, MANIFEST);
	await plugin.loadAsync();
	const elapsed = performance.now() - start;
	plugin.unload();
	await app.win.happyDOM.close();
	return elapsed;
}

async function savedBaseline(dir: string): Promise<{ file: string; packages: Record<string, number> }> {
	const file = path.join(dir, "main-baseline.js");
	await writeFile(file, gunzipSync(await readFile(`${BASELINE}.js.gz`)));
	const saved = JSON.parse(await readFile(`${BASELINE}.composition.json`, "utf8")) as {
		packages: Record<string, number>;
	};
	return { file, packages: saved.packages };
}

export async function run(): Promise<BenchRow[]> {
	// Measured without the budget plugin, so a main.js over budget still gets its row.
	const built = await buildWithMetafile({ budget: false });
	const baseline = await savedBaseline(path.dirname(built.file));
	const kb = (bytes: number): number => Number((bytes / 1024).toFixed(1));
	const ms = (value: number): number => Number(value.toFixed(1));
	const rows: BenchRow[] = [
		{
			area: "bundle",
			metric: "main.js size",
			value: kb(built.bytes),
			unit: "KB",
			target: "≤ 800 (60ac841: 1,127; build fails past build/cuts/budget.mjs)",
		},
	];

	const now = new Map(composition(built.inputs));
	const groups = [...new Set([...now.keys(), ...Object.keys(baseline.packages)])].sort(
		(a, b) => (now.get(b) ?? 0) - (now.get(a) ?? 0) || (baseline.packages[b] ?? 0) - (baseline.packages[a] ?? 0),
	);
	for (const group of groups) {
		const before = baseline.packages[group] ?? 0;
		const after = now.get(group) ?? 0;
		if (Math.max(before, after) < 1024) continue;
		rows.push({
			area: "bundle",
			metric: `main.js bytes from ${group}`,
			value: kb(after),
			unit: "KB",
			target: `60ac841: ${kb(before)}`,
		});
	}

	const [old, current] = await coldLoads([baseline.file, built.file], ROUNDS);
	const oldTotal = median(old.map(total));
	const currentTotal = median(current.map(total));
	rows.push(
		{
			area: "bundle",
			metric: `cold load main.js + onload, median of ${ROUNDS} fresh processes (60ac841's main.js)`,
			value: ms(oldTotal),
			unit: "ms",
		},
		{
			area: "bundle",
			metric: `cold load main.js + onload, median of ${ROUNDS} fresh processes (this main.js)`,
			value: ms(currentTotal),
			unit: "ms",
		},
		{
			area: "bundle",
			metric: "cold load, this main.js / 60ac841's (same run, interleaved)",
			value: Number((currentTotal / oldTotal).toFixed(2)),
			unit: "×",
			target: "≤ 0.7",
		},
		{
			area: "bundle",
			metric: "cold load: read / evaluate / onload, medians (this main.js)",
			value: [current.map((l) => l.read), current.map((l) => l.evaluate), current.map((l) => l.onload)]
				.map((v) => ms(median(v)))
				.join(" / "),
			unit: "ms",
		},
	);

	Platform.isDesktopApp = false;
	try {
		const warm: number[] = [];
		for (let i = 0; i < WARM_RUNS; i++) warm.push(await warmLoad(built.file));
		rows.push({
			area: "bundle",
			metric: `warm load main.js + onload (compiled code reused), median of ${WARM_RUNS}`,
			value: ms(median(warm)),
			unit: "ms",
			target: "< 20",
		});
	} finally {
		Platform.isDesktopApp = true;
	}
	return rows;
}
