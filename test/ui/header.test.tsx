// @vitest-environment happy-dom
/**
 * The pane's header, as Obsidian's view headers: one row, the chat's title, then icon buttons
 * (clickable-icon, the host's icon and tooltip, a name for assistive technology): New chat, Chat
 * history, Note history, Permissions, ⋯ More. Disabled ones say so and do nothing. Without a host
 * menu or chat list (the sandbox page), the pane draws its own: a menu (role=menu, arrow keys,
 * Escape) and a searchable list (full titles, relative dates, newest first, typing filters, Enter
 * opens). Issue 30 ("A header and a chat list that look like Obsidian").
 */
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/store/memory-store";
import { threadLogKey } from "../../src/log/log";
import type { ThreadSummary } from "../../src/thread/service-api";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { ThreadHeader, type ThreadHeaderProps } from "../../src/ui/components/ThreadHeader";
import { makeService } from "../thread/support/service";
import { EventScript } from "./support/events";
import { FakeThreadService } from "./support/fake-service";
import { testHost, type TestHost } from "./support/host";

afterEach(cleanup);

const ICONS = ["New chat", "Chat history", "Note history", "Permissions", "More"];

/** A host that draws icons and tooltips as the sandbox page does (an svg; the title attribute). */
function drawingHost(service: FakeThreadService): TestHost {
	const host = testHost(service);
	host.setIcon = (el, icon) => {
		const svg = el.ownerDocument.createElementNS("http://www.w3.org/2000/svg", "svg");
		svg.setAttribute("class", `svg-icon lucide-${icon}`);
		el.replaceChildren(svg);
	};
	host.setTooltip = (el, text) => {
		el.title = text;
	};
	return host;
}

function serviceWith(...threads: Array<{ id: string; title?: string }>): FakeThreadService {
	const service = new FakeThreadService();
	for (const { id, title } of threads) service.addThread(id, new EventScript(id, title).events, title);
	return service;
}

describe("the header", () => {
	it("is one row of named icon buttons, each with the host's icon and tooltip, and no chat <select>", async () => {
		const host = drawingHost(serviceWith({ id: "t1", title: "Trip" }));
		render(<RedlinePane host={host} />);
		await screen.findByRole("log");
		const header = screen.getByRole("banner");
		for (const name of ICONS) {
			const button = within(header).getByRole("button", { name });
			expect(button.classList.contains("clickable-icon")).toBe(true);
			expect(button.querySelector("svg.svg-icon")).not.toBeNull();
			expect(button.title).toBe(name);
		}
		expect(within(header).queryByRole("combobox")).toBeNull();
		expect(header.querySelector("select")).toBeNull();
		// The title is shown whole in the DOM (CSS clips it), with the full title as its tooltip.
		expect(header.querySelector(".redline-header-title")?.textContent).toBe("Trip");
	});

	it("marks Permissions and More disabled on a new chat, and they do nothing", async () => {
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(serviceWith({ id: "t1", title: "Trip" }))} />);
		await screen.findByRole("log");
		await user.click(screen.getByRole("button", { name: "New chat" }));
		for (const name of ["Permissions", "More"]) {
			const button = screen.getByRole("button", { name });
			expect(button.getAttribute("aria-disabled")).toBe("true");
			await user.click(button);
		}
		expect(screen.queryByRole("menu")).toBeNull();
		expect(screen.queryByRole("group", { name: "Permissions in this chat" })).toBeNull();
		for (const name of ["New chat", "Chat history", "Note history"])
			expect(screen.getByRole("button", { name }).getAttribute("aria-disabled")).toBeNull();
	});
});

