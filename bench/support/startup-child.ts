/**
 * One Obsidian start with a note open, then the first pane open, in this fresh process
 * (bench/startup.bench.ts runs it): main.js evaluated as Obsidian does (bundleContext), the
 * plugin loaded before the layout is restored, the layout opening a note (file-open,
 * active-leaf-change), onLayoutReady, then the "Open chat" command.
 *
 * How much more that start costs with the plugin loaded than the same start without it (each on a fresh fake App, after one unmeasured start has warmed the fake's own code): the
 * work the plugin adds before the user opens the pane. coreBuiltAtStart must stay false.
 * firstPaneOpen: from the command until the React pane has rendered in the view and the core
 * (LangChain, zod, the OpenAI client, the thread index) is built: V8 compiles the lazily wrapped
 * modules here, the first time they run.
 * Prints one JSON line. Usage: node --import tsx bench/support/startup-child.ts <main.js>
 */
import { App, Platform } from "../../test/fakes/obsidian";
import { MANIFEST, bundleContext } from "../../test/obsidian/support/bundle";
import { readFileSync } from "../../src/node/fs";
import { process } from "../../src/node/process";
import { nextImmediate } from "../../src/node/timers";

/** Milliseconds of wall-clock time and of this process's CPU time (user + system). */
export interface Spent {
	wall: number;
	cpu: number;
}

export interface StartupRun {
	startWithout: Spent;
	startWith: Spent;
	coreBuiltAtStart: boolean;
	firstPaneOpen: Spent;
}

const NOTE = "Daily.md";

interface BundledPlugin {
	loadAsync(): Promise<void>;
	unload(): void;
	core(): Promise<unknown>;
	readonly coreStarted: boolean;
}

/** Lets every handler the events started finish (the fake's vault adapter answers in microtasks). */
async function settle(): Promise<void> {
	for (let i = 0; i < 20; i++) await nextImmediate();
}

function appWithNote(): App {
	const app = new App();
	app.vault.seed({ [NOTE]: "# Daily\n\n- milk\n" });
	app.workspace.startLayout();
	return app;
}

/** Measures fn. CPU time is what the work cost; wall-clock time also counts the machine's other processes. */
async function spent(fn: () => Promise<void>): Promise<Spent> {
	const cpu = process.cpuUsage();
	const start = performance.now();
	await fn();
	const wall = performance.now() - start;
	const used = process.cpuUsage(cpu);
	return { wall, cpu: (used.user + used.system) / 1000 };
}

/** The layout restores the open note and becomes ready. */
function restoreLayout(app: App): Promise<Spent> {
	return spent(async () => {
		await app.workspace.openFile(NOTE);
		app.workspace.finishLayout();
		await settle();
	});
}

async function run(file: string): Promise<StartupRun> {
	Platform.isDesktopApp = false;
	Platform.isMobileApp = true;
	await restoreLayout(appWithNote());
	const startWithout = await restoreLayout(appWithNote());

	const app = appWithNote();
	const { PluginClass } = bundleContext(app).evaluate(readFileSync(file, "utf8"));
	const plugin = new PluginClass(app, MANIFEST) as unknown as BundledPlugin;
	await plugin.loadAsync();
	const startWith = await restoreLayout(app);
	const coreBuiltAtStart = plugin.coreStarted;

	const rendered = (): boolean => (app.doc.querySelector(".redline-view")?.childElementCount ?? 0) > 0;
	const firstPaneOpen = await spent(async () => {
		if (!app.runCommand("redline:open-chat")) throw new Error("the open-chat command was not offered");
		for (let i = 0; i < 100_000 && !(rendered() && plugin.coreStarted); i++) await nextImmediate();
		if (!rendered()) throw new Error("the pane did not render");
		await plugin.core();
	});
	plugin.unload();
	return { startWithout, startWith, coreBuiltAtStart, firstPaneOpen };
}

const file = process.argv[2];
if (!file) throw new Error("usage: startup-child.ts <main.js>");
process.stdout.write(JSON.stringify(await run(file)) + "\n");
// The fake window keeps timers alive; the measurement is done.
process.exit(0);
