/**
 * The thread lives in the service, not the page: a card waiting for a click survives a reload
 * and still works, and a second tab on the same thread follows it live.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import { editCard, eventually, pane, sendMessage, visible, gone } from "./support/page-actions";
import { withE2E } from "./support/sandbox-harness";
import { applyWith, mainAndApply } from "./support/scripts";

const SHED = "Projects/Garden shed.md";
const LINE = "Ask Ana for her drill.";

describe.skipIf(!chromiumPath)("a waiting card across reloads and tabs", { timeout: 60_000 }, () => {
	let browser: Browser;
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(async () => {
		await browser?.close();
	});

	it("keeps the card through a reload, runs it, and shows the result live in a second tab", async () => {
		const script = mainAndApply(
			[
				reply.toolCalls([{ name: "declareEditIntent", args: { path: SHED, operation: "modify", description: "add a reminder to borrow a drill" } }]),
				reply.text("Added the reminder to the garden shed note."),
			],
			[applyWith((note) => note.replace(/\n*$/, `\n\n${LINE}\n`))],
		);
		await withE2E(browser, "5-reload-and-tabs", script, async ({ page, openPage, readNote, screenshot }) => {
			await sendMessage(page, "Remind me to borrow a drill for the shed");
			const run = editCard(page, SHED).getByRole("button", { name: /^Run:/ });
			await visible(run);

			await page.reload();
			await visible(run);
			const second = await openPage();
			await visible(editCard(second, SHED).getByRole("button", { name: /^Run:/ }));
			expect(await readNote(SHED)).not.toContain(LINE);

			await run.click();
			// The second tab never clicked anything: it follows the thread's events.
			await visible(pane(second).getByText("Added the reminder to the garden shed note."));
			await visible(editCard(second, SHED).getByText("Done", { exact: true }));
			await visible(editCard(second, SHED).getByRole("button", { name: `Revert this change to ${SHED}` }));
			await gone(editCard(second, SHED).getByRole("button", { name: /^Run:/ }));
			await eventually(async () => expect(await readNote(SHED)).toContain(LINE));
			await screenshot("5-second-tab", second);
		});
	});
});
