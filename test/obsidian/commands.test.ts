import { describe, expect, it } from "vitest";
import { App, notices } from "../fakes/obsidian";
import { startPlugin, stopPlugin } from "./support/plugin";

async function settle(): Promise<void> {
	for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

async function withChange() {
	const app = new App();
	app.vault.seed({ "Daily.md": "# Daily\n\nmilk\n", "Other.md": "x\n" });
	const { plugin } = await startPlugin(app);
	const core = await plugin.core();
	const outcome = await core.history.write({ path: "Daily.md", base: "# Daily\n\nmilk\n", proposed: "# Daily\n\nmilk\neggs\n", description: "Add eggs" });
	expect(outcome.status).toBe("written");
	return { app, plugin };
}

describe("commands", () => {
	it("offers the revert command only for a note with Redline history", async () => {
		const { app, plugin } = await withChange();
		await app.workspace.openFile("Other.md");
		await settle();
		expect(app.isCommandAvailable("redline:revert-last-change")).toBe(false);
		await app.workspace.openFile("Daily.md");
		await settle();
		expect(app.isCommandAvailable("redline:revert-last-change")).toBe(true);
		await stopPlugin(plugin);
	});

	it("refuses a revert that would overwrite the user's later typing, and says why", async () => {
		const { app, plugin } = await withChange();
		const view = await app.workspace.openFile("Daily.md");
		await settle();
		// The user rewrites the very line Redline added.
		view.editor.transaction({ changes: [{ from: { line: 3, ch: 0 }, to: { line: 3, ch: 4 }, text: "two dozen eggs" }] });
		const before = notices.length;
		app.runCommand("redline:revert-last-change");
		for (let i = 0; i < 50 && notices.length === before; i++) await settle();
		expect(notices.at(-1)).toMatch(/did not revert Daily\.md/);
		expect(view.editor.getValue()).toContain("two dozen eggs");
		await stopPlugin(plugin);
	});

	it("shows the note's history with time, description, +/- lines, the diff and Revert to here", async () => {
		const { app, plugin } = await withChange();
		const core = await plugin.core();
		await core.history.write({ path: "Daily.md", base: "# Daily\n\nmilk\neggs\n", proposed: "# Daily\n\nmilk\neggs\nbread\n", description: "Add bread" });
		await app.workspace.openFile("Daily.md");
		app.runCommand("redline:show-history");
		await settle();
		const modal = app.openModals[0];
		const entries = [...modal.contentEl.querySelectorAll(".redline-history-entry")];
		expect(entries.map((e) => e.querySelector(".setting-item-name")!.textContent)).toEqual(["Add bread", "Add eggs"]);
		expect(entries[1].querySelector(".setting-item-description")!.textContent).toMatch(/\+1 −0/);
		expect(modal.contentEl.querySelector("pre")!.textContent).toContain("+bread");

		// "Revert to here" on "Add eggs" undoes "Add bread" only.
		(entries[1].querySelector("button") as HTMLButtonElement).click();
		for (let i = 0; i < 50 && app.vault.text("Daily.md")!.includes("bread"); i++) await settle();
		const view = app.workspace.getLeavesOfType("markdown")[0].view as unknown as { flushSave(): Promise<void> };
		await view.flushSave();
		expect(app.vault.text("Daily.md")).toBe("# Daily\n\nmilk\neggs\n");
		await stopPlugin(plugin);
	});
});
