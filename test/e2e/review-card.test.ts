/**
 * Review before write in Chromium (issue 29, the card's half): with "Before an edit is drafted"
 * on its default (changes), an edit is drafted at once and offered as a redline; the user accepts
 * and rejects changes by mouse or by keyboard alone, and the note on disk then holds exactly the
 * changes they kept. axe finds nothing serious on the waiting card in light and dark, and a
 * 40-change draft stays usable in a 300 px pane (no sideways scroll, "Next undecided change").
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import { tabTo } from "./support/keyboard";
import { editCard, eventually, sendMessage, visible } from "./support/page-actions";
import { checkPane } from "./support/pane-check";
import { withE2E } from "./support/sandbox-harness";
import { applyWith, mainAndApply } from "./support/scripts";
import { setPaneWidth } from "./support/showcase";

const THREE = "Review/Errands.md";
const THREE_BEFORE = "# Errands\n\nWalk the dog\n\nBuy milk and bread\n\nCall Bo\n";
const THREE_AFTER = "# Errands\n\nWalk the cat\n\nBuy oat milk\n\nCall Ana\n";
/** c1 and c3 kept, c2 rejected. */
const THREE_KEPT = "# Errands\n\nWalk the cat\n\nBuy milk and bread\n\nCall Ana\n";

const FORTY = "Review/Forty.md";
const FORTY_BEFORE = Array.from(
	{ length: 40 },
	(_, i) => `Point ${i + 1} of the list, ${"word ".repeat(8)}end.\n`,
).join("\n");
const FORTY_AFTER = FORTY_BEFORE.replace(/ end\.\n/g, " finished.\n");

const CHANGES = { editReview: "changes" as const };

/** The main model declares one edit and then says it is done; the apply model drafts `after`. */
function editScript(path: string, after: string) {
	return mainAndApply(
		[
			reply.toolCalls([
				{ name: "declareEditIntent", args: { path, operation: "modify", description: "tidy the note" } },
			]),
			reply.text("Done."),
		],
		[applyWith(() => after)],
	);
}

const changeList = (card: Locator) => card.getByRole("list", { name: /^Changes to decide/ });
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");

/** An element's text without the words only a screen reader hears ("deleted:", "inserted:"). */
function shownText(locator: Locator): Promise<string> {
	return locator.evaluate((el) =>
		[...el.childNodes]
			.filter((node) => !(node.nodeType === 1 && (node as Element).classList.contains("redline-visually-hidden")))
			.map((node) => node.textContent)
			.join(""),
	);
}

