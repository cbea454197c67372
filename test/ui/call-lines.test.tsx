// @vitest-environment happy-dom
/**
 * Reads, lists and searches are one line each (issue 30): "Read On slow reading · 63 lines ›",
 * "Listed Projects · 2 notes ›", "Searched “tags” · 2 notes ›", a button that opens the details on
 * demand: the text read in a region the keyboard can reach and scroll (tabindex 0, named), the
 * notes as a real list of links whose paths wrap at "/". No "Done" badge, no "path …" row, and
 * "Set by your preference · Change" only inside the opened details.
 */
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { describePage } from "../../src/tools/read-note";
import type { ToolResult } from "../../src/log/tool-result";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

const ARTICLE = "Articles/On slow reading.md";
const TEXT = Array.from({ length: 63 }, (_, i) => `Line ${i + 1}`).join("\n");

/** A call the preference ran without asking (the default for reads, lists and searches). */
function ranByPreference(tool: string, args: unknown, result: ToolResult): EventScript {
	const s = new EventScript().user("m1", "Look around").assistant("a1", "").propose("a1", "c1", tool, args);
	s.add({ type: "tool_call_decided", callId: "c1", decision: "approved", by: "policy" });
	return s.run("c1", result).status("idle");
}

/** The card's text as it shows collapsed, without the chevron. */
const lineOf = (card: HTMLElement) => (card.textContent ?? "").replace("›", "").trim();

describe("a note that was read", () => {
	it("is one line that opens the text read, in a region the keyboard reaches", async () => {
		const s = ranByPreference("readNote", { path: ARTICLE }, describePage(ARTICLE, TEXT, 1, 400));
		const { user } = await renderThread(s);
		const card = screen.getByRole("group", { name: `Read ${ARTICLE}` });
		const toggle = within(card).getByRole("button", { name: "Read On slow reading · 63 lines" });
		expect(lineOf(card)).toBe("Read On slow reading · 63 lines");
		expect(toggle.getAttribute("aria-expanded")).toBe("false");
		expect(card.textContent).not.toMatch(/Done|Set by your preference|path/);

		await user.click(toggle);
		expect(toggle.getAttribute("aria-expanded")).toBe("true");
		const text = within(card).getByRole("region", { name: "Text read from On slow reading" });
		expect(text.textContent).toBe(TEXT);
		expect(text.tabIndex).toBe(0);
		expect(toggle.getAttribute("aria-controls")).toBe(text.parentElement?.id);
		expect(within(card).getByRole("link", { name: `Open ${ARTICLE}` })).toBeTruthy();
		expect(within(card).getByText(/Set by your preference/)).toBeTruthy();

		await user.click(toggle);
		expect(within(card).queryByRole("region")).toBeNull();
	});

	it("says which lines of a long note it read, and that an empty one was empty", async () => {
		const s = new EventScript().user("m1", "Read").assistant("a1", "");
		s.propose("a1", "c1", "readNote", { path: "Long.md" })
			.decide("c1", "approved")
			.run("c1", describePage("Long.md", TEXT, 1, 40));
		s.propose("a1", "c2", "readNote", { path: "Empty.md" })
			.decide("c2", "approved")
			.run("c2", describePage("Empty.md", "", 1, 40));
		await renderThread(s.status("idle"));
		expect(lineOf(screen.getByRole("group", { name: "Read Long.md" }))).toBe("Read Long · lines 1–40 of 63");
		expect(lineOf(screen.getByRole("group", { name: "Read Empty.md" }))).toBe("Read Empty · empty");
	});
});

describe("a list of notes", () => {
	const PATHS = ["Projects/Book club.md", "Projects/Garden committee/2026-11-28.md"];
	const listed: ToolResult = {
		status: "success",
		message: `2 notes in "Projects":\n${PATHS.join("\n")}`,
		data: { folder: "Projects", paths: PATHS, total: 2, leftOut: 0 },
	};

	it("is one line that opens the notes as a list of links, their paths wrapping at '/'", async () => {
		const { user, host } = await renderThread(ranByPreference("listNotes", { folder: "Projects" }, listed));
		const card = screen.getByRole("group", { name: "List notes in Projects" });
		const toggle = within(card).getByRole("button", { name: "Listed Projects · 2 notes" });
		expect(lineOf(card)).toBe("Listed Projects · 2 notes");
		expect(card.textContent).not.toContain("Book club");

		await user.click(toggle);
		const list = within(card).getByRole("list", { name: "Notes listed" });
		const items = within(list).getAllByRole("listitem");
		expect(items.map((item) => item.textContent)).toEqual(PATHS);
		const link = within(items[1]).getByRole("link", { name: `Open ${PATHS[1]}` });
		// A line may break after each "/" and nowhere else in the path's markup.
		expect(
			[...link.querySelectorAll(".redline-path > *, .redline-path > wbr")].map((node) =>
				node.nodeName === "WBR" ? "<wbr>" : node.textContent,
			),
		).toEqual(["Projects/", "<wbr>", "Garden committee/", "<wbr>", "2026-11-28.md"]);
		await user.click(link);
		expect(host.opened).toEqual([PATHS[1]]);
	});

	it("says how many of how many when the list was capped, and when a folder has none", async () => {
		const capped: ToolResult = {
			status: "success",
			message: "The first 2 of 350 notes in the vault:\nA.md\nB.md",
			data: { folder: "", paths: ["A.md", "B.md"], total: 350, leftOut: 0 },
		};
		const none: ToolResult = {
			status: "success",
			message: 'No notes in "Empty".',
			data: { folder: "Empty", paths: [], total: 0, leftOut: 0 },
		};
		const s = new EventScript().user("m1", "List").assistant("a1", "");
		s.propose("a1", "c1", "listNotes", {}).decide("c1", "approved").run("c1", capped);
		s.propose("a1", "c2", "listNotes", { folder: "Empty" }).decide("c2", "approved").run("c2", none);
		await renderThread(s.status("idle"));
		expect(lineOf(screen.getByRole("group", { name: "List all notes" }))).toBe("Listed the vault · 2 of 350 notes");
		expect(lineOf(screen.getByRole("group", { name: "List notes in Empty" }))).toBe("Listed Empty · no notes");
	});
});

describe("a search", () => {
	it("is one line that opens the notes found", async () => {
		const hit = (path: string) => ({
			path,
			title: path,
			tags: ["tags"],
			score: 1,
			covered: 1,
			of: 1,
			lines: [{ line: 3, snippet: "#tags" }],
			truncated: false,
		});
		const result: ToolResult = {
			status: "success",
			message: 'Notes matching "tags", best first (1-2 of 2 notes):\n1. Welcome.md\n2. Projects/Book club.md',
			data: {
				query: "tags",
				offset: 0,
				hits: [hit("Welcome.md"), hit("Projects/Book club.md")],
				total: 2,
				more: false,
				status: { phase: "ready", indexed: 7, total: 7, unreadable: 0, leftOut: 0 },
				leftOut: 0,
			},
		};
		const { user } = await renderThread(ranByPreference("searchNotes", { query: "tags" }, result));
		const card = screen.getByRole("group", { name: "Search notes for 'tags'" });
		const toggle = within(card).getByRole("button", { name: "Searched “tags” · 2 notes" });
		await user.click(toggle);
		const list = within(card).getByRole("list", { name: "Notes found" });
		expect(
			within(list)
				.getAllByRole("link")
				.map((link) => link.getAttribute("aria-label")),
		).toEqual(["Open Welcome.md", "Open Projects/Book club.md"]);
	});
});
