/**
 * "Edit selection with Redline" in the sandbox (issue 34), in Chromium, keyboard only, through the
 * real flow (the page's RPC client, the thread service, the agent, the scripted models): the user
 * selects a paragraph in the note editor, Mod+K opens the prompt there with the focus in it, `[[`
 * in the prompt lists notes (the arrow keys move, Enter picks, Esc closes the list alone) and the
 * note picked goes with the request, which shows its intent in the prompt, then the redline; the apply model rewrote the whole note,
 * so the draft is cut to the paragraph and says so; Enter writes the paragraph's change alone, and
 * Revert restores the note. axe finds nothing serious with the prompt and the redline shown, nor
 * with the picker open.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import { focusedDescription, tabTo } from "./support/keyboard";
import { eventually, noteEditor, noteText, openNote, visible } from "./support/page-actions";
import { checkPane } from "./support/pane-check";
import { startE2E, type E2E } from "./support/sandbox-harness";
import { applyWith, gate, mainAndApply, mainRequests } from "./support/scripts";

const NOTE = "Edit in place.md";
const TEXT = [
	"# Garden",
	"",
	"The shed needs a new roof.",
	"",
	"Buy paint for the fence.",
	"",
	"Water the tomatoes.",
	"",
].join("\n");
/** The apply model rewrites more than the selected paragraph: only the paragraph's change may land. */
const REWRITE = (note: string) => note.replace("Buy paint", "Buy green paint").replace("Water", "WATER");
const WRITTEN = TEXT.replace("Buy paint", "Buy green paint");

describe.skipIf(!chromiumPath)("edit in place in the sandbox's note editor", { timeout: 120_000 }, () => {
	let browser: Browser;
	let e2e: E2E;
	let page: Page;
	const hold = gate();
	const prompt = () => noteEditor(page).getByRole("group", { name: "Edit with Redline" });
	const status = () => prompt().getByRole("status");

	beforeAll(async () => {
		browser = await launchChromium();
		e2e = await startE2E(
			mainAndApply(
				[
					reply.toolCalls([
						{
							name: "declareEditIntent",
							id: "intent",
							args: { path: NOTE, operation: "modify", description: "Make the paint green" },
						},
					]),
					reply.text("The paint is green now."),
				],
				[applyWith(REWRITE, hold.promise)],
			),
			browser,
			{
				notes: { [NOTE]: TEXT, "Colours/Green.md": "# Green\n", "Colours/Red.md": "# Red\n" },
				settings: { editReview: "changes" },
			},
		);
		page = e2e.page;
		await openNote(page, "Edit in place");
		await eventually(async () => expect(await noteText(page)).toBe(TEXT));
	}, 90_000);
	afterAll(async () => {
		await e2e?.screenshot("edit-in-place").catch(() => undefined);
		await e2e?.close();
		await browser?.close();
	});

	it("Mod+K on a selected paragraph opens the prompt there, the focus in it", async () => {
		await tabTo(page, noteEditor(page));
		await page.keyboard.press("ControlOrMeta+Home");
		for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowDown");
		await page.keyboard.press("Home");
		await page.keyboard.press("Shift+End");
		await page.keyboard.press("ControlOrMeta+k");
		await visible(prompt());
		await eventually(async () => expect(await focusedDescription(page)).toContain("What to change"));
		expect(await noteEditor(page).locator(".redline-ed-passage").textContent()).toBe("Buy paint for the fence.");
	});

	it("[[ in the prompt lists the notes; the keyboard picks one; Esc closes the list alone; axe finds nothing serious", async () => {
		const input = prompt().locator("input.redline-prompt-input");
		await page.keyboard.type("make the paint green as in [[Colours");
		const list = prompt().getByRole("listbox", { name: "Notes to pin" });
		await visible(list);
		expect(await list.getByRole("option").allTextContents()).toEqual(["Colours/Green.md", "Colours/Red.md"]);
		// The input is a combobox while its list is open, and names the active option.
		const combobox = prompt().getByRole("combobox", { name: "What to change" });
		expect(await combobox.getAttribute("aria-expanded")).toBe("true");
		await page.keyboard.press("ArrowDown");
		const red = list.getByRole("option", { name: "Colours/Red.md" });
		expect(await red.getAttribute("aria-selected")).toBe("true");
		expect(await combobox.getAttribute("aria-activedescendant")).toBe(await red.getAttribute("id"));
		await checkPane(page, "edit-in-place-picker", { subject: "page" });
		await page.keyboard.press("ArrowUp");
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await input.inputValue()).toBe("make the paint green as in [[Colours/Green]]"));
		expect(await list.count()).toBe(0);
		// Esc with the list open closes the list, not the prompt.
		await page.keyboard.type(" and [[");
		await visible(list);
		await page.keyboard.press("Escape");
		await eventually(async () => expect(await list.count()).toBe(0));
		expect(await prompt().count()).toBe(1);
		expect(await focusedDescription(page)).toContain("What to change");
		for (let i = 0; i < " and [[".length; i++) await page.keyboard.press("Backspace");
		expect(await input.inputValue()).toBe("make the paint green as in [[Colours/Green]]");
	});

	it("shows the intent in the prompt, then the redline, cut to the selection; the picked note went with the request", async () => {
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await status().textContent()).toContain("Planning to make the paint green"));
		hold.open();
		const change = noteEditor(page).getByRole("group", { name: "Proposed change 1 of 1" });
		await visible(change);
		expect(await change.locator("ins").textContent()).toBe("Buy green paint for the fence.");
		expect(await status().textContent()).toContain("Cut to the selection: 1 change outside it left out.");
		expect(await e2e.readNote(NOTE)).toBe(TEXT);
		const asked = mainRequests(e2e.sandbox.modelServer?.requests ?? [])[0]?.body.messages.at(-1)?.content;
		expect(asked).toContain("make the paint green as in [[Colours/Green]]");
		expect(asked).toContain('[Pinned notes: "Colours/Green.md"]');
		await e2e.screenshot("edit-in-place-redline");
	});

	it("has no serious or critical axe violations with the prompt and the redline shown, light and dark", async () => {
		await checkPane(page, "edit-in-place-redline", { subject: "page" });
	});

	it("Enter writes the selection's change alone; Revert restores the note", async () => {
		await tabTo(page, prompt().getByRole("textbox"));
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await e2e.readNote(NOTE)).toBe(WRITTEN));
		await eventually(async () => expect(await status().textContent()).toContain("Written"));
		await eventually(async () => expect(await noteText(page)).toBe(WRITTEN));
		// Esc closes the prompt and gives the focus back to the text.
		await tabTo(page, prompt().getByRole("textbox"));
		await page.keyboard.press("Escape");
		await eventually(async () => expect(await prompt().count()).toBe(0));
		expect(await focusedDescription(page)).toContain("Note text");
		const reverted = await e2e.sandbox.redline.service.revertHistory({ path: NOTE });
		expect(reverted.ok).toBe(true);
		expect(await e2e.readNote(NOTE)).toBe(TEXT);
		await eventually(async () => expect(await noteText(page)).toBe(TEXT));
	});
});
