/**
 * One pane that shows every kind of content the pane draws, for the looks tests (axe, overflow):
 * an error in the stream, messages (a reply with a long word, a wide code block and a note link),
 * an applied edit card with its diff, an edit card waiting for Run, a question card, a pinned
 * chip and the chat's Permissions panel open. Built with the real sandbox and scripted models.
 */
import type { Page } from "playwright-core";
import { reply } from "../../../src/sandbox/model-server";
import { editCard, pane, sendMessage, visible } from "./page-actions";
import { applyWith, mainAndApply } from "./scripts";

export const DAILY = "Daily/2026-11-28.md";
export const SHED = "Projects/Garden shed.md";
/** A word longer than any pane is wide (a URL, a hash, a German compound). */
export const LONG_WORD = "Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherungsanstalt".repeat(2);
/** A code line wider than any pane. */
export const WIDE_CODE = `const ${"veryLongIdentifier".repeat(6)} = await fetchEverything({ includeArchived: true, includeDrafts: true });`;
export const FINAL_REPLY = `Removed the headings from [[${DAILY.replace(/\.md$/, "")}]]. The word ${LONG_WORD} is there too.\n\n\`\`\`ts\n${WIDE_CODE}\n\`\`\`\n\nAnything else?`;

export function showcaseScript() {
	return mainAndApply(
		[
			// A refusal the runner does not retry: an error in the stream.
			reply.httpError(400, { message: "The model could not read this request" }),
			reply.toolCalls(
				[{ name: "declareEditIntent", args: { path: DAILY, operation: "modify", description: "remove all headings" } }],
				"I'll remove the headings.",
			),
			reply.text(FINAL_REPLY),
			reply.toolCalls([
				{
					name: "declareEditIntent",
					args: { path: SHED, operation: "modify", description: "add a reviewed line at the end" },
				},
				{
					name: "askUser",
					args: {
						questions: [
							{
								question: "Which notes should go on the reading list?",
								header: "Notes",
								multiSelect: true,
								options: ["On slow reading", "Book club"],
							},
						],
					},
				},
			]),
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
}

/** Drives the page to the showcase state (about three model turns). */
export async function buildShowcase(page: Page): Promise<void> {
	await sendMessage(page, `Hello, is ${LONG_WORD} a word?`);
	await visible(pane(page).getByRole("alert").filter({ hasText: "could not read" }));
	await sendMessage(page, "Remove all headings from the daily note");
	await editCard(page, DAILY).getByRole("button", { name: /^Run:/ }).click();
	await visible(pane(page).getByText("Anything else?"));
	await sendMessage(page, "Review the garden shed note and ask me about the reading list");
	await visible(editCard(page, SHED).getByRole("button", { name: /^Run:/ }));
	await visible(pane(page).getByRole("group", { name: /question/ }));
	await pane(page)
		.getByRole("button", { name: /^Pin active note/ })
		.click();
	await visible(pane(page).getByRole("list", { name: "Pinned notes" }));
	await pane(page).getByRole("button", { name: "Permissions", exact: true }).click();
	await visible(pane(page).getByRole("group", { name: "Permissions in this chat" }));
}

/** Sets the pane's width, as a user drags Obsidian's sidebar edge. */
export async function setPaneWidth(page: Page, width: number | null): Promise<void> {
	await page.evaluate((w) => {
		if (w === null) document.documentElement.style.removeProperty("--sandbox-pane-width");
		else document.documentElement.style.setProperty("--sandbox-pane-width", `${w}px`);
	}, width);
}
