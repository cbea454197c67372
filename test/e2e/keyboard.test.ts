/**
 * Every demo flow with the keyboard only (Tab, Shift+Tab, Enter, Space, Escape, arrows; no click),
 * on the offline demo model `npm start` uses: approve an edit, revert it, skip an edit with a
 * comment, skip and run a card from the empty message box (Esc, Mod+Enter), answer a question and run the edit it leads to, set a permission from the header so
 * the next edits run without a card, rename and delete the chat. After every decision the focus
 * stays on something in the pane (the next waiting Run, else the decided card's status line): it
 * never falls to <body>, sampled every few milliseconds. One browser, one sandbox, one page: the
 * flows follow each other in one chat, as a person would use it.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoScript } from "../../src/sandbox/demo-script";
import { toolResults } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import { focusedDescription, tabTo, watchFocus, type FocusWatch } from "./support/keyboard";
import { editCard, eventually, pane, visible } from "./support/page-actions";
import { checkPane } from "./support/pane-check";
import { startE2E, type E2E } from "./support/sandbox-harness";
import { mainRequests } from "./support/scripts";

const DAILY = "Daily/2026-11-28.md";
const ARTICLE = "Articles/On slow reading.md";

describe.skipIf(!chromiumPath)("every demo flow with the keyboard only", { timeout: 90_000 }, () => {
	let browser: Browser;
	let e2e: E2E;
	let page: Page;
	let focus: FocusWatch;

	beforeAll(async () => {
		browser = await launchChromium();
		e2e = await startE2E({ forVault: createDemoScript }, browser);
		page = e2e.page;
		await visible(pane(page).getByRole("textbox", { name: "Message Redline" }));
		focus = await watchFocus(page);
	}, 60_000);
	afterAll(async () => {
		await e2e?.screenshot("keyboard-flows").catch(() => undefined);
		await e2e?.close();
		await browser?.close();
	});

	/** Types a message in the composer (reached with Shift+Tab from wherever the focus is) and sends it with Enter. */
	async function send(text: string): Promise<void> {
		await tabTo(page, pane(page).getByRole("textbox", { name: "Message Redline" }), { backward: true });
		await page.keyboard.type(text);
		await page.keyboard.press("Enter");
		await visible(pane(page).getByText(text, { exact: true }));
	}

	/** Presses `key` on the focused control (a decision) and checks where the focus went. */
	async function decide(key: string, settled: Locator, focusWithin: Locator): Promise<void> {
		await focus.reset();
		await page.keyboard.press(key);
		await visible(settled);
		await eventually(async () =>
			expect(
				await focusWithin.evaluate((el) => el.contains(el.ownerDocument.activeElement)),
				`focus on ${await focusedDescription(page)}, lost after ${(await focus.drops()).join(" | ")}`,
			).toBe(true),
		);
		expect((await focus.drops()).join(" | "), "focus lost to <body> after").toBe("");
	}

	it("approves an edit with Enter on Run, and the focus lands on the card's status", async () => {
		await send(`Remove all headings from ${DAILY}`);
		const card = editCard(page, DAILY);
		await tabTo(page, card.getByRole("button", { name: /^Run:/ }), { backward: true });
		await decide("Enter", pane(page).getByText(`Removed the headings from ${DAILY}.`, { exact: false }), card);
		expect(await e2e.readNote(DAILY)).not.toMatch(/^#/m);
	});

	it("reverts that edit with Enter on Revert, byte for byte", async () => {
		const card = editCard(page, DAILY);
		const before = await e2e.readNote(DAILY);
		await tabTo(page, card.getByRole("button", { name: `Revert this change to ${DAILY}` }));
		await decide("Enter", card.getByRole("status").getByText("Reverted"), card);
		await eventually(async () => expect(await e2e.readNote(DAILY)).not.toBe(before));
		expect(await e2e.readNote(DAILY)).toMatch(/^# /m);
		await checkPane(page, "keyboard-reverted");
	});

	it("skips an edit with a comment the model reads", async () => {
		const original = await e2e.readNote(ARTICLE);
		await send(`Add a summary to ${ARTICLE}`);
		const card = editCard(page, ARTICLE);
		await tabTo(page, card.getByRole("button", { name: "Add comment for the model" }), { backward: true });
		await page.keyboard.press("Enter");
		await tabTo(page, card.getByRole("textbox", { name: "Comment for the model" }));
		await page.keyboard.type("Not now, thanks");
		await tabTo(page, card.getByRole("button", { name: /^Skip:/ }), { backward: true });
		await decide("Enter", pane(page).getByText("Understood, I left the note as it is."), card);
		const results = toolResults(mainRequests(e2e.sandbox.modelServer!.requests).at(-1)!);
		expect(results.some((result) => result.content.includes("Not now, thanks"))).toBe(true);
		expect(await e2e.readNote(ARTICLE)).toBe(original);
		await checkPane(page, "keyboard-skipped-with-comment");
	});

	it("from the empty message box, Esc skips the newest waiting card and Mod+Enter runs it; the focus stays in the box", async () => {
		const box = pane(page).getByRole("textbox", { name: "Message Redline" });
		const inBox = () => box.evaluate((el) => el === el.ownerDocument.activeElement);
		const run = pane(page).getByRole("button", { name: /^Run:/ });
		const understood = pane(page).getByText("Understood, I left the note as it is.");
		const original = await e2e.readNote(ARTICLE);
		const skippedBefore = await understood.count();

		await send(`Add a summary to ${ARTICLE}`);
		await visible(run);
		// The tooltips name the keys, with the platform's name for Mod (Chromium here runs on Linux).
		expect(await run.getAttribute("title")).toBe("Run (Ctrl+Enter)");
		expect(
			await pane(page)
				.getByRole("button", { name: /^Skip:/ })
				.getAttribute("title"),
		).toBe("Skip (Esc)");
		expect(await inBox()).toBe(true);
		await focus.reset();
		await page.keyboard.press("Escape");
		await eventually(async () => expect(await understood.count()).toBe(skippedBefore + 1));
		expect(await run.count()).toBe(0);
		expect(await e2e.readNote(ARTICLE)).toBe(original);
		expect(await inBox()).toBe(true);

		await send(`Add a summary to ${ARTICLE}`);
		await visible(run);
		await page.keyboard.press("ControlOrMeta+Enter");
		await visible(pane(page).getByText(`Added a summary at the top of ${ARTICLE}.`, { exact: false }));
		expect(await e2e.readNote(ARTICLE)).toContain("[!summary]");
		expect(await inBox()).toBe(true);
		expect((await focus.drops()).join(" | "), "focus lost to <body> after").toBe("");
	});

	it("answers a question with Space and Enter, then runs the edit it leads to from the Run the focus moved to", async () => {
		await send("Make a reading list");
		const card = pane(page).getByRole("group", { name: "2 questions for you" });
		await tabTo(page, card.getByRole("checkbox", { name: "Projects/Book club", exact: true }), { backward: true });
		await page.keyboard.press("Space");
		await tabTo(page, card.getByRole("checkbox", { name: "Articles/On slow reading", exact: true }), {
			backward: true,
		});
		await page.keyboard.press("Space");
		await checkPane(page, "keyboard-questions-waiting");
		// A radio group is one tab stop; the arrows choose inside it.
		await tabTo(page, card.getByRole("radio", { name: "Alphabetical", exact: true }));
		await page.keyboard.press("ArrowDown");
		await page.keyboard.press("ArrowUp");
		expect(await card.getByRole("radio", { name: "Alphabetical", exact: true }).isChecked()).toBe(true);
		await tabTo(page, card.getByRole("button", { name: "Submit answers" }));
		// The answers take the focus (no card waited when they were sent); the edit they lead to is the next stop.
		const answered = pane(page).getByRole("group", { name: "Answered 2 questions" });
		await decide("Enter", answered.getByText("Alphabetical"), answered);
		const list = editCard(page, "Reading list.md");
		await tabTo(page, list.getByRole("button", { name: /^Run:/ }));
		await decide("Enter", pane(page).getByText("Created Reading list.md."), list);
		const created = await e2e.readNote("Reading list.md");
		expect(created).toContain("[[Articles/On slow reading]]");
		expect(created).toContain("[[Projects/Book club]]");
	});

	it("sets Plan and draft edits to Run without asking from the header's Permissions, and the next edits run without a card", async () => {
		const opener = pane(page).getByRole("button", { name: "Permissions", exact: true });
		await tabTo(page, opener, { backward: true });
		await page.keyboard.press("Enter");
		const panel = pane(page).getByRole("group", { name: "Permissions in this chat" });
		const dropdown = panel.getByRole("combobox", { name: "Plan and draft edits" });
		await tabTo(page, dropdown);
		const chosen = () => dropdown.locator("option:checked").textContent();
		// Passing over the closed dropdown with the arrows or a letter chooses nothing (Chromium would commit each).
		await page.keyboard.press("ArrowDown");
		await page.keyboard.press("ArrowDown");
		await page.keyboard.press("d");
		expect(await chosen()).toBe("Ask first");
		// The choice is made in its list: opened with Alt+↓, picked with Enter.
		await page.keyboard.press("Alt+ArrowDown");
		await page.keyboard.press("ArrowDown");
		await focus.reset();
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await chosen()).toBe("Run without asking"));
		expect((await focus.drops()).join(" | "), "focus lost to <body> after").toBe("");
		await checkPane(page, "keyboard-permissions-open");
		await page.keyboard.press("Escape");
		await eventually(async () =>
			expect(await opener.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true),
		);

		await send("Tag my project notes");
		await visible(pane(page).getByText("Tagged the project notes with #project."));
		expect(await pane(page).getByRole("button", { name: /^Run:/ }).count()).toBe(0);
		for (const note of ["Projects/Garden shed.md", "Projects/Book club.md"])
			expect(await e2e.readNote(note)).toMatch(/project/);
	});

	it("renames the chat from the More menu (prefilled, Enter saves, the focus returns to More) and deletes it (Escape cancels, the confirmation takes the focus)", async () => {
		const title = pane(page).locator(".redline-header-title");
		const more = pane(page).getByRole("button", { name: "More", exact: true });
		const hasFocus = (control: Locator) => control.evaluate((el) => el === el.ownerDocument.activeElement);
		await tabTo(page, more, { backward: true });
		await page.keyboard.press("Enter");
		// The menu takes the focus on its first item; Enter chooses it.
		const renameItem = pane(page).getByRole("menuitem", { name: "Rename chat" });
		await eventually(async () => expect(await hasFocus(renameItem)).toBe(true));
		await page.keyboard.press("Enter");
		const name = pane(page).getByRole("textbox", { name: "Chat name" });
		await eventually(async () => expect(await hasFocus(name)).toBe(true));
		expect(await name.inputValue()).not.toBe("");
		expect(await name.inputValue()).not.toMatch(/…$/);
		await page.keyboard.press("ControlOrMeta+A");
		await page.keyboard.type("Keyboard chat");
		await focus.reset();
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await title.textContent()).toBe("Keyboard chat"));
		await eventually(async () => expect(await hasFocus(more)).toBe(true));
		expect((await focus.drops()).join(" | "), "focus lost to <body> after").toBe("");

		// Delete: the arrow keys reach it in the menu; Escape in the confirmation returns to More.
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await hasFocus(renameItem)).toBe(true));
		await page.keyboard.press("ArrowDown");
		await eventually(async () =>
			expect(await hasFocus(pane(page).getByRole("menuitem", { name: "Delete chat" }))).toBe(true),
		);
		await page.keyboard.press("Enter");
		const cancel = pane(page).getByRole("button", { name: "Cancel delete" });
		await eventually(async () => expect(await hasFocus(cancel)).toBe(true));
		await decide("Escape", more, more);
		await page.keyboard.press("Enter");
		await page.keyboard.press("End");
		await page.keyboard.press("Enter");
		await tabTo(page, pane(page).getByRole("button", { name: "Confirm delete chat" }), { backward: true });
		await focus.reset();
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await title.textContent()).not.toBe("Keyboard chat"));
		const history = pane(page).getByRole("button", { name: "Chat history" });
		await eventually(async () =>
			expect(await hasFocus(history), `focus on ${await focusedDescription(page)}`).toBe(true),
		);
		expect((await focus.drops()).join(" | "), "focus lost to <body> after").toBe("");
		// The deleted chat is gone from the chat list.
		await page.keyboard.press("Enter");
		const search = pane(page).getByRole("combobox", { name: "Search chats" });
		await eventually(async () => expect(await hasFocus(search)).toBe(true));
		expect(
			await pane(page)
				.getByRole("option", { name: /Keyboard chat/ })
				.count(),
		).toBe(0);
		await checkPane(page, "keyboard-chat-list-open");
		await page.keyboard.press("Escape");
		await eventually(async () => expect(await hasFocus(history)).toBe(true));
	});
});
