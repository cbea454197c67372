/**
 * The agent's questions end to end in Chromium: a multi-select answer and an "Other" text answer
 * reach the model as the askUser tool result.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply, toolResults } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import { pane, sendMessage, visible, UI_TIMEOUT } from "./support/page-actions";
import { withE2E } from "./support/sandbox-harness";
import { mainAndApply, mainRequests } from "./support/scripts";

const WHICH = "Which notes should go on the reading list?";
const ORDER = "How should the list be ordered?";

describe.skipIf(!chromiumPath)("answering the agent's questions", { timeout: 60_000 }, () => {
	let browser: Browser;
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(async () => {
		await browser?.close();
	});

	it("sends a multi-select answer and an Other answer back to the model", async () => {
		const script = mainAndApply([
			reply.toolCalls([
				{
					name: "askUser",
					args: {
						questions: [
							{ question: WHICH, header: "Notes", multiSelect: true, options: ["On slow reading", "Book club", "Garden shed"] },
							{ question: ORDER, header: "Order", options: ["Alphabetical", "As listed"] },
						],
					},
				},
			]),
			reply.text("Thanks, I have what I need for the reading list."),
		]);
		await withE2E(browser, "4-ask-user", script, async ({ page, sandbox }) => {
			const server = sandbox.modelServer!;
			await sendMessage(page, "Make a reading list");
			const card = pane(page).getByRole("region", { name: "2 questions for you" });
			const which = card.getByRole("group", { name: new RegExp(WHICH.replace("?", "\\?")) });
			await which.getByRole("checkbox", { name: "On slow reading", exact: true }).check({ timeout: UI_TIMEOUT });
			await which.getByRole("checkbox", { name: "Book club", exact: true }).check();
			await card.getByRole("textbox", { name: `Other answer to: ${ORDER}` }).fill("Shortest first");
			await card.getByRole("button", { name: "Submit answers" }).click();

			await visible(pane(page).getByText("Thanks, I have what I need for the reading list."));
			await visible(pane(page).getByRole("region", { name: "Answered 2 questions" }).getByText("Shortest first"));
			const main = mainRequests(server.requests);
			expect(main).toHaveLength(2);
			const results = toolResults(main[1]);
			expect(results).toHaveLength(1);
			expect(results[0]?.name).toBe("askUser");
			expect(results[0]?.content).toBe(`"${WHICH}" = "On slow reading, Book club"\n"${ORDER}" = other: "Shortest first"`);
		});
	});
});
