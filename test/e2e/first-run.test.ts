/**
 * First run and the question card in Chromium, in a 280 px sidebar (issue 30): the empty chat
 * offers requests made from the open note and the vault, one fills the message box; the question
 * card's option rows are 28 px targets, the field for your own answer shows once Other is chosen,
 * Skip question reaches the model as skipped, and the focused summary's ring keeps clear of its
 * text. axe-core's full rule set finds nothing serious or critical in light and dark, with the
 * chat empty, the card waiting and the card skipped. One browser, one sandbox, one page.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply, toolResults } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import { eventually, openNote, pane, visible } from "./support/page-actions";
import { checkPane } from "./support/pane-check";
import { startE2E, type E2E } from "./support/sandbox-harness";
import { mainAndApply, mainRequests } from "./support/scripts";
import { setPaneWidth } from "./support/showcase";

const QUESTION = "How long should the summary be?";

describe.skipIf(!chromiumPath)("first run and the question card at 280 px", { timeout: 120_000 }, () => {
	let browser: Browser;
	let e2e: E2E;
	let page: Page;

	beforeAll(async () => {
		browser = await launchChromium();
		e2e = await startE2E(
			mainAndApply([
				reply.toolCalls([
					{
						name: "askUser",
						args: {
							questions: [
								{
									question: QUESTION,
									header: "Length",
									options: [
										{ label: "One line", description: "A sentence at the top" },
										{ label: "A paragraph", description: "Five sentences or so" },
									],
								},
							],
						},
					},
				]),
				reply.text("Then I will keep it short."),
			]),
			browser,
		);
		page = e2e.page;
		// Tall enough that nothing in the pane is scrolled out of axe's view.
		await page.setViewportSize({ width: 1200, height: 1400 });
		await setPaneWidth(page, 280);
		await openNote(page, "Garden shed");
	}, 60_000);
	afterAll(async () => {
		await e2e?.close();
		await browser?.close();
	});

	it("the empty chat suggests requests about the open note and the vault, and one fills the message box", async () => {
		const group = pane(page).getByRole("group", { name: "Suggested requests" });
		await visible(group.getByRole("button", { name: "Summarize Garden shed" }));
		expect(await group.getByRole("button").count()).toBeGreaterThanOrEqual(3);
		await visible(pane(page).getByText("Redline asks before each edit; every change can be reverted."));
		await checkPane(page, "first-run-empty-chat");

		await group.getByRole("button", { name: "Summarize Garden shed" }).click();
		const input = pane(page).getByRole("textbox", { name: "Message Redline" });
		await expect.poll(() => input.inputValue()).toBe("Summarize [[Projects/Garden shed]]");
		expect(await input.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
		expect(mainRequests(e2e.sandbox.modelServer!.requests)).toHaveLength(0);
	});

	it("the question card: 28 px option rows, your own answer once Other is chosen", async () => {
		await pane(page).getByRole("textbox", { name: "Message Redline" }).press("Enter");
		const card = pane(page).getByRole("group", { name: "1 question for you" });
		await visible(card);
		const heights = await card
			.locator("label")
			.evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
		expect(heights).toHaveLength(3);
		for (const height of heights) expect(height).toBeGreaterThanOrEqual(28);

		const own = card.getByRole("textbox", { name: `Other answer to: ${QUESTION}` });
		expect(await own.count()).toBe(0);
		await card.getByRole("radio", { name: "Other", exact: true }).check();
		await visible(own);
		await checkPane(page, "first-run-question-card");
		await card.getByRole("radio", { name: /^One line/ }).check();
		await eventually(async () => expect(await own.count()).toBe(0));
	});

	it("Skip question reaches the model as skipped, and the summary's focus ring keeps clear of its text", async () => {
		const card = pane(page).getByRole("group", { name: "1 question for you" });
		// By keyboard, so the summary that takes the focus shows its ring.
		await card.getByRole("button", { name: "Skip question" }).focus();
		await page.keyboard.press("Enter");
		const skipped = pane(page).getByRole("group", { name: "Skipped 1 question" });
		await visible(skipped.getByText("Skipped", { exact: true }));
		await visible(pane(page).getByText("Then I will keep it short."));
		const main = mainRequests(e2e.sandbox.modelServer!.requests);
		expect(toolResults(main[1])[0]?.content).toBe(`"${QUESTION}" = (the user skipped this question)`);

		const summary = skipped.locator("dl");
		const ring = await eventually(async () => {
			const measured = await summary.evaluate((el) => {
				const style = getComputedStyle(el);
				const px = (value: string) => parseFloat(value) || 0;
				return {
					focused: el === el.ownerDocument.activeElement && el.matches(":focus-visible"),
					outline: style.outlineStyle,
					// From the ring's inner edge to the content: padding + border + offset (an inset ring eats into the padding).
					gap:
						Math.min(px(style.paddingTop), px(style.paddingLeft), px(style.paddingBottom), px(style.paddingRight)) +
						px(style.borderTopWidth) +
						px(style.outlineOffset),
				};
			});
			expect(measured.focused).toBe(true);
			return measured;
		});
		expect(ring.outline).not.toBe("none");
		expect(ring.gap).toBeGreaterThanOrEqual(2);
		await checkPane(page, "first-run-question-skipped");
	});
});
