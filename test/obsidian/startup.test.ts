// Obsidian starting with a note open: the plugin loads before the layout is restored, the layout
// opens the note, then onLayoutReady runs. None of that may build the core (LangChain, zod, the
// OpenAI client, the thread index): "is there history for this note?" is read from the store.
// (Failed before the store-only reader: file-open built the core to list the note's history.)
import { describe, expect, it, onTestFinished } from "vitest";
import { App, notices } from "../fakes/obsidian";
import { lazyLoads, overrideCore, startPlugin, stopPlugin } from "./support/plugin";
import { until } from "./support/until";
import { setImmediate } from "../../src/node/timers";

async function settle(): Promise<void> {
	for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** An Obsidian start: the plugin loads, the layout restores `open` (file-open, active-leaf-change), the layout is ready. */
async function startObsidian(app: App, open: string) {
	app.workspace.startLayout();
	const started = await startPlugin(app);
	await app.workspace.openFile(open);
	app.workspace.finishLayout();
	await settle();
	return started;
}

describe("Obsidian start with a note open", () => {
	it("does not build the core, before or after the layout is ready", async () => {
		const app = new App();
		app.vault.seed({ "Daily.md": "# Daily\n" });
		const before = lazyLoads();
		const { plugin } = await startObsidian(app, "Daily.md");
		// Switching notes afterwards does not either.
		app.vault.seed({ "Other.md": "x\n" });
		await app.workspace.openFile("Other.md");
		await settle();
		expect(lazyLoads()).toEqual(before);
		expect(plugin.coreStarted).toBe(false);
		await stopPlugin(plugin);
	});

	it("offers Revert for a note with history from an earlier session, without building the core", async () => {
		const app = new App();
		app.vault.seed({ "Daily.md": "# Daily\n\nmilk\n", "Other.md": "x\n" });
		const earlier = await startPlugin(app);
		const core = await earlier.plugin.core();
		expect(
			(
				await core.history.write({
					path: "Daily.md",
					base: "# Daily\n\nmilk\n",
					proposed: "# Daily\n\nmilk\neggs\n",
					description: "Add eggs",
				})
			).status,
		).toBe("written");
		await stopPlugin(earlier.plugin);

		const before = lazyLoads();
		const { plugin } = await startObsidian(app, "Daily.md");
		expect(app.isCommandAvailable("redline:revert-last-change")).toBe(true);
		await app.workspace.openFile("Other.md");
		await settle();
		expect(app.isCommandAvailable("redline:revert-last-change")).toBe(false);
		expect(lazyLoads()).toEqual(before);
		expect(plugin.coreStarted).toBe(false);
		await stopPlugin(plugin);
	});

	it("offers Revert for a note the agent just changed for the first time", async () => {
		const app = new App();
		app.vault.seed({ "Daily.md": "# Daily\n" });
		const { plugin } = await startObsidian(app, "Daily.md");
		expect(app.isCommandAvailable("redline:revert-last-change")).toBe(false);
		const core = await plugin.core();
		expect(
			(
				await core.history.write({
					path: "Daily.md",
					base: "# Daily\n",
					proposed: "# Daily\n\nmilk\n",
					description: "Add milk",
				})
			).status,
		).toBe("written");
		await settle();
		expect(app.isCommandAvailable("redline:revert-last-change")).toBe(true);
		await stopPlugin(plugin);
	});

	it("shows a failure to start with the configured key cut, a key without an sk- prefix and a shortened quote of it included", async () => {
		const KEY = "Zx81-plain-key-0123456789abcdef";
		const app = new App();
		app.secretStorage.setSecret("main-key", KEY);
		onTestFinished(
			overrideCore({
				createRedline: () => Promise.reject(new Error(`the proxy refused ${KEY} (${KEY.slice(0, 17)}…)`)),
			}),
		);
		const { plugin } = await startPlugin(app, { settings: {}, secrets: { mainApiKey: "main-key" } });
		app.runCommand("redline:open-chat");
		const shown = await until(() => notices.find((notice) => notice.startsWith("Redline could not start")));
		expect(shown).toContain("the proxy refused [redacted]");
		expect(shown).not.toContain(KEY.slice(0, 12));
		expect(shown).not.toContain(KEY.slice(-8));
		await stopPlugin(plugin);
	});
});
