// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { App, migrationListenerCount } from "../fakes/obsidian";
import { startPlugin, stopPlugin } from "./support/plugin";
import { until } from "./support/until";
import { setTimeout } from "../../src/node/timers";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";
import { EventScript } from "../ui/support/events";
import { changesBetween } from "../../src/composer/review/changes";
import { draftKey, type DraftRecord } from "../../src/composer/draft-store";
import { describePage } from "../../src/tools/read-note";

async function settle(): Promise<void> {
	for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A chat whose edit of Daily.md was applied, as Obsidian finds it after a restart: the history
 * entry written by a first run of the plugin, the chat's log (with that entry's version) on disk.
 */
async function withAppliedEdit(): Promise<App> {
	const app = new App({ win: window as never });
	const before = "# Daily\n\nmilk\n";
	app.vault.seed({ "Daily.md": before });
	const first = await startPlugin(app);
	const written = await (
		await first.plugin.core()
	).history.write({
		path: "Daily.md",
		base: before,
		proposed: `${before}eggs\n`,
		description: "add eggs",
		threadId: "t_edited",
		editId: "e1",
	});
	if (written.status !== "written") throw new Error(written.status);
	await stopPlugin(first.plugin);
	const { versionId, added, removed } = written.entry;
	const s = new EventScript("t_edited").user("m1", "Add eggs").assistant("a1", "");
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c_edit",
		path: "Daily.md",
		operation: "modify",
		description: "add eggs",
	});
	s.propose("a1", "c_edit", "declareEditIntent", { path: "Daily.md", operation: "modify", description: "add eggs" });
	s.decide("c_edit", "approved").run("c_edit");
	s.add({ type: "edit_applied", editId: "e1", path: "Daily.md", versionId, added, removed });
	s.add({
		type: "tool_call_completed",
		callId: "c_edit",
		result: { status: "success", message: "Edited Daily.md", path: "Daily.md", data: { versionId, added, removed } },
	});
	s.status("idle");
	const threads = `${DEFAULT_CONFIG_DIR}/plugins/redline/data/threads`;
	await app.vault.adapter.mkdir(threads);
	await app.vault.adapter.write(`${threads}/t_edited.jsonl`, s.events.map((e) => JSON.stringify(e) + "\n").join(""));
	return app;
}

const DRAFT_BASE = "# Daily\n\nWalk the dog\n\nBuy milk\n\nCall Bo\n";
const DRAFT = "# Daily\n\nWalk the cat\n\nBuy oat milk\n\nCall Ana\n";

/**
 * A chat whose edit of Daily.md waits for review after a restart: the draft kept in the plugin's
 * data (drafts/…), the log ending in edit_proposed with the changes between the note and the draft.
 */
async function withDraftWaiting(): Promise<App> {
	const app = new App({ win: window as never });
	app.vault.seed({ "Daily.md": DRAFT_BASE });
	const description = "tidy the daily note";
	const s = new EventScript("t_draft").user("m1", "Tidy my daily note").assistant("a1", "");
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c_edit",
		path: "Daily.md",
		operation: "modify",
		description,
	});
	s.propose("a1", "c_edit", "declareEditIntent", { path: "Daily.md", operation: "modify", description });
	s.run("c_edit");
	s.add({
		type: "edit_proposed",
		editId: "e1",
		callId: "c_edit",
		path: "Daily.md",
		changes: changesBetween(DRAFT_BASE, DRAFT),
	});
	s.add({ type: "status", status: "waiting_for_review" });
	const data = `${DEFAULT_CONFIG_DIR}/plugins/redline/data`;
	await app.vault.adapter.mkdir(`${data}/threads`);
	await app.vault.adapter.write(
		`${data}/threads/t_draft.jsonl`,
		s.events.map((e) => JSON.stringify(e) + "\n").join(""),
	);
	const record: DraftRecord = {
		editId: "e1",
		path: "Daily.md",
		description,
		base: DRAFT_BASE,
		draft: DRAFT,
		notes: {},
		dropped: [],
	};
	await app.vault.adapter.mkdir(`${data}/drafts/t_draft`);
	await app.vault.adapter.write(`${data}/${draftKey("t_draft", "c_edit")}`, JSON.stringify(record));
	return app;
}

const ARTICLE = "Articles/On slow reading.md";
const ARTICLE_TEXT = Array.from({ length: 63 }, (_, i) => `Line ${i + 1}`).join("\n");

/**
 * A chat that read a note (run by the preference) and then declared an edit that waits for Run
 * ("Ask me about the plan first"), as Obsidian finds it after a restart.
 */
