// @vitest-environment happy-dom
/**
 * The pane's header inside Obsidian (the plugin from source on the fake App): its icon buttons
 * are the app's own (setIcon draws each one's Lucide icon, setTooltip names it below), the ⋯ More
 * button opens Obsidian's Menu (Rename chat, Delete chat) at the button in the pane's window, and
 * Chat history opens a SuggestModal listing every chat newest first with its full title and
 * date: typing filters and Enter opens the chat. The pane draws neither a menu nor a list itself.
 */
import { describe, expect, it } from "vitest";
import { App, shownMenus, type SuggestModal } from "../fakes/obsidian";
import { startPlugin, stopPlugin } from "./support/plugin";
import { until } from "./support/until";
import { setTimeout } from "../../src/node/timers";

const ICONS: Record<string, string> = {
	"New chat": "square-pen",
	"Chat history": "messages-square",
	"Note history": "history",
	Permissions: "shield",
	More: "more-horizontal",
};

const LONG = "Add a summary at the top of every daily note from November, with the three tasks that matter most";

async function openPane() {
	const app = new App();
	const { plugin } = await startPlugin(app);
	const service = await plugin.service();
	const first = await service.createThread({ title: "Remove all headings from Daily/2026-11-28.md" });
	await new Promise((resolve) => setTimeout(resolve, 5));
	const twin = await service.createThread({ title: "Remove all headings from Daily/2026-11-28.md" });
	await new Promise((resolve) => setTimeout(resolve, 5));
	const long = await service.createThread({ title: LONG });
	if (!first.ok || !twin.ok || !long.ok) throw new Error("could not create threads");
	app.runCommand("redline:open-chat");
	const title = await until(() => app.doc.querySelector(".redline-header-title"));
	await until(() => title.textContent === LONG && app.doc.querySelector("[role='log']"));
	const button = (name: string) => {
		const el = app.doc.querySelector<HTMLElement>(`.redline-header button[aria-label='${name}']`);
		if (!el) throw new Error(`no ${name} button`);
		return el;
	};
	const key = (el: HTMLElement, name: string) =>
		el.dispatchEvent(
			new (el.ownerDocument.defaultView as unknown as typeof window).KeyboardEvent("keydown", { key: name }),
		);
	return { app, plugin, title, button, key };
}

describe("the header in Obsidian", () => {
	it("draws each icon button with setIcon and gives it a tooltip below with setTooltip", async () => {
		const { plugin, button } = await openPane();
		for (const [name, icon] of Object.entries(ICONS)) {
			const el = button(name);
			expect(el.classList.contains("clickable-icon")).toBe(true);
			expect(el.querySelector(`svg.svg-icon.lucide-${icon}`)).not.toBeNull();
			expect(el.getAttribute("data-tooltip-position")).toBe("bottom");
		}
		await stopPlugin(plugin);
	});

	it("opens Obsidian's Menu from More, at the button in the pane's window, and renames from it", async () => {
		const { app, plugin, button } = await openPane();
		button("More").click();
		const menu = await until(() => shownMenus[0]);
		expect(menu.items.map((item) => (item === "separator" ? "-" : [item.title, item.icon, item.warning]))).toEqual([
			["Rename chat", "pencil", false],
			["Delete chat", "trash-2", true],
		]);
		expect(menu.dom?.ownerDocument).toBe(app.doc);
		expect(button("More").getAttribute("aria-expanded")).toBe("true");
		// The pane draws no menu of its own.
		expect(app.doc.querySelector("[role='menu']")).toBeNull();
		menu.itemEl("Rename chat")?.click();
		const name = await until(() => app.doc.querySelector<HTMLInputElement>("input[aria-label='Chat name']"));
		expect(name.value).toBe(LONG);
		expect(shownMenus).toEqual([]);
		await until(() => button("More").getAttribute("aria-expanded") === "false");
		await stopPlugin(plugin);
	});

	it("closes the Menu on Escape without acting", async () => {
		const { app, plugin, button, key } = await openPane();
		button("More").click();
		await until(() => shownMenus[0]);
		key(app.doc.body, "Escape");
		expect(shownMenus).toEqual([]);
		await until(() => button("More").getAttribute("aria-expanded") === "false");
		expect(app.doc.querySelector("input[aria-label='Chat name']")).toBeNull();
		await stopPlugin(plugin);
	});

	it("lists the chats in a SuggestModal, newest first, full titles, twins told apart; typing filters, Enter opens", async () => {
		const { app, plugin, title, button, key } = await openPane();
		button("Chat history").click();
		const list = await until(() => app.openModals[0] as SuggestModal<unknown> | undefined);
		await until(() => list.itemEls().length === 3);
		const rows = list.itemEls().map((el) => ({
			title: el.querySelector(".suggestion-title")?.textContent,
			when: el.querySelector(".suggestion-note")?.textContent ?? "",
		}));
		expect(rows.map((r) => r.title)).toEqual([
			LONG,
			"Remove all headings from Daily/2026-11-28.md",
			"Remove all headings from Daily/2026-11-28.md",
		]);
		expect(rows[0]?.when).toBe("just now");
		// Twins carry the time of day as well (test/ui/chat-choices.test.ts: it tells them apart).
		expect(rows[1]?.when).toMatch(/^just now · \d/);
		expect(rows[2]?.when).toMatch(/^just now · \d/);
		expect(list.inputEl.placeholder).toBe("Search chats");
		expect(app.doc.querySelector(".redline-chat-list")).toBeNull();

		list.inputEl.value = "headings";
		list.inputEl.dispatchEvent(new (app.doc.defaultView as unknown as typeof window).Event("input"));
		await until(() => list.itemEls().length === 2);
		key(list.inputEl, "ArrowDown");
		key(list.inputEl, "Enter");
		expect(app.openModals).toEqual([]);
		await until(() => title.textContent === "Remove all headings from Daily/2026-11-28.md");
		await stopPlugin(plugin);
	});
});
