/**
 * One cold start of a main.js in this fresh process (bench/support/cold-load.ts runs it): V8 has
 * compiled nothing of it yet, as at every Obsidian start. Times reading the file, evaluating it
 * as Obsidian does (CommonJS in a context that already exists, require offering only `obsidian`)
 * and the plugin's onload, as on a phone (nothing Node-only may be needed at load).
 * Prints one JSON line: {"read": ms, "evaluate": ms, "onload": ms}.
 * Usage: node --import tsx bench/support/cold-load-child.ts <main.js>
 */
import { App, Platform } from "../../test/fakes/obsidian";
import { MANIFEST, bundleContext } from "../../test/obsidian/support/bundle";
import { readFileSync } from "../../src/node/fs";
import { process } from "../../src/node/process";

async function coldStart(file: string): Promise<{ read: number; evaluate: number; onload: number }> {
	Platform.isDesktopApp = false;
	Platform.isMobileApp = true;
	const app = new App();
	const context = bundleContext(app);
	const start = performance.now();
	const code = readFileSync(file, "utf8");
	const read = performance.now();
	const { PluginClass } = context.evaluate(code);
	const evaluated = performance.now();
	const plugin = new PluginClass(app, MANIFEST);
	await plugin.loadAsync();
	const loaded = performance.now();
	plugin.unload();
	return { read: read - start, evaluate: evaluated - read, onload: loaded - evaluated };
}

const file = process.argv[2];
if (!file) throw new Error("usage: cold-load-child.ts <main.js>");
process.stdout.write(JSON.stringify(await coldStart(file)) + "\n");
// The fake window keeps timers alive; the measurement is done.
process.exit(0);
