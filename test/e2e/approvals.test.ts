/**
 * Deciding what the agent may do, end to end in Chromium: "Run all" runs exactly the waiting calls
 * in one decision (so the model is called once afterwards); "Run, and don't ask again in this chat"
 * on a card runs its waiting sibling and the next call of that tool without asking, and "Don't
 * allow in this chat" from its ⋯ menu skips both; a multi-select and an "Other" answer reach the
 * model; and a waiting card lives in the service, not the page: it survives a reload, and a second
 * tab follows the thread live. One file (one browser, one page build) keeps the e2e run short.
 * Every scenario runs twice: with a model that calls tools natively, and with one that can only
 * write text ("Text tool calls"): the pane must not know the difference, so it is looked at
 * (support/pane-check.ts: axe light and dark, photographs at three widths) with native calls only,
 * where each flow waits for the user (the cards, the ⋯ menu and Permissions open, the questions)
 * and where it ends.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply, toolResults } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import { editCard, eventually, gone, pane, sendMessage, visible, UI_TIMEOUT } from "./support/page-actions";
import { checkPane } from "./support/pane-check";
import { withE2E } from "./support/sandbox-harness";
import { applyRequests, applyWith, mainAndApply, mainRequests } from "./support/scripts";

const NOTES = ["Projects/Garden shed.md", "Projects/Book club.md", "People/Ana Ruiz.md"];
const REVIEWED = "Reviewed by Redline.";
const addReviewedLine = (note: string) => note.replace(/\n*$/, `\n\n${REVIEWED}\n`);
const WHICH = "Which notes should go on the reading list?";
const ORDER = "How should the list be ordered?";
const SHED = "Projects/Garden shed.md";
const LINE = "Ask Ana for her drill.";

const MODES = [
	{ mode: "native", textToolCalls: false },
	{ mode: "text", textToolCalls: true },
];

describe.skipIf(!chromiumPath).each(MODES)(
	"deciding what the agent may do, in the browser ($mode tool calls)",
	{ timeout: 60_000 },
	({ mode, textToolCalls }) => {
		const options = { textToolCalls };
		/** The pane is looked at once, with native calls: it must not know the difference (see above). */
		const look = (page: Page, flow: string) => (textToolCalls ? Promise.resolve() : checkPane(page, flow));
		let browser: Browser;
		beforeAll(async () => {
			browser = await launchChromium();
		});
		afterAll(async () => {
			await browser?.close();
		});

		describe("approving tool calls from the pane", () => {
			it("runs exactly the three waiting calls with Run all and calls the model once afterwards", async () => {
				const ids = ["call_shed", "call_club", "call_ana"];
				const script = mainAndApply(
					[
						reply.toolCalls(
							NOTES.map((path, i) => ({
								id: ids[i],
								name: "declareEditIntent",
								args: { path, operation: "modify", description: "add a reviewed line at the end" },
							})),
							"I'll mark the three notes as reviewed.",
						),
						reply.text("Marked all three notes as reviewed."),
					],
					NOTES.map(() => applyWith(addReviewedLine)),
				);
				await withE2E(
					browser,
					`2-run-all-${mode}`,
					script,
					async ({ page, sandbox, readNote }) => {
						const server = sandbox.modelServer!;
						const before = await Promise.all(NOTES.map((path) => readNote(path)));
						const untouched = await readNote("Daily/2026-11-28.md");

						await sendMessage(page, "Mark my project notes and Ana's note as reviewed");
						const bar = pane(page).getByRole("region", { name: "Calls waiting for approval" });
						await visible(bar.getByText("3 calls waiting:"));
						for (const path of NOTES) await visible(editCard(page, path).getByRole("button", { name: /^Run:/ }));
						expect(applyRequests(server.requests)).toHaveLength(0);

						await visible(pane(page).getByText("I'll mark the three notes as reviewed."));
						await look(page, "approvals-run-all-waiting");
						// Tagged calls are calls, never answer text.
						expect(await pane(page).getByText("tool_call", { exact: false }).count()).toBe(0);
						await bar.getByRole("button", { name: "Run all 3 waiting calls" }).click();
						await visible(pane(page).getByText("Marked all three notes as reviewed."));

						for (const [i, path] of NOTES.entries()) {
							expect(await readNote(path)).toBe(addReviewedLine(before[i] ?? ""));
							await visible(editCard(page, path).getByText("Done", { exact: true }));
						}
						expect(await readNote("Daily/2026-11-28.md")).toBe(untouched);
						expect(await pane(page).getByRole("button", { name: /^Run:/ }).count()).toBe(0);
						await look(page, "approvals-run-all-done");

						// One apply per edit, and a single follow-up main-model request carrying all three results.
						expect(applyRequests(server.requests)).toHaveLength(3);
						const main = mainRequests(server.requests);
						expect(main).toHaveLength(2);
						const results = toolResults(main[1]);
						// A text-tool model names its calls by tool and order only.
						if (!textToolCalls) expect(results.map((r) => r.toolCallId).sort()).toEqual([...ids].sort());
						expect(results).toHaveLength(3);
						expect(results.every((r) => r.name === "declareEditIntent")).toBe(true);
						for (const path of NOTES) expect(results.some((r) => r.content.includes(path))).toBe(true);
					},
					options,
				);
			});

			it("runs both waiting cards of a tool with Run, and don't ask again on the first, and the next call without a card", async () => {
				const [first, second, third] = NOTES as [string, string, string];
				const intent = (path: string) => ({
					name: "declareEditIntent",
					args: { path, operation: "modify", description: "add a reviewed line at the end" },
				});
				const script = mainAndApply(
					[
						reply.toolCalls([intent(first), intent(second)]),
						reply.toolCalls([intent(third)]),
						reply.text("All three notes are marked as reviewed."),
					],
					[applyWith(addReviewedLine), applyWith(addReviewedLine), applyWith(addReviewedLine)],
				);
				await withE2E(
					browser,
					`3-run-and-allow-${mode}`,
					script,
					async ({ page, sandbox, readNote }) => {
						const server = sandbox.modelServer!;
						await sendMessage(page, "Mark my project notes and Ana's note as reviewed");
						const firstCard = editCard(page, first);
						const secondCard = editCard(page, second);
						await visible(secondCard.getByRole("button", { name: /^Run:/ }));
						// The card's second action runs this card, and the preference answers the waiting sibling.
						await firstCard
							.getByRole("button", { name: /^Run, and don't ask again in this chat/ })
							.click({ timeout: UI_TIMEOUT });

						await visible(pane(page).getByText("All three notes are marked as reviewed."));
						for (const card of [firstCard, secondCard, editCard(page, third)])
							await visible(card.getByText("Done", { exact: true }));
						expect(await pane(page).getByRole("button", { name: /^Run:/ }).count()).toBe(0);
						await visible(secondCard.getByText("Set by your preference", { exact: false }));
						for (const path of NOTES) expect(await readNote(path)).toContain(REVIEWED);
						// One follow-up for the two cards, one after the third call.
						expect(mainRequests(server.requests)).toHaveLength(3);
						expect(applyRequests(server.requests)).toHaveLength(3);
						await look(page, "approvals-run-and-allow-done");
					},
					options,
				);
			});

			it("skips both waiting cards of a tool with Don't allow in this chat from the ⋯ menu; card, menu and Permissions pass axe, light and dark", async () => {
				const [first, second] = NOTES as [string, string];
				const script = mainAndApply(
					[
						reply.toolCalls(
							[first, second].map((path) => ({
								name: "declareEditIntent",
								args: { path, operation: "modify", description: "add a reviewed line at the end" },
							})),
						),
						reply.text("Understood, I will not edit notes in this chat."),
					],
					[],
				);
				await withE2E(
					browser,
					`3-dont-allow-${mode}`,
					script,
					async ({ page, sandbox, readNote }) => {
						const server = sandbox.modelServer!;
						const before = await Promise.all([first, second].map((path) => readNote(path)));
						await sendMessage(page, "Mark the garden shed and book club notes as reviewed");
						const firstCard = editCard(page, first);
						await visible(editCard(page, second).getByRole("button", { name: /^Run:/ }));
						await pane(page).getByRole("button", { name: "Permissions", exact: true }).click();
						const panel = pane(page).getByRole("group", { name: "Permissions in this chat" });
						await visible(panel.getByRole("combobox", { name: "Plan and draft edits" }));
						await firstCard.getByRole("button", { name: /^More actions:/ }).click();
						const menu = pane(page).getByRole("menu");
						await visible(menu.getByRole("menuitem", { name: "Don't allow in this chat" }));
						// It opens in the card, under its buttons (in the window's corner, out of view, it was not seen).
						const [cardBox, menuBox] = await Promise.all([firstCard.boundingBox(), menu.boundingBox()]);
						expect(menuBox!.y).toBeGreaterThan(cardBox!.y);
						expect(menuBox!.y + menuBox!.height).toBeLessThanOrEqual(cardBox!.y + cardBox!.height);
						expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);

						// The cards, the open menu and the Permissions panel.
						await look(page, "approvals-menu-and-permissions-open");
						await visible(menu.getByRole("menuitem", { name: "Don't allow in this chat" }));

						await menu.getByRole("menuitem", { name: "Don't allow in this chat" }).click();
						await visible(pane(page).getByText("Understood, I will not edit notes in this chat."));
						for (const path of [first, second])
							await visible(editCard(page, path).getByText("edits are not allowed in this chat", { exact: false }));
						expect(await pane(page).getByRole("button", { name: /^Run:/ }).count()).toBe(0);
						expect(
							await panel
								.getByRole("combobox", { name: "Plan and draft edits" })
								.locator("option:checked")
								.textContent(),
						).toBe("Don't allow");
						expect(await Promise.all([first, second].map((path) => readNote(path)))).toEqual(before);
						expect(mainRequests(server.requests)).toHaveLength(2);
						await look(page, "approvals-dont-allow-done");
						const results = toolResults(mainRequests(server.requests)[1]);
						expect(results.map((r) => r.content)).toEqual([
							"The user denied this call: the user disabled declareEditIntent in this chat",
							"The user denied this call: the user disabled declareEditIntent in this chat",
						]);
					},
					options,
				);
			});
		});

		describe("answering the agent's questions", () => {
			it("sends a multi-select answer and an Other answer back to the model", async () => {
				const script = mainAndApply([
					reply.toolCalls([
						{
							name: "askUser",
							args: {
								questions: [
									{
										question: WHICH,
										header: "Notes",
										multiSelect: true,
										options: ["On slow reading", "Book club", "Garden shed"],
									},
									{ question: ORDER, header: "Order", options: ["Alphabetical", "As listed"] },
								],
							},
						},
					]),
					reply.text("Thanks, I have what I need for the reading list."),
				]);
				await withE2E(
					browser,
					`4-ask-user-${mode}`,
					script,
					async ({ page, sandbox }) => {
						const server = sandbox.modelServer!;
						await sendMessage(page, "Make a reading list");
						const card = pane(page).getByRole("group", { name: "2 questions for you" });
						const which = card.getByRole("group", { name: new RegExp(WHICH.replace("?", "\\?")) });
						await which.getByRole("checkbox", { name: "On slow reading", exact: true }).check({ timeout: UI_TIMEOUT });
						await which.getByRole("checkbox", { name: "Book club", exact: true }).check();
						// The field for your own answer shows once Other is chosen (issue 30).
						await card
							.getByRole("group", { name: new RegExp(ORDER.replace("?", "\\?")) })
							.getByRole("radio", { name: "Other", exact: true })
							.check();
						await card.getByRole("textbox", { name: `Other answer to: ${ORDER}` }).fill("Shortest first");
						await look(page, "approvals-questions-waiting");
						await card.getByRole("button", { name: "Submit answers" }).click();

						await visible(pane(page).getByText("Thanks, I have what I need for the reading list."));
						await visible(pane(page).getByRole("group", { name: "Answered 2 questions" }).getByText("Shortest first"));
						await look(page, "approvals-questions-answered");
						const main = mainRequests(server.requests);
						expect(main).toHaveLength(2);
						const results = toolResults(main[1]);
						expect(results).toHaveLength(1);
						expect(results[0]?.name).toBe("askUser");
						expect(results[0]?.content).toBe(
							`"${WHICH}" = "On slow reading, Book club"\n"${ORDER}" = other: "Shortest first"`,
						);
					},
					options,
				);
			});
		});

		describe("a waiting card across reloads and tabs", () => {
			it("keeps the card through a reload, runs it, and shows the result live in a second tab", async () => {
				const script = mainAndApply(
					[
						reply.toolCalls([
							{
								name: "declareEditIntent",
								args: { path: SHED, operation: "modify", description: "add a reminder to borrow a drill" },
							},
						]),
						reply.text("Added the reminder to the garden shed note."),
					],
					[applyWith((note) => note.replace(/\n*$/, `\n\n${LINE}\n`))],
				);
				await withE2E(
					browser,
					`5-reload-and-tabs-${mode}`,
					script,
					async ({ page, openPage, readNote, screenshot }) => {
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
						await screenshot(`5-second-tab-${mode}`, second);
						await look(second, "approvals-second-tab-done");
					},
					options,
				);
			});
		});
	},
);