async function withIntentWaiting(): Promise<App> {
	const app = new App({ win: window as never });
	app.vault.seed({ "Daily/2026-11-28.md": "# Daily\n\nmilk\n", [ARTICLE]: ARTICLE_TEXT });
	const path = "Daily/2026-11-28.md";
	const description = "Remove all headings";
	const s = new EventScript("t_plan").user("m1", "Tidy my daily note").assistant("a1", "");
	s.propose("a1", "c_read", "readNote", { path: ARTICLE });
	s.add({ type: "tool_call_decided", callId: "c_read", decision: "approved", by: "policy" });
	s.run("c_read", describePage(ARTICLE, ARTICLE_TEXT, 1, 400)).assistant("a2", "");
	s.add({ type: "edit_intent_declared", editId: "e1", callId: "c_edit", path, operation: "modify", description });
	s.propose("a2", "c_edit", "declareEditIntent", { path, operation: "modify", description });
	s.status("waiting_for_approval");
	const threads = `${DEFAULT_CONFIG_DIR}/plugins/redline/data/threads`;
	await app.vault.adapter.mkdir(threads);
	await app.vault.adapter.write(`${threads}/t_plan.jsonl`, s.events.map((e) => JSON.stringify(e) + "\n").join(""));
	return app;
}

function paneOf(app: App): HTMLElement {
	const leaf = app.workspace.getLeavesOfType("redline-chat")[0];
	if (!leaf) throw new Error("no Redline view");
	return (leaf.view as unknown as { contentEl: HTMLElement }).contentEl;
}

