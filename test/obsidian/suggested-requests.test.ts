// @vitest-environment happy-dom
/**
 * The empty chat in Obsidian (issue 30): the suggested requests come from the note open in the
 * editor and the vault's folders, as the Obsidian host knows them, and one fills the message box.
 */
import { describe, expect, it } from "vitest";
import { App } from "../fakes/obsidian";
import { startPlugin, stopPlugin } from "./support/plugin";
import { until } from "./support/until";

function paneOf(app: App): HTMLElement {
	const leaf = app.workspace.getLeavesOfType("redline-chat")[0];
	if (!leaf) throw new Error("no Redline view");
	return (leaf.view as unknown as { contentEl: HTMLElement }).contentEl;
}

describe("the empty chat in Obsidian", () => {
	it("suggests requests about the active note and a frequent folder, and one fills the message box", async () => {
		const app = new App({ win: window as never });
		app.vault.seed({
			"Recipes/Bread.md": "# Bread\n",
			"Recipes/Soup.md": "# Soup\n",
			"Recipes/Pie.md": "# Pie\n",
			"Reading/On slow reading.md": "# On slow reading\n",
			"Projects/Garden shed.md": "# Garden shed\n",
		});
		const { plugin } = await startPlugin(app);
		await app.workspace.openFile("Projects/Garden shed.md");
		app.runCommand("redline:open-chat");
		await until(() => app.workspace.getLeavesOfType("redline-chat")[0]);
		const pane = await until(() =>
			paneOf(app).querySelector<HTMLElement>("[role=group][aria-label='Suggested requests']"),
		);
		const buttons = await until(() => {
			const found = [...paneOf(app).querySelectorAll<HTMLButtonElement>("[aria-label='Suggested requests'] button")];
			return found.length > 0 ? found : null;
		});
		expect(buttons.map((b) => b.textContent)).toEqual([
			"Summarize Garden shed",
			"Add tags to Garden shed",
			"Find notes about Recipes",
			"Make a reading list from Reading/",
		]);
		expect(pane.ownerDocument).toBe(app.doc);
		expect(paneOf(app).textContent).toContain("Redline asks before each edit; every change can be reverted.");

		buttons[3].click();
		const input = await until(() =>
			paneOf(app).querySelector<HTMLTextAreaElement>("textarea[aria-label='Message Redline']"),
		);
		await until(() => input.value === "Make a reading list from the notes in Reading/");
		expect(input.ownerDocument.activeElement).toBe(input);
		await stopPlugin(plugin);
	});
});
