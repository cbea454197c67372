// The bundle smoke test: main.js as Obsidian loads it (CommonJS in a VM whose require offers only
// what Obsidian supplies to plugins, `obsidian` and CodeMirror's state and view, no Node built-ins,
// as on mobile).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { App, Platform, notices, type Plugin } from "../fakes/obsidian";
import { MANIFEST, buildBundle, loadBundle } from "./support/bundle";
import { hasLookbehind, regexesIn } from "./support/regex-literals";
import { readFile } from "../../src/node/fs";
import { setTimeout, setImmediate } from "../../src/node/timers";

interface BundledPlugin extends Plugin {
	core(): Promise<{
		history: {
			write(request: {
				path: string;
				base: string;
				proposed: string;
				description: string;
			}): Promise<{ status: string }>;
		};
	}>;
	whenUnloaded(): Promise<void>;
	readonly coreStarted: boolean;
}

let file: string;
const desktop = Platform.isDesktopApp;

beforeAll(async () => {
	// No Node here, as on a phone: the plugin must pick requestUrl and never require a built-in.
	Platform.isDesktopApp = false;
	Platform.isMobileApp = true;
	({ file } = await buildBundle());
}, 120_000);

afterAll(() => {
	Platform.isDesktopApp = desktop;
	Platform.isMobileApp = !desktop;
});

async function settle(): Promise<void> {
	for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Waits until check() holds (React schedules its first render on its own clock), or gives up. */
async function until(check: () => boolean, tries = 200): Promise<void> {
	for (let i = 0; i < tries && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("main.js loaded the way Obsidian loads it", () => {
	it("loads with only what Obsidian supplies (obsidian, @codemirror) and registers the view, commands, ribbon icon, settings tab and editor extension", async () => {
		const app = new App();
		const { PluginClass, requested } = await loadBundle(file, app);
		expect([...new Set(requested)].sort()).toEqual(["@codemirror/state", "@codemirror/view", "obsidian"]);
		// CodeMirror is Obsidian's copy, not bundled again (its view's base theme says "&.cm-focused").
		expect(await readFile(file, "utf8")).not.toContain("&.cm-focused");
		const plugin = new PluginClass(app, MANIFEST);
		await plugin.loadAsync();
		expect([...app.viewRegistry.keys()]).toEqual(["redline-chat"]);
		expect([...app.commands.keys()].sort()).toEqual(
			[
				"edit-selection",
				"new-chat",
				"open-chat",
				"pin-active-note",
				"revert-last-change",
				"show-history",
				"stop-agent",
			].map((id) => `redline:${id}`),
		);
		expect(app.settingTabs).toHaveLength(1);
		expect(app.ribbonIcons.map((r) => r.title)).toEqual(["Redline: open chat"]);
		expect(app.editorExtensions).toHaveLength(1);
		plugin.unload();
		await (plugin as BundledPlugin).whenUnloaded();
	});

	it("does not build the core when Obsidian starts with a note open, nor when another note opens", async () => {
		const app = new App();
		app.vault.seed({ "Daily.md": "# Daily\n", "Other.md": "x\n" });
		app.workspace.startLayout();
		const { PluginClass } = await loadBundle(file, app);
		const plugin = new PluginClass(app, MANIFEST) as BundledPlugin;
		await plugin.loadAsync();
		await app.workspace.openFile("Daily.md");
		app.workspace.finishLayout();
		await settle();
		await app.workspace.openFile("Other.md");
		await settle();
		expect(plugin.coreStarted).toBe(false);
		plugin.unload();
		await plugin.whenUnloaded();
	});

	it("has no regex with a lookbehind, which iOS before 16.4 cannot parse (the whole plugin would fail to load)", async () => {
		const regexes = regexesIn(await readFile(file, "utf8"));
		expect(regexes.length).toBeGreaterThan(100); // the parser really saw the bundle's regexes
		expect(regexes.filter((r) => hasLookbehind(r.pattern)).map((r) => r.context)).toEqual([]);
	});

	it("compiles no code at run time: no eval and no Function constructor (zod's fast path is cut)", async () => {
		const code = await readFile(file, "utf8");
		expect(code).not.toMatch(/(?<![\w$.])eval\s*\(/);
		expect(code).not.toMatch(/\bnew\s+Function\b/);
		// Called or taken as a value (`const F = Function; new F(...)`), not Function.prototype.
		expect(code).not.toMatch(/(?<![\w$.])Function(?!\s*\.)(?=\s*[(;,)}]|\s*$)/m);
	});

	it("reverts a real Redline change with the revert command, and says so", async () => {
		const app = new App();
		app.vault.seed({ "Daily.md": "# Daily\n\nBuy milk\n" });
		const { PluginClass } = await loadBundle(file, app);
		const plugin = new PluginClass(app, MANIFEST) as BundledPlugin;
		await plugin.loadAsync();

		const core = await plugin.core();
		const written = await core.history.write({
			path: "Daily.md",
			base: "# Daily\n\nBuy milk\n",
			proposed: "# Daily\n\nBuy milk\nBuy eggs\n",
			description: "Add eggs",
		});
		expect(written.status).toBe("written");
		expect(app.vault.text("Daily.md")).toBe("# Daily\n\nBuy milk\nBuy eggs\n");

		await app.workspace.openFile("Daily.md");
		await settle();
		expect(app.isCommandAvailable("redline:revert-last-change")).toBe(true);
		const before = notices.length;
		app.runCommand("redline:revert-last-change");
		for (let i = 0; i < 50 && notices.length === before; i++) await settle();
		const view = app.workspace.getActiveViewOfType((await import("../fakes/obsidian")).MarkdownView)!;
		await view.flushSave();
		expect(view.editor.getValue()).toBe("# Daily\n\nBuy milk\n");
		expect(app.vault.text("Daily.md")).toBe("# Daily\n\nBuy milk\n");
		expect(notices.at(-1)).toMatch(/Reverted the last Redline change in Daily\.md/);

		plugin.unload();
		await plugin.whenUnloaded();
	});

	it("leaves nothing running after onunload: no listeners, intervals, timers or registrations", async () => {
		const app = new App();
		app.vault.seed({ "Note.md": "text\n" });
		const { PluginClass, timers } = await loadBundle(file, app);
		const plugin = new PluginClass(app, MANIFEST) as BundledPlugin;
		await plugin.loadAsync();
		await plugin.core();
		app.runCommand("redline:open-chat");
		await app.workspace.openFile("Note.md");
		await settle();
		expect(app.workspace.getLeavesOfType("redline-chat")).toHaveLength(1);
		// The React pane really mounted inside the view.
		await until(() => (app.doc.querySelector(".redline-view")?.childElementCount ?? 0) > 0);
		expect(app.doc.querySelector(".redline-view")?.childElementCount).toBeGreaterThan(0);

		plugin.unload();
		await plugin.whenUnloaded();
		await settle();
		expect(app.vault.listenerCount()).toBe(0);
		expect(app.workspace.listenerCount()).toBe(0);
		expect(app.workspace.getLeavesOfType("redline-chat")).toHaveLength(0);
		expect(app.commands.size).toBe(0);
		expect(app.viewRegistry.size).toBe(0);
		expect(app.settingTabs).toHaveLength(0);
		expect(timers.liveIntervals.size).toBe(0);
		expect(timers.pendingTimeouts.size).toBe(0);
	});
});
