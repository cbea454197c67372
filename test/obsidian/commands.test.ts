// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { App, notices, type SuggestModal } from "../fakes/obsidian";
import type { PinnedItem, StoredEvent } from "../../src/log/events";
import { project } from "../../src/log/projection";
import type { ThreadService } from "../../src/thread/service-api";
import { startPlugin, stopPlugin } from "./support/plugin";
import { until } from "./support/until";
import { setTimeout, setImmediate } from "../../src/node/timers";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";

async function settle(): Promise<void> {
	for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

async function withChange() {
	const app = new App();
	app.vault.seed({ "Daily.md": "# Daily\n\nmilk\n", "Other.md": "x\n" });
	const { plugin } = await startPlugin(app);
	const core = await plugin.core();
	const outcome = await core.history.write({
		path: "Daily.md",
		base: "# Daily\n\nmilk\n",
		proposed: "# Daily\n\nmilk\neggs\n",
		description: "Add eggs",
	});
	expect(outcome.status).toBe("written");
	return { app, plugin };
}

/** The pinned items of every thread, read back from the service's event log. */
async function pinnedByThread(service: ThreadService): Promise<Record<string, PinnedItem[]>> {
	const list = await service.listThreads();
	if (!list.ok) return {};
	const all: Record<string, PinnedItem[]> = {};
	for (const { threadId } of list.threads) {
		const events: StoredEvent[] = [];
		await new Promise<void>((resolve) => {
			const sub = service.subscribe({ threadId }, (message) => {
				if (message.kind === "event") events.push(message.event);
				else {
					sub.close();
					resolve();
				}
			});
		});
		all[threadId] = project(threadId, events).pinned;
	}
	return all;
}

/** A chat that made an edit of Daily.md, as its log on disk records it (written before the plugin starts). */
async function withChatEdit(options: { earlier?: boolean } = {}) {
	const app = new App();
	app.vault.seed({ "Daily.md": options.earlier ? "\nmilk\n" : "# Daily\n\nmilk\n" });
	const threadId = "t_chat_that_edited";
	const at = "2026-01-10T09:00:00.000Z";
	const lines = [
		{ seq: 1, threadId, at, type: "thread_created", v: 1 },
		{
			seq: 2,
			threadId,
			at,
			type: "edit_intent_declared",
			editId: "edit_1",
			callId: "call_1",
			path: "Daily.md",
			operation: "modify",
			description: "add eggs",
		},
	];
	await app.vault.adapter.mkdir(`${DEFAULT_CONFIG_DIR}/plugins/redline/data/threads`);
	await app.vault.adapter.write(
		`${DEFAULT_CONFIG_DIR}/plugins/redline/data/threads/${threadId}.jsonl`,
		lines.map((line) => JSON.stringify(line)).join("\n") + "\n",
	);
	const { plugin } = await startPlugin(app);
	const core = await plugin.core();
	if (options.earlier)
		expect(
			(
				await core.history.write({
					path: "Daily.md",
					base: "\nmilk\n",
					proposed: "# Daily\n\nmilk\n",
					description: "Add a title",
				})
			).status,
		).toBe("written");
	const outcome = await core.history.write({
		path: "Daily.md",
		base: "# Daily\n\nmilk\n",
		proposed: "# Daily\n\nmilk\neggs\n",
		description: "add eggs",
		threadId,
		editId: "edit_1",
	});
	expect(outcome.status).toBe("written");
	return { app, plugin, threadId };
}

async function revertedEdits(service: ThreadService, threadId: string) {
	const events: StoredEvent[] = [];
	await new Promise<void>((resolve) => {
		const sub = service.subscribe({ threadId }, (message) => {
			if (message.kind === "event") events.push(message.event);
			else {
				sub.close();
				resolve();
			}
		});
	});
	return project(threadId, events).edits.edit_1;
}

describe("commands", () => {
	it("Revert last change in this note tells the chat that made the change", async () => {
		const { app, plugin, threadId } = await withChatEdit();
		await app.workspace.openFile("Daily.md");
		await settle();
		app.runCommand("redline:revert-last-change");
		const service = await plugin.service();
		const edit = await until(async () => (await revertedEdits(service, threadId))?.reverted);
		expect(edit).toMatchObject({ added: 0, removed: 1 });
		expect(app.vault.text("Daily.md")).toBe("# Daily\n\nmilk\n");
		await stopPlugin(plugin);
	});

	it("Revert to here in the history modal tells the chat too", async () => {
		const { app, plugin, threadId } = await withChatEdit({ earlier: true });
		await app.workspace.openFile("Daily.md");
		app.runCommand("redline:show-history");
		await settle();
		const entries = [...app.openModals[0].contentEl.querySelectorAll(".redline-history-entry")];
		expect(entries.map((e) => e.querySelector(".setting-item-name")!.textContent)).toEqual(["add eggs", "Add a title"]);
		// Back to "Add a title" undoes the chat's "add eggs".
		(entries[1].querySelector("button") as HTMLButtonElement).click();
		const service = await plugin.service();
		const edit = await until(async () => (await revertedEdits(service, threadId))?.reverted);
		expect(edit).toMatchObject({ added: 0, removed: 1 });
		await stopPlugin(plugin);
	});

	it("names the note in the history modal's title with a zero-width space or a slash look-alike escaped", async () => {
		// (Obsidian's normalizePath makes a no-break space a space: such a note is never named with one.)
		const app = new App();
		app.vault.seed({ "Garden shed\u200b.md": "# Shed\n", "Projects\u2215Plan.md": "# Plan\n" });
		const { plugin } = await startPlugin(app);
		for (const [path, shown] of [
			["Garden shed\u200b.md", "Garden shed\\u200B.md"],
			["Projects\u2215Plan.md", "Projects\\u2215Plan.md"],
		]) {
			await app.workspace.openFile(path);
			app.runCommand("redline:show-history");
			const modal = await until(() => app.openModals[0]);
			await settle();
			expect(modal.titleEl.textContent).toBe(`Redline history: ${shown}`);
			modal.close();
		}
		await stopPlugin(plugin);
	});

	it("pins the active note to the chat the pane shows, even when it is not the newest", async () => {
		const app = new App();
		app.vault.seed({ "Daily.md": "# Daily\n" });
		const { plugin } = await startPlugin(app);
		const service = await plugin.service();
		const older = await service.createThread({ title: "Older" });
		await new Promise((resolve) => setTimeout(resolve, 5));
		const newer = await service.createThread({ title: "Newer" });
		if (!older.ok || !newer.ok) throw new Error("could not create threads");
		await app.workspace.openFile("Daily.md");
		app.runCommand("redline:open-chat");
		const title = await until(() => app.doc.querySelector(".redline-header-title"));
		// The pane opens on the newest chat; wait for that before switching.
		await until(() => title.textContent === "Newer" && app.doc.querySelector("[role='log']"));
		// The user switches the pane to the older chat, in the chat list (Obsidian's SuggestModal).
		app.doc.querySelector<HTMLElement>("button[aria-label='Chat history']")?.click();
		const list = await until(() => app.openModals[0] as SuggestModal<unknown> | undefined);
		await until(() => list.itemEls().length === 2);
		list.itemEls()[1]?.click();
		await until(() => title.textContent === "Older" && app.doc.querySelector("[role='log']"));
		app.runCommand("redline:pin-active-note");
		const pinned = await until(async () => {
			const all = await pinnedByThread(service);
			return Object.values(all).some((items) => items.length > 0) ? all : null;
		});
		// For the next message, as "Pin active note" in the message box (issue 30).
		expect(pinned).toEqual({ [older.threadId]: [{ path: "Daily.md", scope: "message" }], [newer.threadId]: [] });
		await stopPlugin(plugin);
	});

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
		view.editor.transaction({
			changes: [{ from: { line: 3, ch: 0 }, to: { line: 3, ch: 4 }, text: "two dozen eggs" }],
		});
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
		await core.history.write({
			path: "Daily.md",
			base: "# Daily\n\nmilk\neggs\n",
			proposed: "# Daily\n\nmilk\neggs\nbread\n",
			description: "Add bread",
		});
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