describe.skipIf(!chromiumPath)("the edit card's redline, in the browser", { timeout: 120_000 }, () => {
	let browser: Browser;
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(async () => {
		await browser?.close();
	});

	it("shows the draft as a redline, is clean for axe in light and dark, and writes only what the mouse kept", async () => {
		await withE2E(
			browser,
			"review-mouse",
			editScript(THREE, THREE_AFTER),
			async ({ page, readNote, screenshot }) => {
				await sendMessage(page, "Tidy my errands");
				const card = editCard(page, THREE);
				await visible(changeList(card));
				await visible(card.getByText("Waiting for you"));
				const items = changeList(card).locator("li[data-change-id]");
				expect(await items.count()).toBe(3);
				expect(await shownText(items.nth(0).locator("del"))).toBe("dog");
				expect(await shownText(items.nth(0).locator("ins"))).toBe("cat");
				// Struck and underlined, whatever the colours.
				expect(
					await items
						.nth(0)
						.locator("del")
						.evaluate((el) => getComputedStyle(el).textDecorationLine),
				).toBe("line-through");
				expect(
					await items
						.nth(0)
						.locator("ins")
						.evaluate((el) => getComputedStyle(el).textDecorationLine),
				).toBe("underline");
				expect(await readNote(THREE)).toBe(THREE_BEFORE);

				await checkPane(page, "review-card-waiting");

				await card.getByRole("button", { name: "Accept change 1 (line 3)" }).click();
				await card.getByRole("button", { name: "Reject change 2 (line 5)" }).click();
				await card.getByRole("button", { name: "Accept change 3 (line 7)" }).click();
				await card.getByRole("button", { name: "Apply 2 of 3 changes" }).click();
				await visible(card.getByText("Kept 2 of 3 changes"));
				await eventually(async () => expect(await readNote(THREE)).toBe(THREE_KEPT));
				await visible(card.getByRole("button", { name: `Revert this change to ${THREE}` }));
				await checkPane(page, "review-card-applied");
			},
			{ settings: CHANGES, notes: { [THREE]: THREE_BEFORE } },
		);
	});

	it("is decided and applied by keyboard alone", async () => {
		await withE2E(
			browser,
			"review-keyboard",
			editScript(THREE, THREE_AFTER),
			async ({ page, readNote }) => {
				await sendMessage(page, "Tidy my errands");
				const card = editCard(page, THREE);
				await visible(changeList(card));
				await tabTo(page, card.getByRole("button", { name: "Accept change 1 (line 3)" }));
				await page.keyboard.press("a");
				await page.keyboard.press("j");
				expect(await focusedLabel(page)).toBe("Change 2 of 3, line 5: undecided");
				await page.keyboard.press("r");
				await page.keyboard.press("ArrowDown");
				await page.keyboard.press("a");
				expect(await focusedLabel(page)).toBe("Change 3 of 3, line 7: accepted");
				await visible(card.getByText("3 of 3 changes decided"));
				await page.keyboard.press("Control+Enter");
				await visible(card.getByText("Kept 2 of 3 changes"));
				await eventually(async () => expect(await readNote(THREE)).toBe(THREE_KEPT));
				// The focus stayed in the card, on what became of it, never on <body>.
				expect(await card.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
			},
			{ settings: CHANGES, notes: { [THREE]: THREE_BEFORE } },
		);
	});

	it("keeps a 40-change draft usable in a 300 px pane", async () => {
		await withE2E(
			browser,
			"review-forty-300px",
			editScript(FORTY, FORTY_AFTER),
			async ({ page, readNote, screenshot }) => {
				await setPaneWidth(page, 300);
				await sendMessage(page, "Finish every point");
				const card = editCard(page, FORTY);
				await visible(changeList(card));
				expect(await changeList(card).locator("li[data-change-id]").count()).toBe(5);
				await visible(card.getByRole("button", { name: /^Show 10 more changes/ }));
				await visible(card.getByText("0 of 40 changes decided"));
				await checkPane(page, "review-card-forty-waiting");

				// Nothing scrolls sideways: not the pane's body, not the card.
				const body = page.locator(".redline-body");
				const sideways = () =>
					body.evaluate((el): string[] => {
						const wide = [el, ...el.querySelectorAll(".redline-card, .redline-change")].filter(
							(node) => node.scrollWidth > node.clientWidth + 1,
						);
						return wide.map((node) => node.getAttribute("class") ?? "");
					});
				expect(await sideways()).toEqual([]);

				for (let i = 1; i <= 5; i++)
					await card.getByRole("button", { name: new RegExp(`^Reject change ${i} \\(`) }).click();
				await visible(card.getByText("5 of 40 changes decided"));
				await card.getByRole("button", { name: "Next undecided change" }).click();
				expect(await focusedLabel(page)).toBe("Change 6 of 40, line 11: undecided");
				// The change it went to is in view, below the sticky bar.
				const sixth = card.locator("li[data-change-id='c6']");
				expect(
					await sixth.evaluate((el) => {
						const scroller = el.closest(".redline-body")!.getBoundingClientRect();
						const box = el.getBoundingClientRect();
						return box.top >= scroller.top && box.top < scroller.bottom;
					}),
				).toBe(true);
				await page.keyboard.press("a");
				await visible(card.getByText("6 of 40 changes decided"));
				expect(await sideways()).toEqual([]);
				await screenshot("review-forty-300px-open");

				await card.getByRole("button", { name: "Apply 35 of 40 changes" }).click();
				await visible(card.getByText("Kept 35 of 40 changes"));
				// Points 1 to 5 rejected, the other 35 finished.
				const kept = FORTY_BEFORE.replace(/Point (\d+)(.*) end\.\n/g, (line, n: string, middle: string) =>
					Number(n) > 5 ? `Point ${n}${middle} finished.\n` : line,
				);
				await eventually(async () => expect(await readNote(FORTY)).toBe(kept));
				await checkPane(page, "review-card-forty-applied");
			},
			{ settings: CHANGES, notes: { [FORTY]: FORTY_BEFORE } },
		);
	});
});
