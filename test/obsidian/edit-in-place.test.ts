// @vitest-environment happy-dom
/**
 * "Edit selection with Redline" in Obsidian (issue 34), through the plugin, the real agent (the
 * LangChain client) and the scripted model server, on the Obsidian fake: an editor command with no
 * default hotkey and an icon (the mobile toolbar lists commands with one), the same entry in the
 * editor's context menu, a prompt at the selection with the focus in it, the intent in the prompt,
 * then the redline; Enter writes the selection's change alone, as one Editor transaction the
 * editor's undo takes back in one step. A selection the user edits while the draft is made refuses
 * the draft and keeps their text. The note's own thread is found again after a reload (the plugin
 * made again over the same data), also once the note was renamed; the prompt's `[[` picks a note
 * of the vault and pins it for the request.
 */
import { afterEach, describe, expect, it } from "vitest";
import { App, Menu } from "../fakes/obsidian";
import { reply, startModelServer, type ModelServer } from "../../src/sandbox/model-server";
import { applyWith, gate, mainAndApply } from "../e2e/support/scripts";
import type { ScriptStep } from "../../src/sandbox/model-server";
import { asDesktop } from "./support/desktop-require";
import { startPlugin, stopPlugin } from "./support/plugin";
import { until } from "./support/until";
import type { RedlinePlugin } from "../../src/obsidian/plugin";
import type { StoredEvent } from "../../src/log/events";
import type { ThreadService, ThreadSummary } from "../../src/thread/service-api";

type UserMessage = Extract<StoredEvent, { type: "user_message" }>;

const NOTE = "# Trip\n\nWe leave at dawn. The car is packed.\n\nBring snacks.\n";
const SENTENCE = "The car is packed.";
const COMMAND = "redline:edit-selection";

const intent: ScriptStep = reply.toolCalls([
	{
		name: "declareEditIntent",
		id: "intent",
		args: { path: "Trip.md", operation: "modify", description: "Say the car is ready" },
	},
]);

let server: ModelServer | undefined;
asDesktop();
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function open(main: ScriptStep[] = [], apply: ScriptStep[] = []) {
	server = await startModelServer({ script: mainAndApply(main, apply) });
	const app = new App({ win: window as never });
	app.vault.seed({
		"Trip.md": NOTE,
		"Other.md": "x\n",
		"Packing.md": "---\ntags: [travel/gear]\n---\nA #travel list.\n",
	});
	const { plugin } = await startPlugin(app, {
		settings: { mainModel: { baseUrl: server.baseURL, model: "scripted" }, applyModel: {}, transport: "node" },
		secrets: {},
	});
	return { plugin, ...(await editing(app, "Trip.md")) };
}

/** A Markdown editor on path, the sentence selected, and the prompt's parts. */
async function editing(app: App, path: string) {
	const note = await app.workspace.openFile(path);
	const cm = note.editor.cm!;
	// In the document, as Obsidian's editor is (the focus can go into it).
	document.body.appendChild(cm.dom);
	const at = NOTE.indexOf(SENTENCE);
	cm.dispatch({ selection: { anchor: at, head: at + SENTENCE.length } });
	const prompt = () => cm.contentDOM.querySelector<HTMLElement>(".redline-prompt");
	const input = () => prompt()!.querySelector("input")!;
	const status = () => prompt()?.querySelector("[role=status]")?.textContent ?? "";
	const ask = (text: string) => {
		input().value = text;
		prompt()!.querySelector("form")!.requestSubmit();
	};
	return { app, note, cm, prompt, input, status, ask };
}

/** A reload: the plugin unloaded and made again over the same vault and data, the note opened anew. */
async function reload(app: App, plugin: RedlinePlugin, path: string) {
	await stopPlugin(plugin);
	for (const el of document.querySelectorAll(".cm-editor")) el.remove();
	const { plugin: again } = await startPlugin(app);
	return { plugin: again, ...(await editing(app, path)) };
}

