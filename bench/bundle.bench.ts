/**
 * The Obsidian bundle: main.js size, and the time from reading main.js (as Obsidian loads it,
 * CommonJS in a fresh context) to the end of onload. Heavy work is deferred, so onload should only
 * register things. Two kinds of load: "warm", where V8 reuses the code it compiled for an earlier
 * load in this process, and "cold", where the source is made unique so V8 parses all of main.js
 * again, as at every Obsidian start (the bigger the file, the longer that takes).
 */
import { App, Platform } from "../test/fakes/obsidian";
import { MANIFEST, buildBundle, loadBundle } from "../test/obsidian/support/bundle";
import type { BenchRow } from "./run";

const RUNS = 30;

async function loadAndStart(file: string, uncached: boolean): Promise<number> {
	const app = new App();
	const start = performance.now();
	const { PluginClass } = await loadBundle(file, app, { uncached });
	const plugin = new PluginClass(app, MANIFEST);
	await plugin.loadAsync();
	const elapsed = performance.now() - start;
	plugin.unload();
	await app.win.happyDOM.close();
	return elapsed;
}

function median(times: number[]): number {
	const sorted = [...times].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

export async function run(): Promise<BenchRow[]> {
	const { file, bytes } = await buildBundle();
	return measure(file, bytes);
}

/** The rows for a built main.js (also handy to compare two builds). */
export async function measure(file: string, bytes: number): Promise<BenchRow[]> {
	Platform.isDesktopApp = false; // as on mobile: nothing Node-only may be needed at load
	const warm: number[] = [];
	const cold: number[] = [];
	try {
		// Interleaved, so load on the machine affects both kinds alike.
		for (let i = 0; i < RUNS; i++) {
			cold.push(await loadAndStart(file, true));
			warm.push(await loadAndStart(file, false));
		}
	} finally {
		Platform.isDesktopApp = true;
	}
	const ms = (value: number): number => Number(value.toFixed(1));
	return [
		{ area: "bundle", metric: "main.js size", value: Number((bytes / 1024 / 1024).toFixed(2)), unit: "MB", target: "< 1.5" },
		{ area: "bundle", metric: "load main.js + onload, first run", value: ms(cold[0]), unit: "ms", target: "< 20" },
		{ area: "bundle", metric: `load main.js + onload, warm, median of ${RUNS}`, value: ms(median(warm)), unit: "ms", target: "< 20" },
		{ area: "bundle", metric: `load main.js + onload, cold parse, median of ${RUNS}`, value: ms(median(cold)), unit: "ms", target: "< 20" },
		{ area: "bundle", metric: `load main.js + onload, cold parse, fastest of ${RUNS}`, value: ms(Math.min(...cold)), unit: "ms" },
	];
}
