/**
 * The pane's header in Chromium at 280 px, the narrowest sidebar (issue 30, "A header and a chat
 * list that look like Obsidian"): one row (the title, then five icon buttons), no two controls
 * overlapping or touching (their bounding boxes), every button reached with Tab, and axe-core
 * finding nothing serious or critical, in Obsidian's light and dark themes, with the header
 * alone, its ⋯ menu open and its chat list open. Two chats started with the same request are
 * listed apart by their dates. Photographs at 280, 320 and 400 px go to test-results/e2e/panes/ (not committed).
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoScript } from "../../src/sandbox/demo-script";
import { chromiumPath, launchChromium } from "./support/browser";
import { focusedDescription, tabTo } from "./support/keyboard";
import { eventually, pane, visible } from "./support/page-actions";
import { checkPane } from "./support/pane-check";
import { startE2E, type E2E } from "./support/sandbox-harness";
import { setPaneWidth } from "./support/showcase";

const REQUEST = "What can you do for my notes";
const BUTTONS = ["New chat", "Chat history", "Note history", "Permissions", "More"];

const hasFocus = (control: Locator) => control.evaluate((el) => el === el.ownerDocument.activeElement);

describe.skipIf(!chromiumPath)("the header at 280 px", { timeout: 120_000 }, () => {
	let browser: Browser;
	let e2e: E2E;
	let page: Page;

	/** Types a request in a new chat and waits for its reply and its automatic title. */
	async function newChatWith(text: string): Promise<void> {
		await pane(page).getByRole("button", { name: "New chat" }).click();
		const box = pane(page).getByRole("textbox", { name: "Message Redline" });
		await box.fill(text);
		await box.press("Enter");
		await eventually(async () => expect(await pane(page).locator(".redline-header-title").textContent()).toBe(text));
	}

	beforeAll(async () => {
		browser = await launchChromium();
		e2e = await startE2E({ forVault: createDemoScript }, browser);
		page = e2e.page;
		await page.setViewportSize({ width: 1200, height: 900 });
		await visible(pane(page).getByRole("textbox", { name: "Message Redline" }));
		await setPaneWidth(page, 280);
		await newChatWith(REQUEST);
		await newChatWith(REQUEST);
	}, 120_000);
	afterAll(async () => {
		await e2e?.close();
		await browser?.close();
	});

	it("is one row, and no two of its controls overlap or touch", async () => {
		const boxes = await pane(page)
			.locator(".redline-header-bar")
			.evaluate((bar) => {
				const controls = [bar.querySelector(".redline-header-title"), ...bar.querySelectorAll("button")];
				return {
					bar: bar.getBoundingClientRect().toJSON() as DOMRect,
					scrollWidth: bar.scrollWidth,
					controls: controls.map((el) => ({
						name: el?.getAttribute("aria-label") ?? "title",
						box: el?.getBoundingClientRect().toJSON() as DOMRect,
					})),
				};
			});
		expect(boxes.controls.map((c) => c.name)).toEqual(["title", ...BUTTONS]);
		expect(boxes.scrollWidth).toBeLessThanOrEqual(Math.ceil(boxes.bar.width));
		// One row: every control's vertical middle on the bar's, and the bar no taller than a control row.
		expect(boxes.bar.height).toBeLessThanOrEqual(36);
		const middle = boxes.bar.top + boxes.bar.height / 2;
		for (const { name, box } of boxes.controls) {
			expect(Math.abs(box.top + box.height / 2 - middle), name).toBeLessThanOrEqual(1);
			expect(box.left, name).toBeGreaterThanOrEqual(boxes.bar.left - 0.5);
			expect(box.right, name).toBeLessThanOrEqual(boxes.bar.right + 0.5);
			expect(box.width, name).toBeGreaterThan(0);
		}
		// Left to right, each control ends before the next begins: a gap, however small, between any two.
		boxes.controls.slice(1).forEach((after, i) => {
			const before = boxes.controls[i];
			expect(after.box.left - (before?.box.right ?? 0), `${before?.name} | ${after.name}`).toBeGreaterThanOrEqual(1);
		});
		// The buttons are targets of at least 24 px (WCAG 2.5.8).
		for (const { name, box } of boxes.controls.slice(1)) {
			expect(box.width, name).toBeGreaterThanOrEqual(24);
			expect(box.height, name).toBeGreaterThanOrEqual(24);
		}
		await e2e.screenshot("header-280");
	});

	it("reaches every button with Tab, in order", async () => {
		await pane(page).getByRole("textbox", { name: "Message Redline" }).focus();
		const first = pane(page).getByRole("button", { name: BUTTONS[0], exact: true });
		await tabTo(page, first, { backward: true });
		for (const name of BUTTONS.slice(1)) {
			await page.keyboard.press("Tab");
			const button = pane(page).getByRole("button", { name, exact: true });
			expect(await hasFocus(button), `${name}: focus on ${await focusedDescription(page)}`).toBe(true);
		}
	});

	it("has no serious or critical axe violations, light and dark, with the header alone, the menu open and the chat list open", async () => {
		await checkPane(page, "header");

		const more = pane(page).getByRole("button", { name: "More", exact: true });
		await more.click();
		await visible(pane(page).getByRole("menu", { name: "More" }));
		expect(await hasFocus(pane(page).getByRole("menuitem", { name: "Rename chat" }))).toBe(true);
		await checkPane(page, "header-menu-open");
		await visible(pane(page).getByRole("menu", { name: "More" }));
		await page.keyboard.press("Escape");
		expect(await hasFocus(more)).toBe(true);

		const history = pane(page).getByRole("button", { name: "Chat history" });
		await history.click();
		const search = pane(page).getByRole("combobox", { name: "Search chats" });
		await visible(search);
		expect(await hasFocus(search)).toBe(true);
		await checkPane(page, "header-chat-list-open");
		await page.keyboard.press("Escape");
		expect(await hasFocus(history)).toBe(true);
	});

	it("lists the two chats of the same request apart by their dates, and opens the older with the keyboard", async () => {
		const history = pane(page).getByRole("button", { name: "Chat history" });
		await history.focus();
		await page.keyboard.press("Enter");
		const options = pane(page).getByRole("option");
		await eventually(async () => expect(await options.count()).toBe(2));
		const rows = await options.evaluateAll((els) =>
			els.map((el) => ({
				title: el.querySelector(".redline-chat-list-title")?.textContent,
				when: el.querySelector("time")?.textContent,
				current: el.getAttribute("aria-current"),
			})),
		);
		expect(rows.map((r) => r.title)).toEqual([REQUEST, REQUEST]);
		expect(rows[0]?.when).not.toBe(rows[1]?.when);
		expect(rows[0]?.current).toBe("true");
		await page.keyboard.type("notes");
		await page.keyboard.press("ArrowDown");
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await hasFocus(history)).toBe(true));
		// The older chat is on screen now: it is the one the list marks current.
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await options.count()).toBe(2));
		expect(await options.nth(1).getAttribute("aria-current")).toBe("true");
		await page.keyboard.press("Escape");
	});
});
