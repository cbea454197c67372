/**
 * What a turn costs, in Chromium (issue 33): the quiet line under a turn ("6.4k in · 820 out ·
 * $0.008", priced from Settings), the chat's total in the header, and the card of a turn paused by
 * its budget, axe-clean in Obsidian's light and dark themes; Continue resumes the turn where it
 * stopped and the line grows with it.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offersTools, reply } from "../../src/sandbox/model-server";
import type { ModelScript, ScriptedReply } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import { eventually, pane, sendMessage, visible } from "./support/page-actions";
import { checkPane } from "./support/pane-check";
import { startE2E, type E2E } from "./support/sandbox-harness";

/** Each agent call reports 3,200 in and 410 out: with a 5,000-token budget the second one spends it. */
const USAGE = { prompt_tokens: 3200, completion_tokens: 410 };

function script(): ModelScript {
	const steps: ScriptedReply[] = [
		reply.toolCalls([{ name: "listNotes", args: {} }], undefined, { usage: USAGE }),
		reply.toolCalls([{ name: "listNotes", args: { folder: "Projects" } }], undefined, { usage: USAGE }),
		reply.text("Listed them.", { usage: USAGE }),
	];
	let next = 0;
	return (request) => {
		if (!offersTools(request)) return reply.text("Listing notes");
		const step = steps[next++];
		if (!step) throw new Error("script exhausted");
		return step;
	};
}

describe.skipIf(!chromiumPath)("usage in the pane", { timeout: 120_000 }, () => {
	let browser: Browser;
	let e2e: E2E;

	beforeAll(async () => {
		browser = await launchChromium();
		e2e = await startE2E(script(), browser, {
			settings: {
				budget: { unit: "tokens", amount: 5000 },
				prices: { "redline-demo": { input: 1, output: 2 } },
			},
		});
	}, 120_000);
	afterAll(async () => {
		await e2e?.close();
		await browser?.close();
	});

	it("shows the per-turn line, the header total and the budget card, axe-clean light and dark; Continue resumes", async () => {
		const { page } = e2e;
		await visible(pane(page).getByRole("textbox", { name: "Message Redline" }));
		await sendMessage(page, "List my notes");
		const card = pane(page).getByRole("region", { name: "Paused turn" });
		await visible(card);
		expect(await card.textContent()).toContain("This chat has used 7,220 tokens of its 5,000 tokens budget.");
		const line = pane(page).locator(".redline-turn-usage");
		expect(await line.textContent()).toBe("Spent this turn: 6.4k in · 820 out · $0.008");
		expect(await pane(page).locator(".redline-header-spent").textContent()).toBe(
			"Spent in this chat: 7.2k tokens · $0.008",
		);
		await checkPane(page, "usage-paused");

		await card.getByRole("button", { name: "Continue (+5,000 tokens)" }).click();
		await visible(pane(page).getByText("Listed them."));
		await eventually(async () => expect(await line.textContent()).toBe("Spent this turn: 9.6k in · 1.2k out · $0.012"));
		expect(await card.count()).toBe(0);
		await checkPane(page, "usage-done");
	});
});
