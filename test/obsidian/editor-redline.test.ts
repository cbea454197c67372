// @vitest-environment happy-dom
/**
 * The open note shows Redline in Obsidian too (issue 29): the plugin registers its editor
 * extensions with registerEditorExtension (and takes them away on unload), and setting a note's
 * review or written lines reaches every open Markdown editor of that note, through the
 * EditorView Obsidian keeps in `editor.cm`, and no other note's. An editor without `cm` is skipped.
 * (The fake builds `cm` with the registered extensions, as Obsidian does.)
 */
import { describe, expect, it } from "vitest";
import { App, MarkdownView } from "../fakes/obsidian";
import { shownReview, type InlineReview } from "../../src/editor";
import { startPlugin, stopPlugin } from "./support/plugin";

const DAILY = "# Daily\n\nmilk\n\neggs\n";

function review(decided: string[] = []): InlineReview & { decisions: Record<string, "accepted"> } {
	return {
		editId: "e1",
		changes: [{ changeId: "c1", before: "milk\n", after: "oat milk\n", startLine: 3 }],
		decisions: Object.fromEntries(decided.map((id) => [id, "accepted" as const])),
		onDecide: (id) => decided.push(id),
		onLeave: () => undefined,
	};
}

async function withNotes() {
	const app = new App();
	app.vault.seed({ "Daily.md": DAILY, "Other.md": "milk\n" });
	const { plugin } = await startPlugin(app);
	const daily = [await app.workspace.openFile("Daily.md"), await app.workspace.openFile("Daily.md")];
	const other = await app.workspace.openFile("Other.md");
	return { app, plugin, daily, other };
}

const cm = (view: MarkdownView) => view.editor.cm!;

describe("the editor redline in Obsidian", () => {
	it("registers the editor extensions on load and removes them on unload", async () => {
		const app = new App();
		const { plugin } = await startPlugin(app);
		expect(app.editorExtensions).toHaveLength(1);
		await stopPlugin(plugin);
		expect(app.editorExtensions).toHaveLength(0);
	});

	it("shows a note's review in every open editor of that note, and none of another note's", async () => {
		const { plugin, daily, other } = await withNotes();
		const decided: string[] = [];
		expect(plugin.editorRedline.setReview("Daily.md", review(decided))).toBe(2);
		for (const view of daily) {
			expect([...cm(view).contentDOM.querySelectorAll("del")].map((el) => el.textContent)).toEqual(["milk"]);
			expect(cm(view).contentDOM.querySelector("[role=group] ins")?.textContent).toBe("oat milk");
		}
		expect(shownReview(cm(other).state)).toBeNull();
		// A decision from the editor reaches the host's callback.
		[...cm(daily[1]).contentDOM.querySelectorAll("button")].find((b) => b.textContent === "Accept")!.click();
		expect(decided).toEqual(["c1"]);
		expect(plugin.editorRedline.setReview("Daily.md", null)).toBe(2);
		expect(shownReview(cm(daily[0]).state)).toBeNull();
		await stopPlugin(plugin);
	});

	it("marks the lines a write changed in the note's editors", async () => {
		const { plugin, daily, other } = await withNotes();
		expect(plugin.editorRedline.setWrittenLines("Daily.md", [{ from: 5, to: 5 }])).toBe(2);
		expect(
			[...cm(daily[0]).contentDOM.querySelectorAll(".redline-ed-written")].map((line) => line.firstChild?.textContent),
		).toEqual(["eggs"]);
		expect(cm(other).contentDOM.querySelectorAll(".redline-ed-written")).toHaveLength(0);
		expect(plugin.editorRedline.setWrittenLines("Daily.md", null)).toBe(2);
		expect(cm(daily[1]).contentDOM.querySelectorAll(".redline-ed-written")).toHaveLength(0);
		await stopPlugin(plugin);
	});

	it("skips an editor that has no CodeMirror view, and a note that is not open", async () => {
		const { plugin, daily } = await withNotes();
		daily[0].editor.cm = undefined;
		expect(plugin.editorRedline.setReview("Daily.md", review())).toBe(1);
		expect(plugin.editorRedline.setReview("Nowhere.md", review())).toBe(0);
		await stopPlugin(plugin);
	});
});