describe("the More menu (the pane's own)", () => {
	it("opens on its first item, moves with the arrow keys, and Escape gives the focus back", async () => {
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(serviceWith({ id: "t1", title: "Trip" }))} />);
		await screen.findByRole("log");
		const more = screen.getByRole("button", { name: "More" });
		expect(more.getAttribute("aria-haspopup")).toBe("menu");
		await user.click(more);
		const menu = screen.getByRole("menu", { name: "More" });
		expect(more.getAttribute("aria-expanded")).toBe("true");
		const items = within(menu).getAllByRole("menuitem");
		expect(items.map((item) => item.textContent)).toEqual(["Rename chat", "Delete chat"]);
		expect(document.activeElement).toBe(items[0]);
		await user.keyboard("{ArrowDown}");
		expect(document.activeElement).toBe(items[1]);
		await user.keyboard("{ArrowDown}");
		expect(document.activeElement).toBe(items[0]);
		await user.keyboard("{ArrowUp}");
		expect(document.activeElement).toBe(items[1]);
		await user.keyboard("{Escape}");
		expect(screen.queryByRole("menu")).toBeNull();
		expect(document.activeElement).toBe(more);
		expect(more.getAttribute("aria-expanded")).toBe("false");
	});

	it("renames from the menu, starting from the title, and deletes after a confirmation", async () => {
		const service = serviceWith({ id: "t1", title: "Trip" });
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		await screen.findByRole("log");
		await user.click(screen.getByRole("button", { name: "More" }));
		await user.click(screen.getByRole("menuitem", { name: "Rename chat" }));
		const name = screen.getByRole<HTMLInputElement>("textbox", { name: "Chat name" });
		expect(name.value).toBe("Trip");
		expect(document.activeElement).toBe(name);
		await user.clear(name);
		await user.type(name, "Trip to Rome{Enter}");
		expect(service.callsOf("renameThread")).toEqual([{ threadId: "t1", title: "Trip to Rome" }]);
		await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "More" })));

		await user.click(screen.getByRole("button", { name: "More" }));
		await user.click(screen.getByRole("menuitem", { name: "Delete chat" }));
		await user.click(screen.getByRole("button", { name: "Confirm delete chat" }));
		expect(service.callsOf("deleteThread")).toEqual([{ threadId: "t1" }]);
	});

	it("starts Rename from an older automatic title without the '…' it was stored with", async () => {
		const line = (seq: number, event: object) =>
			`${JSON.stringify({ seq, threadId: "t_old", at: `2026-01-01T00:00:0${seq}.000Z`, ...event })}\n`;
		const store = new MemoryStore({
			[threadLogKey("t_old")]:
				line(1, { type: "thread_created", v: 1 }) +
				line(2, { type: "thread_renamed", title: "Add a summary at the top…", by: "auto" }),
		});
		const { service } = makeService({ store });
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		await screen.findByRole("log");
		await user.click(screen.getByRole("button", { name: "More" }));
		await user.click(screen.getByRole("menuitem", { name: "Rename chat" }));
		expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Chat name" }).value).toBe("Add a summary at the top");
		await service.close();
	});
});

const NOW = new Date(2026, 10, 28, 15, 0);
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
const summary = (threadId: string, title: string | undefined, updatedAt: string): ThreadSummary => ({
	threadId,
	...(title !== undefined ? { title } : {}),
	createdAt: updatedAt,
	updatedAt,
	lastSeq: 3,
});

function renderHeader(over: Partial<ThreadHeaderProps> = {}) {
	const chosen: string[] = [];
	const long = "Add a summary at the top of every daily note from November, with the three tasks that matter";
	const props: ThreadHeaderProps = {
		host: testHost(new FakeThreadService()),
		threads: [
			summary("t_old", long, hoursAgo(26)),
			summary("t_a", "Remove all headings from Daily/2026-11-28.md", hoursAgo(2)),
			summary("t_b", "Remove all headings from Daily/2026-11-28.md", hoursAgo(2.5)),
			summary("t_new", "Plan the garden", hoursAgo(0.1)),
		],
		threadId: "t_new",
		title: "Plan the garden",
		historyOpen: false,
		permissionsOpen: false,
		permissionsId: "perm",
		onSelect: (id) => chosen.push(id),
		onNew: () => undefined,
		onRename: () => Promise.resolve(true),
		onDelete: () => Promise.resolve(true),
		onToggleHistory: () => undefined,
		onTogglePermissions: () => undefined,
		now: () => NOW,
		...over,
	};
	render(<ThreadHeader {...props} />);
	return { chosen, long };
}

