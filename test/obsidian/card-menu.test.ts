// @vitest-environment happy-dom
/**
 * A waiting card's ⋯ in Obsidian is Obsidian's own Menu (issue 30): the pane hands the host its
 * actions and draws no menu of its own. "Don't allow in this chat" is a warning item; choosing it
 * sets the chat's preference, and the plugin's service skips every waiting card of that tool by
 * its policy, while a card of another tool keeps waiting. Plugin, service and runner are the real
 * ones; the Obsidian App is the in-memory fake.
 */
import { afterEach, describe, expect, it } from "vitest";
import { App, shownMenus } from "../fakes/obsidian";
import { startPlugin, stopPlugin } from "./support/plugin";
import { until } from "./support/until";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";
import { EventScript } from "../ui/support/events";
import type { RedlinePlugin } from "../../src/obsidian/plugin";
import { isKnownEvent, type StoredEvent } from "../../src/log/events";

let running: RedlinePlugin | null = null;
afterEach(async () => {
	if (running) await stopPlugin(running);
	running = null;
	shownMenus.splice(0);
});

/** A chat waiting on two reads and a search, as a log on disk. */
async function waitingChat(): Promise<App> {
	const app = new App({ win: window as never });
	app.vault.seed({ "A.md": "alpha", "B.md": "beta" });
	const s = new EventScript("t_waiting")
		.user("m1", "Read both and search")
		.assistant("a1", "")
		.propose("a1", "c1", "readNote", { path: "A.md" })
		.propose("a1", "c2", "readNote", { path: "B.md" })
		.propose("a1", "c3", "searchNotes", { query: "trip" })
		.status("waiting_for_approval");
	const threads = `${DEFAULT_CONFIG_DIR}/plugins/redline/data/threads`;
	await app.vault.adapter.mkdir(threads);
	await app.vault.adapter.write(`${threads}/t_waiting.jsonl`, s.events.map((e) => JSON.stringify(e) + "\n").join(""));
	return app;
}

async function openPane(app: App): Promise<HTMLElement> {
	app.runCommand("redline:open-chat");
	const leaf = await until(() => app.workspace.getLeavesOfType("redline-chat")[0]);
	return (leaf.view as unknown as { contentEl: HTMLElement }).contentEl;
}

const card = (pane: HTMLElement, name: string) =>
	pane.querySelector<HTMLElement>(`[role=group][aria-label=${JSON.stringify(name)}]`);

describe("a waiting card's ⋯ in Obsidian", () => {
	it("is Obsidian's Menu: Don't allow in this chat skips every waiting card of the tool, by the service's policy", async () => {
		const { app, plugin } = await startPlugin(await waitingChat());
		running = plugin;
		const pane = await openPane(app);
		const more = await until(() =>
			card(pane, "Read A.md")?.querySelector<HTMLButtonElement>("button[aria-label='More actions: Read A.md']"),
		);
		more.click();
		expect(pane.querySelector("[role=menu]")).toBeNull();
		expect(shownMenus).toHaveLength(1);
		const [menu] = shownMenus;
		if (!menu) throw new Error("no menu");
		expect(menu.dom?.ownerDocument).toBe(more.ownerDocument);
		expect(menu.items.map((item) => (item === "separator" ? "-" : [item.title, item.warning]))).toEqual([
			["Don't allow in this chat", true],
		]);

		menu.itemEl("Don't allow in this chat")?.click();
		expect(shownMenus).toHaveLength(0);
		const blocked = (name: string) => card(pane, name)?.textContent ?? "";
		await until(() => blocked("Read A.md").includes("Blocked") && blocked("Read B.md").includes("Blocked"));
		expect(blocked("Read B.md")).toContain("reading notes is not allowed in this chat");
		const search = card(pane, "Search notes for 'trip'");
		expect(search?.querySelector("button[aria-label^='Run:']")).toBeTruthy();

		const service = await plugin.service();
		const events: StoredEvent[] = [];
		await new Promise<void>((resolve) => {
			const sub = service.subscribe({ threadId: "t_waiting" }, (message) => {
				if (message.kind === "event") events.push(message.event);
				if (message.kind === "caught_up") {
					queueMicrotask(() => sub.close());
					resolve();
				}
			});
		});
		const decided = events.filter(isKnownEvent).filter((e) => e.type === "tool_call_decided");
		expect(decided.map((e) => [e.callId, e.decision, e.by])).toEqual([
			["c1", "denied", "policy"],
			["c2", "denied", "policy"],
		]);
	});

	it("closed without a choice, it returns the focus to ⋯", async () => {
		const { app, plugin } = await startPlugin(await waitingChat());
		running = plugin;
		const pane = await openPane(app);
		const more = await until(() =>
			pane.querySelector<HTMLButtonElement>("button[aria-label='More actions: Read B.md']"),
		);
		more.click();
		pane.ownerDocument.body.focus();
		shownMenus[0]?.hide();
		expect(pane.ownerDocument.activeElement).toBe(more);
	});
});
