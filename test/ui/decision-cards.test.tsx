// @vitest-environment happy-dom
/**
 * A card that waits for the user reads as the decision in hand (issue 30): titled as what will
 * happen ("Remove all headings · 2026-11-28"), never "Planning to … …", the note linked by its
 * name with its full path on hover, under a "Waiting for you" status. The intent sentence is said
 * once in the turn (the card), not again in the steps, and the folder path is not repeated in what
 * shows. A [[wikilink]] in a title shows as a link (or its text), never as brackets. (The paths
 * of a list wrap at "/": call-lines.test.tsx.)
 */
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

const DAILY = "Daily/2026-11-28.md";
const NOTES = [DAILY, "Welcome.md", "Articles/On slow reading.md"];

/** A plan-first edit ("Ask me about the plan first"): the intent waits for Run. */
function waitingIntent(description: string, path = DAILY): EventScript {
	const s = new EventScript().user("m1", "Tidy the daily note").assistant("a1", "");
	s.add({ type: "edit_intent_declared", editId: "e1", callId: "c_edit", path, operation: "modify", description });
	s.propose("a1", "c_edit", "declareEditIntent", { path, operation: "modify", description });
	return s.status("waiting_for_approval");
}

const titleOf = (card: HTMLElement) => card.querySelector(".redline-card-title")?.textContent;

/** What shows as text (not the attributes a hover or a screen reader reads). */
const shown = () => screen.getByRole("log").textContent ?? "";

describe("a waiting edit card", () => {
	it("is titled as what will happen, the note linked by its name, with its path on hover", async () => {
		await renderThread(waitingIntent("Remove all headings"), { notes: NOTES });
		const card = screen.getByRole("group", { name: `Edit ${DAILY}` });
		expect(titleOf(card)).toBe("Remove all headings · 2026-11-28");
		expect(card.textContent).not.toMatch(/Planning|…/);
		const link = within(card).getByRole("link", { name: `Open ${DAILY}` });
		expect(link.textContent).toBe("2026-11-28");
		expect(link.getAttribute("title")).toBe(`Open ${DAILY}`);
	});

	it("says it waits for you, in the card and in the turn's steps (not 'Working…')", async () => {
		await renderThread(waitingIntent("Remove all headings"), { notes: NOTES });
		const card = screen.getByRole("group", { name: `Edit ${DAILY}` });
		const badge = within(card).getByText("Waiting for you");
		expect(badge.className).toContain("redline-status-badge");
		expect(screen.queryByRole("button", { name: /Working/ })).toBeNull();
		expect(screen.getByRole("button", { name: /steps: Waiting for you/ })).toBeTruthy();
	});

	it("says the intent once in the turn, and shows the folder path nowhere but on hover", async () => {
		await renderThread(waitingIntent("Remove all headings"), { notes: NOTES });
		expect(shown().match(/remove all headings/gi)).toHaveLength(1);
		expect(shown()).not.toContain("Daily/");
	});

	it("shows a [[wikilink]] in the description as a link to its note, and an unknown one as its text", async () => {
		await renderThread(waitingIntent("Link [[Welcome]] and [[Nowhere|the lost note]] at the top"), { notes: NOTES });
		const card = screen.getByRole("group", { name: `Edit ${DAILY}` });
		expect(titleOf(card)).toBe("Link Welcome and the lost note at the top · 2026-11-28");
		expect(card.textContent).not.toMatch(/\[\[|\]\]/);
		expect(within(card).getByRole("link", { name: "Open Welcome.md" }).textContent).toBe("Welcome");
		expect(within(card).queryByRole("link", { name: /Nowhere/ })).toBeNull();
	});

	it("names the note once when the description already links it", async () => {
		await renderThread(waitingIntent("Remove all headings from [[2026-11-28]]"), { notes: NOTES });
		const card = screen.getByRole("group", { name: `Edit ${DAILY}` });
		expect(titleOf(card)).toBe("Remove all headings from 2026-11-28");
		expect(within(card).getAllByRole("link", { name: `Open ${DAILY}` })).toHaveLength(1);
	});

	it("keeps the decision's title while the planned edit's own write waits (executeEdit)", async () => {
		const s = waitingIntent("Remove all headings").decide("c_edit", "approved");
		s.add({
			type: "tool_call_completed",
			callId: "c_edit",
			result: { status: "success", message: "Intent approved: editId e1", data: { editId: "e1" } },
		});
		s.assistant("a2", "").propose("a2", "c_write", "executeEdit", { editId: "e1", content: "text\n" });
		await renderThread(s.status("waiting_for_approval"), { notes: NOTES });
		const card = screen.getByRole("group", { name: `Edit ${DAILY}` });
		expect(titleOf(card)).toBe("Remove all headings · 2026-11-28");
		expect(within(card).getByText("Waiting for you")).toBeTruthy();
		expect(within(card).getByRole("button", { name: /^Run:/ })).toBeTruthy();
	});
});

describe("a waiting run card", () => {
	it("is titled by the note's name, with the path on hover and no second line repeating it", async () => {
		const s = new EventScript()
			.user("m1", "Read the article")
			.assistant("a1", "")
			.propose("a1", "c1", "readNote", { path: "Articles/On slow reading.md" })
			.status("waiting_for_approval");
		await renderThread(s, { notes: NOTES });
		const card = screen.getByRole("group", { name: "Read Articles/On slow reading.md" });
		expect(titleOf(card)).toBe("Read On slow reading");
		const link = within(card).getByRole("link", { name: "Open Articles/On slow reading.md" });
		expect(link.getAttribute("title")).toBe("Open Articles/On slow reading.md");
		expect(within(card).getByText("Waiting for you")).toBeTruthy();
		// The path is in the title's link: no "path Articles/On slow reading.md" row under it.
		expect(card.textContent).not.toContain("Articles/");
		expect(within(card).getByRole("button", { name: /^Run:/ })).toBeTruthy();
	});
});
