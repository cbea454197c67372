/**
 * The Obsidian bundle: main.js size, and the time from evaluating main.js (as Obsidian loads it,
 * CommonJS in a fresh context) to the end of onload. Heavy work is deferred, so onload should only
 * register things.
 */
import { App, Platform } from "../test/fakes/obsidian";
import { MANIFEST, buildBundle, loadBundle } from "../test/obsidian/support/bundle";
import type { BenchRow } from "./run";

const RUNS = 10;

export async function run(): Promise<BenchRow[]> {
	const { file, bytes } = await buildBundle();
	Platform.isDesktopApp = false; // as on mobile: nothing Node-only may be needed at load
	const times: number[] = [];
	for (let i = 0; i < RUNS; i++) {
		const app = new App();
		const start = performance.now();
		const { PluginClass } = await loadBundle(file, app);
		const plugin = new PluginClass(app, MANIFEST);
		await plugin.loadAsync();
		times.push(performance.now() - start);
		plugin.unload();
		await app.win.happyDOM.close();
	}
	Platform.isDesktopApp = true;
	const sorted = [...times].sort((a, b) => a - b);
	const median = sorted[Math.floor(sorted.length / 2)];
	return [
		{ area: "bundle", metric: "main.js size", value: Number((bytes / 1024 / 1024).toFixed(2)), unit: "MB", target: "< 1.5" },
		{ area: "bundle", metric: "load main.js + onload, first run", value: Number(times[0].toFixed(1)), unit: "ms", target: "< 20" },
		{ area: "bundle", metric: `load main.js + onload, median of ${RUNS}`, value: Number(median.toFixed(1)), unit: "ms", target: "< 20" },
	];
}