/** The user messages of a thread, as its log holds them. */
async function userMessages(plugin: RedlinePlugin, threadId: string): Promise<UserMessage[]> {
	const service = await plugin.service();
	const seen: StoredEvent[] = [];
	let caughtUp = false;
	const sub = service.subscribe({ threadId }, (m) => {
		if (m.kind === "event") seen.push(m.event);
		else if (m.kind === "caught_up") caughtUp = true;
	});
	await until(() => caughtUp);
	sub.close();
	return seen.filter((e): e is UserMessage => e.type === "user_message");
}

/** Waits until every thread is idle; the threads, newest first. */
async function idle(plugin: RedlinePlugin): Promise<ThreadSummary[]> {
	const service = (await plugin.service()) as ThreadService & { idle(id: string): Promise<void> };
	const listed = await service.listThreads();
	if (!listed.ok) throw new Error(listed.error.message);
	for (const thread of listed.threads) await service.idle(thread.threadId);
	return listed.threads;
}

describe("Edit selection with Redline, in Obsidian", () => {
	it("is an editor command with an icon and no default hotkey, offered for a Markdown note", async () => {
		const { app, plugin, prompt, input, cm } = await open();
		const command = app.commands.get(COMMAND)!;
		expect(command.name).toBe("Edit selection with Redline");
		expect(command.hotkeys ?? []).toEqual([]);
		expect(command.icon).toBeTruthy();
		expect(app.isCommandAvailable(COMMAND)).toBe(true);
		expect(prompt()).toBeNull();
		expect(app.runCommand(COMMAND)).toBe(true);
		// The prompt sits above the selection, the selection is marked, and the focus is in the prompt.
		expect(prompt()).not.toBeNull();
		expect(cm.contentDOM.querySelector(".redline-ed-passage")?.textContent).toBe(SENTENCE);
		expect(cm.dom.ownerDocument.activeElement).toBe(input());
		expect(input().getAttribute("aria-label")).toBe("What to change");
		// Esc closes it and gives the focus back to the text.
		input().dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
		expect(prompt()).toBeNull();
		await stopPlugin(plugin);
	});

	it("is in the editor's context menu", async () => {
		const { app, plugin, note, prompt } = await open();
		const menu = new Menu();
		app.workspace.trigger("editor-menu", menu, note.editor, note);
		const item = menu.items.find((i) => i !== "separator" && i.title === "Edit selection with Redline");
		expect(item).toBeTruthy();
		if (item && item !== "separator") item.callback?.(new MouseEvent("click"));
		expect(prompt()).not.toBeNull();
		// Not for a view that is not a Markdown note.
		const other = new Menu();
		app.workspace.trigger("editor-menu", other, note.editor, { file: null });
		expect(other.items).toEqual([]);
		await stopPlugin(plugin);
	});

	it("shows the intent, then the redline; Enter writes the selection's change alone, in one Editor transaction that one undo takes back", async () => {
		const hold = gate();
		const { app, plugin, note, prompt, status, ask, cm } = await open(
			[intent, reply.text("The car is ready.")],
			[applyWith((n) => n.replace("packed", "ready").replace("Bring snacks.", "BRING SNACKS."), hold.promise)],
		);
		app.runCommand(COMMAND);
		ask("say it is ready");
		await until(() => status().includes("Planning to say the car is ready"));
		hold.open();
		await until(() => cm.contentDOM.querySelector(".redline-ed-change"));
		expect(cm.contentDOM.querySelector(".redline-ed-change ins")?.textContent).toBe(
			"We leave at dawn. The car is ready.",
		);
		expect(status()).toContain("Cut to the selection: 1 change outside it left out.");
		expect(app.vault.text("Trip.md")).toBe(NOTE);
		const before = note.editor.transactions.length;
		// Enter with nothing typed accepts the draft.
		prompt()!.querySelector("form")!.requestSubmit();
		const written = NOTE.replace("packed", "ready");
		await until(() => note.editor.getValue() === written);
		await until(() => status().startsWith("Written"));
		expect(note.editor.transactions.length - before).toBe(1);
		await note.flushSave();
		note.editor.undo();
		expect(note.editor.getValue()).toBe(NOTE);
		const service = await plugin.service();
		const threads = await service.listThreads();
		expect(threads.ok && threads.threads.map((t) => t.title)).toContain("Edit in Trip.md");
		await stopPlugin(plugin);
	}, 30_000);

	it('asks in the chat the pane shows when the user ticks "In the open chat", so the pane continues it', async () => {
		const { app, plugin, prompt, ask } = await open([reply.text("Noted.")]);
		const service = await plugin.service();
		const created = await service.createThread({ title: "Planning the trip" });
		if (!created.ok) throw new Error(created.error.message);
		app.runCommand("redline:open-chat");
		await until(() => app.workspace.getLeavesOfType("redline-chat").length === 1);
		// Back to the note (opening the pane made it the active leaf); the pane shows the chat by then.
		app.workspace.setActiveLeaf(app.workspace.getLeavesOfType("markdown")[0]);
		await until(() => {
			app.runCommand(COMMAND);
			return prompt()?.querySelector("label")?.hidden === false;
		});
		prompt()!.querySelector<HTMLInputElement>("label input")!.checked = true;
		ask("say it is ready");
		const events: { type: string; selection?: unknown }[] = [];
		const sub = service.subscribe(
			{ threadId: created.threadId },
			(m) => void (m.kind === "event" && events.push(m.event)),
		);
		await until(() => events.some((e) => e.type === "user_message"));
		sub.close();
		expect(events.find((e) => e.type === "user_message")?.selection).toMatchObject({ path: "Trip.md", text: SENTENCE });
		await (service as typeof service & { idle(id: string): Promise<void> }).idle(created.threadId);
		await stopPlugin(plugin);
	}, 30_000);

	it("refuses the draft when the user edits the selection while it is made, and keeps their text", async () => {
		const hold = gate();
		const { app, plugin, note, status, ask, cm } = await open(
			[intent, reply.text("Refused.")],
			[applyWith((n) => n.replace("packed", "ready"), hold.promise)],
		);
		app.runCommand(COMMAND);
		ask("say it is ready");
		await until(() => status().includes("Planning"));
		const at = note.editor.getValue().indexOf("packed");
		cm.dispatch({ changes: { from: at, insert: "half " }, userEvent: "input.type" });
		await until(() => status().includes("You edited the selection while the draft was made"));
		hold.open();
		const typed = NOTE.replace("packed", "half packed");
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(note.editor.getValue()).toBe(typed);
		expect(cm.contentDOM.querySelector(".redline-ed-change")).toBeNull();
		await note.flushSave();
		expect(app.vault.text("Trip.md")).toBe(typed);
		await stopPlugin(plugin);
	}, 30_000);

	it("continues the note's own thread after a reload: found in the log, not a new one", async () => {
		const first = await open([reply.text("Noted."), reply.text("Noted again.")]);
		first.app.runCommand(COMMAND);
		first.ask("say it is ready");
		await until(() => first.status().includes("Noted."));
		const [made] = await idle(first.plugin);
		const again = await reload(first.app, first.plugin, "Trip.md");
		again.app.runCommand(COMMAND);
		again.ask("shorter");
		await until(() => again.status().includes("Noted again."));
		const threads = await idle(again.plugin);
		expect(threads.map((t) => [t.threadId, t.title, t.inPlaceNote])).toEqual([
			[made.threadId, "Edit in Trip.md", "Trip.md"],
		]);
		const asked = await userMessages(again.plugin, made.threadId);
		expect(asked.map((m) => [m.content, m.selection?.path])).toEqual([
			["say it is ready", "Trip.md"],
			["shorter", "Trip.md"],
		]);
		await stopPlugin(again.plugin);
	}, 30_000);

	it("continues it on the note renamed since, after a reload (its history names the thread)", async () => {
		const first = await open(
			[intent, reply.text("The car is ready."), reply.text("Kept.")],
			[applyWith((n) => n.replace("packed", "ready"))],
		);
		first.app.runCommand(COMMAND);
		first.ask("say it is ready");
		await until(() => first.cm.contentDOM.querySelector(".redline-ed-change"));
		first.prompt()!.querySelector("form")!.requestSubmit();
		await until(() => first.status().startsWith("Written"));
		await first.note.flushSave();
		const [made] = await idle(first.plugin);
		await first.app.fileManager.renameFile(first.app.vault.getFileByPath("Trip.md")!, "Trip plan.md");
		const again = await reload(first.app, first.plugin, "Trip plan.md");
		again.app.runCommand(COMMAND);
		again.ask("keep it");
		await until(() => again.status().includes("Kept."));
		const threads = await idle(again.plugin);
		expect(threads.map((t) => [t.threadId, t.inPlaceNote])).toEqual([[made.threadId, "Trip plan.md"]]);
		const asked = await userMessages(again.plugin, made.threadId);
		expect(asked.map((m) => m.selection?.path)).toEqual(["Trip.md", "Trip plan.md"]);
		await stopPlugin(again.plugin);
	}, 30_000);

	it("offers the vault's notes on [[ in the prompt; the note picked by keyboard goes with the request", async () => {
		const { app, plugin, input, prompt, status } = await open([reply.text("Noted.")]);
		app.runCommand(COMMAND);
		const box = input();
		const typeText = (text: string) => {
			box.value = text;
			box.setSelectionRange(text.length, text.length);
			box.dispatchEvent(new Event("input", { bubbles: true }));
		};
		const key = (name: string) =>
			box.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
		typeText("like in [[Oth");
		const list = () => prompt()!.querySelector("[role=listbox]");
		await until(() => list());
		expect([...list()!.querySelectorAll("[role=option]")].map((o) => o.textContent)).toEqual(["Other.md"]);
		expect(box.getAttribute("role")).toBe("combobox");
		key("Enter");
		expect(box.value).toBe("like in [[Other]]");
		expect(list()).toBeNull();
		expect(box.hasAttribute("role")).toBe(false);
		prompt()!.querySelector("form")!.requestSubmit();
		await until(() => status().includes("Noted."));
		const [thread] = await idle(plugin);
		const [asked] = await userMessages(plugin, thread.threadId);
		expect(asked?.content).toBe("like in [[Other]]");
		expect(asked?.pinned).toEqual([{ path: "Other.md", scope: "message" }]);
		// The model reads the pin with the request, as with the pane's.
		const messages = (server!.requests.at(-1)?.body as { messages: { role: string; content: string }[] }).messages;
		expect(messages.at(-1)?.content).toContain('[Pinned notes: "Other.md"]');
		await stopPlugin(plugin);
	}, 30_000);

	it("offers the vault's tags on # in the prompt, from the metadataCache, as the pane's picker does", async () => {
		const { app, plugin, input, prompt } = await open();
		app.runCommand(COMMAND);
		const box = input();
		box.value = "more like #tra";
		box.setSelectionRange(box.value.length, box.value.length);
		box.dispatchEvent(new Event("input", { bubbles: true }));
		const list = () => prompt()!.querySelector("[role=listbox]");
		await until(() => list());
		// A nested tag counts for its parent too; what was typed, a tag no note has, comes last.
		expect([...list()!.querySelectorAll("[role=option]")].map((o) => o.textContent)).toEqual([
			"#travel",
			"#travel/gear",
			"#tra",
		]);
		box.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
		expect(box.value).toBe("more like #travel ");
		await stopPlugin(plugin);
	}, 30_000);
});