const optionTexts = () =>
	screen.getAllByRole("option").map((option) => ({
		title: option.querySelector(".redline-chat-list-title")?.textContent,
		when: option.querySelector("time")?.textContent,
	}));

describe("the chat list (the pane's own)", () => {
	it("lists every chat newest first, with its full title and a relative date; twins differ by their date", async () => {
		const user = userEvent.setup();
		const { long } = renderHeader();
		await user.click(screen.getByRole("button", { name: "Chat history" }));
		expect(screen.getByRole("dialog", { name: "Chat history" })).toBeTruthy();
		const listed = optionTexts();
		expect(listed.map((o) => o.title)).toEqual([
			"Plan the garden",
			"Remove all headings from Daily/2026-11-28.md",
			"Remove all headings from Daily/2026-11-28.md",
			long,
		]);
		expect(listed[0]?.when).toBe("6 min ago");
		expect(listed[1]?.when).toMatch(/^2 h ago · /);
		expect(listed[2]?.when).toMatch(/^2 h ago · /);
		expect(listed[1]?.when).not.toBe(listed[2]?.when);
		expect(listed[3]?.when).toBe("yesterday");
		for (const title of listed.map((o) => o.title)) expect(title).not.toMatch(/…$/);
	});

	it("has the focus in its search box: typing filters, the arrow keys move, Enter opens", async () => {
		const user = userEvent.setup();
		const { chosen } = renderHeader();
		const opener = screen.getByRole("button", { name: "Chat history" });
		await user.click(opener);
		const search = screen.getByRole("combobox", { name: "Search chats" });
		expect(document.activeElement).toBe(search);
		await user.keyboard("headings");
		expect(optionTexts().map((o) => o.title)).toEqual([
			"Remove all headings from Daily/2026-11-28.md",
			"Remove all headings from Daily/2026-11-28.md",
		]);
		await user.keyboard("{ArrowDown}");
		const second = screen.getAllByRole("option")[1];
		expect(second?.getAttribute("aria-selected")).toBe("true");
		expect(search.getAttribute("aria-activedescendant")).toBe(second?.id);
		await user.keyboard("{Enter}");
		expect(chosen).toEqual(["t_b"]);
		expect(screen.queryByRole("dialog", { name: "Chat history" })).toBeNull();
		expect(document.activeElement).toBe(opener);
	});

	it("says when nothing matches (its list collapsed), opens a chat on a click, and closes on Escape", async () => {
		const user = userEvent.setup();
		const { chosen } = renderHeader();
		const opener = screen.getByRole("button", { name: "Chat history" });
		await user.click(opener);
		await user.keyboard("zebra");
		expect(screen.getByRole("status").textContent).toBe("No chats match.");
		// No list is shown: the combobox says it is collapsed and points at nothing (axe's aria-required-attr).
		const search = screen.getByRole("combobox", { name: "Search chats" });
		expect(search.getAttribute("aria-expanded")).toBe("false");
		expect(search.hasAttribute("aria-controls")).toBe(false);
		await user.keyboard("{Escape}");
		expect(screen.queryByRole("dialog")).toBeNull();
		expect(document.activeElement).toBe(opener);
		await user.click(opener);
		await user.click(screen.getByText("Plan the garden", { selector: ".redline-chat-list-title" }));
		expect(chosen).toEqual(["t_new"]);
	});

	it("is the host's when it has one (Obsidian's SuggestModal), given the same choices", async () => {
		const user = userEvent.setup();
		const asked: string[][] = [];
		const host = testHost(new FakeThreadService());
		host.chooseChat = (chats, choose) => {
			asked.push(chats.map((c) => c.title));
			choose("t_a");
		};
		const { chosen } = renderHeader({ host });
		await user.click(screen.getByRole("button", { name: "Chat history" }));
		expect(screen.queryByRole("dialog")).toBeNull();
		expect(asked[0]?.[0]).toBe("Plan the garden");
		expect(chosen).toEqual(["t_a"]);
	});
});