describe("ChatView", () => {
	it("mounts the pane in the right sidebar when opened and unmounts it when closed", async () => {
		const { app, plugin } = await startPlugin(new App({ win: window as never }));
		app.runCommand("redline:open-chat");
		await settle();
		const leaves = app.workspace.getLeavesOfType("redline-chat");
		expect(leaves).toHaveLength(1);
		expect(leaves[0].side).toBe("right");
		const content = paneOf(app);
		expect(content.childElementCount).toBeGreaterThan(0);

		// Opening again reveals the same view instead of adding one.
		app.runCommand("redline:open-chat");
		await settle();
		expect(app.workspace.getLeavesOfType("redline-chat")).toHaveLength(1);

		leaves[0].detach();
		await settle();
		expect(content.childElementCount).toBe(0);
		await stopPlugin(plugin);
	});

	it("re-creates the pane in a pop-out window, showing the same state from the service", async () => {
		const { app, plugin } = await startPlugin(new App({ win: window as never }));
		const service = await plugin.service();
		const created = await service.createThread({ title: "Groceries" });
		expect(created.ok).toBe(true);
		app.runCommand("redline:open-chat");
		await settle();
		const content = paneOf(app);
		// React's generated ids (useId) are the new root's own: the same pane, other ids.
		const html = (): string => content.innerHTML.replace(/_r_[0-9a-z]+_/gu, "_r_");
		const before = html();
		expect(before).not.toBe("");

		const leaf = app.workspace.getLeavesOfType("redline-chat")[0];
		const { win } = app.workspace.moveLeafToPopout(leaf);
		await settle();
		expect(content.ownerDocument).toBe(win.document);
		// One pane, rebuilt in the new window (not a second root next to a dead one).
		expect(html()).toBe(before);
		expect(content.childElementCount).toBe(1);
		// The state lives in the plugin's service, which the view did not recreate.
		expect(await plugin.service()).toBe(service);
		const threads = await service.listThreads();
		expect(threads.ok && threads.threads.map((t) => t.title)).toEqual(["Groceries"]);
		expect(migrationListenerCount(leaf.view.containerEl)).toBe(1);

		leaf.detach();
		await settle();
		expect(migrationListenerCount(leaf.view.containerEl)).toBe(0);
		await stopPlugin(plugin);
		await win.happyDOM.close();
	});

	it("shows a revert on the edit card of a pane in a pop-out window, and again when the chat is opened in the main window", async () => {
		const { app, plugin } = await startPlugin(await withAppliedEdit());
		app.runCommand("redline:open-chat");
		await settle();
		const content = paneOf(app);
		const card = () => content.querySelector<HTMLElement>("[role=group][aria-label='Edit Daily.md']");
		const revertButton = () =>
			card()?.querySelector<HTMLButtonElement>("button[aria-label='Revert this change to Daily.md']");
		await until(revertButton);

		const leaf = app.workspace.getLeavesOfType("redline-chat")[0];
		const { win } = app.workspace.moveLeafToPopout(leaf);
		await until(() => (content.ownerDocument as unknown) === win.document && revertButton());
		// Reverted from the command palette in the main window, with the note open there.
		await app.workspace.openFile("Daily.md");
		app.runCommand("redline:revert-last-change");
		const status = await until(() => card()?.querySelector("[role=status]"));
		await until(() => status.textContent?.includes("Reverted"));
		expect(revertButton()).toBeNull();
		expect(app.vault.text("Daily.md")).toBe("# Daily\n\nmilk\n");

		// The pop-out closed and the chat opened again in the main window: built from the log, the same.
		leaf.detach();
		await settle();
		app.runCommand("redline:open-chat");
		await settle();
		const reopened = paneOf(app);
		expect(reopened.ownerDocument).toBe(app.doc);
		await until(() =>
			reopened
				.querySelector("[role=group][aria-label='Edit Daily.md'] [role=status]")
				?.textContent?.includes("Reverted"),
		);
		expect(reopened.querySelector("button[aria-label='Revert this change to Daily.md']")).toBeNull();
		await stopPlugin(plugin);
		await win.happyDOM.close();
	});
	it("shows the edit card's note where it is after the user renames it, without any revert", async () => {
		const { app, plugin } = await startPlugin(await withAppliedEdit());
		app.runCommand("redline:open-chat");
		await settle();
		const content = paneOf(app);
		await until(() => content.querySelector("[role=group][aria-label='Edit Daily.md']"));
		const note = app.vault.getFileByPath("Daily.md");
		if (!note) throw new Error("no Daily.md");
		await app.vault.createFolder("Journal");
		await app.fileManager.renameFile(note, "Journal/Daily.md");
		const card = await until(() =>
			content.querySelector<HTMLElement>("[role=group][aria-label='Edit Journal/Daily.md']"),
		);
		expect(card.querySelector("a[aria-label='Open Journal/Daily.md']")).toBeTruthy();
		expect(app.vault.text("Journal/Daily.md")).toBe("# Daily\n\nmilk\neggs\n");
		await stopPlugin(plugin);
	});

	it("titles a waiting card as what will happen, the note by its name with the app's tooltip, and a read as one line", async () => {
		const { app, plugin } = await startPlugin(await withIntentWaiting());
		app.runCommand("redline:open-chat");
		await settle();
		const content = paneOf(app);
		const card = await until(() =>
			content.querySelector<HTMLElement>("[role=group][aria-label='Edit Daily/2026-11-28.md']"),
		);
		expect(card.querySelector(".redline-card-title")?.textContent).toBe("Remove all headings · 2026-11-28");
		expect(card.textContent).toContain("Waiting for you");
		expect(card.textContent).not.toMatch(/Planning|…/);
		// The whole path on hover: Obsidian's own tooltip (setTooltip), not a second one from a title attribute.
		const link = card.querySelector<HTMLElement>("a[aria-label='Open Daily/2026-11-28.md']");
		expect(link?.textContent).toBe("2026-11-28");
		expect(link?.getAttribute("data-tooltip-position")).toBe("bottom");
		expect(link?.hasAttribute("title")).toBe(false);

		const read = await until(() => content.querySelector<HTMLElement>(`[role=group][aria-label='Read ${ARTICLE}']`));
		const line = read.querySelector<HTMLButtonElement>("button[aria-expanded]");
		expect(line?.textContent?.replace("›", "").trim()).toBe("Read On slow reading · 63 lines");
		expect(read.textContent).not.toMatch(/Done|Set by your preference/);
		line!.click();
		const text = await until(() => read.querySelector<HTMLElement>("[role=region]"));
		expect(text.getAttribute("aria-label")).toBe("Text read from On slow reading");
		expect(text.tabIndex).toBe(0);
		expect(text.textContent).toBe(ARTICLE_TEXT);
		await stopPlugin(plugin);
	});

	it("offers a waiting draft as a redline after a restart, and writes only the changes the user kept", async () => {
		const { app, plugin } = await startPlugin(await withDraftWaiting());
		app.runCommand("redline:open-chat");
		await settle();
		const content = paneOf(app);
		const card = await until(() => content.querySelector<HTMLElement>("[role=group][aria-label='Edit Daily.md']"));
		const button = (name: string) => card.querySelector<HTMLButtonElement>(`button[aria-label='${name}']`);
		await until(() => button("Reject change 2 (line 5)"));
		expect(card.textContent).toContain("Tidy the daily note ·");
		expect([...card.querySelectorAll("li[data-change-id]")].map((li) => li.getAttribute("data-change-id"))).toEqual([
			"c1",
			"c2",
			"c3",
		]);
		expect([...card.querySelectorAll("del")].map((del) => del.lastChild?.previousSibling?.textContent)).toEqual([
			"dog",
			"Bo",
		]);
		// "Buy milk" → "Buy oat milk" only adds a word.
		expect(card.querySelectorAll("li[data-change-id='c2'] del")).toHaveLength(0);
		button("Reject change 2 (line 5)")!.click();
		await until(() => [...card.querySelectorAll("button")].find((b) => b.textContent === "Apply 2 of 3 changes")).then(
			(apply) => apply.click(),
		);
		await until(() => app.vault.text("Daily.md") === "# Daily\n\nWalk the cat\n\nBuy milk\n\nCall Ana\n");
		await until(() => card.isConnected && card.textContent?.includes("Kept 2 of 3 changes"));
		await stopPlugin(plugin);
	});
});
