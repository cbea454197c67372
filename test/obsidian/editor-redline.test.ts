// @vitest-environment happy-dom
/**
 * The open note shows Redline in Obsidian too (issue 29): the plugin registers its editor
 * extensions with registerEditorExtension (and takes them away on unload), and setting a note's
 * review or written lines reaches every open Markdown editor of that note, through the
 * EditorView Obsidian keeps in `editor.cm`, and no other note's. An editor without `cm` is skipped.
 * (The fake builds `cm` with the registered extensions, as Obsidian does, and keeps it in step
 * with the Editor both ways.) Then the whole thing through the plugin, the real agent and the
 * scripted model server: a draft waiting for review shows in the open note while the pane shows
 * its chat, the user decides it in the editor, that reaches v1.thread.reviewEdit, the note holds
 * exactly the accepted change, and the line it changed stays marked.
 */
import { afterEach, describe, expect, it } from "vitest";
import { App, MarkdownView } from "../fakes/obsidian";
import { shownReview, type InlineReview } from "../../src/editor";
import { reply, startModelServer, type ModelServer } from "../../src/sandbox/model-server";
import type { StoredEvent } from "../../src/log/events";
import { applyWith, mainAndApply } from "../e2e/support/scripts";
import { asDesktop } from "./support/desktop-require";
import { startPlugin, stopPlugin } from "./support/plugin";
import { until } from "./support/until";

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

describe("a draft waiting for review, in the open note, through the plugin", () => {
	let server: ModelServer | undefined;
	asDesktop();
	afterEach(async () => {
		await server?.close();
		server = undefined;
	});

	it("shows the redline, takes the decisions from the editor to reviewEdit, writes only the accepted change and marks its line", async () => {
		server = await startModelServer({
			script: mainAndApply(
				[
					reply.toolCalls([
						{
							name: "declareEditIntent",
							id: "intent",
							args: { path: "Daily.md", operation: "modify", description: "Say what kind" },
						},
					]),
					reply.text("Done."),
				],
				[applyWith((note) => note.replace("milk", "oat milk").replace("eggs", "free-range eggs"))],
			),
		});
		const app = new App({ win: window as never });
		app.vault.seed({ "Daily.md": DAILY });
		const { plugin } = await startPlugin(app, {
			settings: { mainModel: { baseUrl: server.baseURL, model: "scripted" }, applyModel: {}, transport: "node" },
			secrets: {},
		});
		const note = await app.workspace.openFile("Daily.md");
		const service = await plugin.service();
		// Titled, so no title is asked of the model.
		const created = await service.createThread({ title: "Milk and eggs" });
		if (!created.ok) throw new Error(created.error.message);
		const { threadId } = created;
		const events: StoredEvent[] = [];
		const subscription = service.subscribe({ threadId }, (m) => void (m.kind === "event" && events.push(m.event)));
		// The pane shows the chat (the most recent one): the open notes follow it.
		app.runCommand("redline:open-chat");
		await until(() => app.workspace.getLeavesOfType("redline-chat").length === 1);
		expect((await service.sendMessage({ threadId, content: "Say what kind of milk and eggs" })).ok).toBe(true);

		const groups = () => [...cm(note).contentDOM.querySelectorAll<HTMLElement>("[role=group]")];
		await until(() => groups().length === 2);
		expect([...cm(note).contentDOM.querySelectorAll("del")].map((el) => el.textContent)).toEqual(["milk", "eggs"]);
		expect(groups().map((g) => g.querySelector("ins")?.textContent)).toEqual(["oat milk", "free-range eggs"]);
		// Nothing is written while the draft waits.
		expect(app.vault.text("Daily.md")).toBe(DAILY);

		const press = (group: number, name: string) =>
			[...groups()[group].querySelectorAll("button")].find((b) => b.textContent === name)!.click();
		press(0, "Accept");
		// The choice is the pane's too (the card reads the same store); nothing is sent yet.
		const { editId } = events.find((e) => e.type === "edit_proposed") as { editId: string };
		expect([...plugin.reviewDecisions.get(editId)]).toEqual([["c1", { kind: "accepted" }]]);
		press(1, "Reject");

		await until(() => app.vault.text("Daily.md") === "# Daily\n\noat milk\n\neggs\n");
		const reviewed = events.find((e) => e.type === "edit_reviewed");
		expect(reviewed).toMatchObject({ accepted: ["c1"], rejected: ["c2"] });
		expect(reviewed && "reason" in reviewed ? reviewed.reason : undefined).toBeUndefined();
		// The review leaves the editor; the line the write changed stays marked.
		await until(() => groups().length === 0);
		await until(() => cm(note).contentDOM.querySelectorAll(".redline-ed-written").length === 1);
		expect(cm(note).contentDOM.querySelector(".redline-ed-written")?.firstChild?.textContent).toBe("oat milk");
		expect(note.editor.getValue()).toBe("# Daily\n\noat milk\n\neggs\n");

		subscription.close();
		await (service as typeof service & { idle(id: string): Promise<void> }).idle(threadId);
		await stopPlugin(plugin);
	}, 30_000);
});
