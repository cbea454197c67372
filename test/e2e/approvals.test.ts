/**
 * Approvals end to end in Chromium: "Run all" runs exactly the waiting calls in one decision (so
 * the model is called once afterwards), and "Always" set from a card lets the next call of that
 * tool run without asking.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply, toolResults } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import { editCard, eventually, pane, sendMessage, visible, UI_TIMEOUT } from "./support/page-actions";
import { withE2E } from "./support/sandbox-harness";
import { applyRequests, applyWith, mainAndApply, mainRequests } from "./support/scripts";

const NOTES = ["Projects/Garden shed.md", "Projects/Book club.md", "People/Ana Ruiz.md"];
const REVIEWED = "Reviewed by Redline.";
const addReviewedLine = (note: string) => note.replace(/\n*$/, `\n\n${REVIEWED}\n`);

describe.skipIf(!chromiumPath)("approving tool calls from the pane", { timeout: 60_000 }, () => {
	let browser: Browser;
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(async () => {
		await browser?.close();
	});

	it("runs exactly the three waiting calls with Run all and calls the model once afterwards", async () => {
		const ids = ["call_shed", "call_club", "call_ana"];
		const script = mainAndApply(
			[
				reply.toolCalls(
					NOTES.map((path, i) => ({ id: ids[i], name: "declareEditIntent", args: { path, operation: "modify", description: "add a reviewed line at the end" } })),
					"I'll mark the three notes as reviewed.",
				),
				reply.text("Marked all three notes as reviewed."),
			],
			NOTES.map(() => applyWith(addReviewedLine)),
		);
		await withE2E(browser, "2-run-all", script, async ({ page, sandbox, readNote }) => {
			const server = sandbox.modelServer!;
			const before = await Promise.all(NOTES.map((path) => readNote(path)));
			const untouched = await readNote("Daily/2026-11-28.md");

			await sendMessage(page, "Mark my project notes and Ana's note as reviewed");
			const bar = pane(page).getByRole("region", { name: "Calls waiting for approval" });
			await visible(bar.getByText("3 calls waiting:"));
			for (const path of NOTES) await visible(editCard(page, path).getByRole("button", { name: /^Run:/ }));
			expect(applyRequests(server.requests)).toHaveLength(0);

			await bar.getByRole("button", { name: "Run all 3 waiting calls" }).click();
			await visible(pane(page).getByText("Marked all three notes as reviewed."));

			for (const [i, path] of NOTES.entries()) {
				expect(await readNote(path)).toBe(addReviewedLine(before[i] ?? ""));
				await visible(editCard(page, path).getByText("Done", { exact: true }));
			}
			expect(await readNote("Daily/2026-11-28.md")).toBe(untouched);
			expect(await pane(page).getByRole("button", { name: /^Run:/ }).count()).toBe(0);

			// One apply per edit, and a single follow-up main-model request carrying all three results.
			expect(applyRequests(server.requests)).toHaveLength(3);
			const main = mainRequests(server.requests);
			expect(main).toHaveLength(2);
			const results = toolResults(main[1]);
			expect(results.map((r) => r.toolCallId).sort()).toEqual([...ids].sort());
			expect(results.every((r) => r.name === "declareEditIntent")).toBe(true);
			for (const path of NOTES) expect(results.some((r) => r.content.includes(path))).toBe(true);
		});
	});

	it("runs the next call of a tool without a card once Always is set for it from a card", async () => {
		const [first, second] = NOTES as [string, string];
		const script = mainAndApply(
			[
				reply.toolCalls([{ name: "declareEditIntent", args: { path: first, operation: "modify", description: "add a reviewed line at the end" } }]),
				reply.toolCalls([{ name: "declareEditIntent", args: { path: second, operation: "modify", description: "add a reviewed line at the end" } }]),
				reply.text("Both notes are marked as reviewed."),
			],
			[applyWith(addReviewedLine), applyWith(addReviewedLine)],
		);
		await withE2E(browser, "3-always", script, async ({ page, sandbox, readNote }) => {
			const server = sandbox.modelServer!;
			await sendMessage(page, "Mark the garden shed and book club notes as reviewed");
			const firstCard = editCard(page, first);
			const preference = firstCard.getByRole("combobox", { name: "Preference for planning edits in this chat" });
			await preference.selectOption("always", { timeout: UI_TIMEOUT });
			// Wait until the service has the preference (the select is disabled while it is sent).
			await eventually(async () => {
				expect(await preference.inputValue()).toBe("always");
				expect(await preference.isEnabled()).toBe(true);
			});
			await firstCard.getByRole("button", { name: /^Run:/ }).click();

			// The second edit is proposed, approved by the preference and applied: no click needed.
			await visible(pane(page).getByText("Both notes are marked as reviewed."));
			const secondCard = editCard(page, second);
			await visible(secondCard.getByText("Done", { exact: true }));
			expect(await secondCard.getByRole("button", { name: /^Run:/ }).count()).toBe(0);
			expect(await readNote(second)).toContain(REVIEWED);
			expect(mainRequests(server.requests)).toHaveLength(3);
			expect(applyRequests(server.requests)).toHaveLength(2);
		});
	});
});
