/**
 * The sandbox page brings the edited note into view: a note the agent changes while another one
 * is shown is marked in the file list, and the card's note link opens it (which reads the mark).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import { editCard, eventually, noteText, pane, sendMessage, visible, UI_TIMEOUT } from "./support/page-actions";
import { checkPane } from "./support/pane-check";
import { withE2E } from "./support/sandbox-harness";
import { applyWith, mainAndApply } from "./support/scripts";

const DAILY = "Daily/2026-11-28.md";

describe.skipIf(!chromiumPath)("the sandbox file list", { timeout: 60_000 }, () => {
	let browser: Browser;
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(async () => {
		await browser?.close();
	});

	it("marks the note the agent edited while another is shown, and the card's note link opens it", async () => {
		const script = mainAndApply(
			[
				reply.toolCalls([
					{ name: "declareEditIntent", args: { path: DAILY, operation: "modify", description: "Remove all headings" } },
				]),
				reply.text("Done."),
			],
			[
				applyWith((note) =>
					note
						.split("\n")
						.filter((line) => !/^#{1,6}\s/.test(line))
						.join("\n"),
				),
			],
		);
		await withE2E(browser, "file-list-marks-edited-note", script, async ({ page, screenshot }) => {
			const files = page.getByRole("navigation", { name: "Notes" });
			const daily = files.getByRole("button", { name: "2026-11-28", exact: true });
			const welcome = files.getByRole("button", { name: "Welcome", exact: true });
			await visible(page.getByRole("region", { name: "Note Welcome.md" }));
			await sendMessage(page, "Remove all headings from the daily note");
			const card = editCard(page, DAILY);
			await visible(card.getByText("Remove all headings · 2026-11-28"));
			await card.getByRole("button", { name: /^Run:/ }).click({ timeout: UI_TIMEOUT });
			await visible(pane(page).getByText("Done."));

			await eventually(async () => expect(await daily.getAttribute("class")).toContain("is-changed"));
			expect(await daily.getAttribute("aria-description")).toBe("Changed since you last opened it");
			expect(await welcome.getAttribute("class")).not.toContain("is-changed");
			await screenshot("file-list-marked");

			await card.getByRole("link", { name: `Open ${DAILY}` }).click({ timeout: UI_TIMEOUT });
			await visible(page.getByRole("region", { name: `Note ${DAILY}` }));
			await eventually(async () => expect(await noteText(page)).not.toMatch(/^#/m));
			await eventually(async () => expect(await daily.getAttribute("class")).not.toContain("is-changed"));
			expect(await daily.getAttribute("aria-current")).toBe("page");
			await checkPane(page, "file-list-note-opened");
		});
	});
});
