/**
 * What a person does on the sandbox page, in Playwright locators (roles and labels, as a screen
 * reader sees the page). Generous timeouts: the machine is shared and slow, never a wall clock.
 */
import type { Locator, Page } from "playwright-core";
import { vi } from "vitest";

export const UI_TIMEOUT = 15_000;

/** Types a message into the pane's composer and sends it with Enter. */
export async function sendMessage(page: Page, text: string): Promise<void> {
	const input = page.getByRole("textbox", { name: "Message Redline" });
	await input.fill(text);
	await input.press("Enter");
	await page.getByText(text, { exact: true }).first().waitFor({ timeout: UI_TIMEOUT });
}

/** Opens a note from the file list (its name without folder and extension). */
export async function openNote(page: Page, name: string): Promise<void> {
	await page
		.getByRole("navigation", { name: "Notes" })
		.getByRole("button", { name, exact: true })
		.click({ timeout: UI_TIMEOUT });
	await page
		.getByRole("region", { name: new RegExp(`^Note .*${escape(name)}\\.md$`) })
		.waitFor({ timeout: UI_TIMEOUT });
}

/** The pane (right side), so locators do not catch the note editor's text. */
export function pane(page: Page): Locator {
	return page.getByRole("complementary", { name: "Redline" });
}

/** The edit card of a note (its intent, approval, progress and result). */
export function editCard(page: Page, path: string): Locator {
	return pane(page).getByRole("group", { name: `Edit ${path}`, exact: true });
}

/**
 * Waits until one element the locator matches is visible. (Not only the first: the note editor's
 * text is in a shadow root, which comes after the pane's hidden copies of it in Playwright's order.)
 */
export async function visible(locator: Locator): Promise<void> {
	await locator.filter({ visible: true }).first().waitFor({ state: "visible", timeout: UI_TIMEOUT });
}

export async function gone(locator: Locator): Promise<void> {
	await locator.first().waitFor({ state: "detached", timeout: UI_TIMEOUT });
}

/** Retries `check` (which throws until its condition holds) for up to UI_TIMEOUT. */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
	return vi.waitFor(check, { timeout: UI_TIMEOUT, interval: 50 });
}

function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The open note's editor (CodeMirror's content element: a textbox named "Note text"). */
export function noteEditor(page: Page): Locator {
	return page.getByRole("textbox", { name: "Note text" });
}

/**
 * The open note's text as the editor shows it: its lines, without Redline's widgets (a change's
 * new text, its buttons). CodeMirror draws the lines in view and a margin: enough for the notes
 * the tests open.
 */
export function noteText(page: Page): Promise<string> {
	return noteEditor(page).evaluate((content) =>
		[...content.querySelectorAll(".cm-line")]
			.map((line) => {
				const copy = line.cloneNode(true) as Element;
				for (const widget of copy.querySelectorAll("[contenteditable=false]")) widget.remove();
				return copy.textContent ?? "";
			})
			.join("\n"),
	);
}
