// Issue 14, history record paths: the plugin builds its core (and the history, which follows
// renames) only on first use, so a note renamed earlier in the session kept its history under
// the old path: the renamed note lost it, and a new note at the old path was offered "Revert
// last change" with a deleted note's history. (Failed before the rename journal.)
import { describe, expect, it } from "vitest";
import { App } from "../fakes/obsidian";
import { lazyLoads, startPlugin, stopPlugin } from "./support/plugin";
import { nextImmediate } from "../../src/node/timers";

const NOTE = "# Plan\n\nmilk\n";
const EDITED = "# Plan\n\nmilk\neggs\n";

async function settle(): Promise<void> {
	for (let i = 0; i < 20; i++) await nextImmediate();
}

/** A vault whose Plan.md has one agent edit, from an earlier session. */
async function vaultWithHistory(): Promise<App> {
	const app = new App();
	app.vault.seed({ "Plan.md": NOTE });
	await app.vault.createFolder("Archive");
	const earlier = await startPlugin(app);
	const core = await earlier.plugin.core();
	expect(
		(await core.history.write({ path: "Plan.md", base: NOTE, proposed: EDITED, description: "Add eggs" })).status,
	).toBe("written");
	await stopPlugin(earlier.plugin);
	return app;
}

async function startObsidian(app: App) {
	app.workspace.startLayout();
	const started = await startPlugin(app);
	app.workspace.finishLayout();
	await settle();
	return started;
}

describe("a note renamed before the core was built", () => {
	it("keeps its history, and a new note at the old path gets none", async () => {
		const app = await vaultWithHistory();
		const before = lazyLoads();
		const { plugin } = await startObsidian(app);
		const file = app.vault.getFileByPath("Plan.md");
		if (!file) throw new Error("no Plan.md");
		await app.fileManager.renameFile(file, "Archive/Plan.md");
		await app.vault.create("Plan.md", "# A new plan\n");
		await settle();
		expect(plugin.coreStarted).toBe(false);
		expect(lazyLoads()).toEqual(before);

		// Offered where the history is, without building the core.
		await app.workspace.openFile("Plan.md");
		await settle();
		expect(app.isCommandAvailable("redline:revert-last-change")).toBe(false);
		await app.workspace.openFile("Archive/Plan.md");
		await settle();
		expect(app.isCommandAvailable("redline:revert-last-change")).toBe(true);
		expect(plugin.coreStarted).toBe(false);

		const core = await plugin.core();
		expect(await core.history.list("Plan.md")).toEqual([]);
		expect((await core.history.list("Archive/Plan.md")).map((e) => e.description)).toEqual(["Add eggs"]);
		expect((await core.history.revert("Plan.md")).status).toBe("no-op");
		expect(await app.vault.read(app.vault.getFileByPath("Plan.md") as never)).toBe("# A new plan\n");
		expect((await core.history.revert("Archive/Plan.md")).status).toBe("written");
		expect(await app.vault.read(app.vault.getFileByPath("Archive/Plan.md") as never)).toBe(NOTE);
		await stopPlugin(plugin);
	});

	it("is moved once: a later session does not move it again", async () => {
		const app = await vaultWithHistory();
		const first = await startObsidian(app);
		const file = app.vault.getFileByPath("Plan.md");
		if (!file) throw new Error("no Plan.md");
		await app.fileManager.renameFile(file, "Archive/Plan.md");
		await settle();
		const core = await first.plugin.core();
		expect((await core.history.list("Archive/Plan.md")).map((e) => e.description)).toEqual(["Add eggs"]);
		// Renamed back while the core listens, then a new note takes the archive path.
		const moved = app.vault.getFileByPath("Archive/Plan.md");
		if (!moved) throw new Error("no Archive/Plan.md");
		await app.fileManager.renameFile(moved, "Plan.md");
		await app.vault.create("Archive/Plan.md", "# Archived elsewhere\n");
		await settle();
		expect((await core.history.list("Plan.md")).map((e) => e.description)).toEqual(["Add eggs"]);
		await stopPlugin(first.plugin);

		const second = await startObsidian(app);
		const again = await second.plugin.core();
		expect((await again.history.list("Plan.md")).map((e) => e.description)).toEqual(["Add eggs"]);
		expect(await again.history.list("Archive/Plan.md")).toEqual([]);
		await stopPlugin(second.plugin);
	});
});
