/**
 * The open note shows the pending redline (issue 29), in the sandbox's CodeMirror 6 note editor, in
 * Chromium, through the real flow: the agent declares an edit, the apply model drafts it at once,
 * and the note's editor strikes each change's old lines and shows its new text with Accept /
 * Reject, while nothing is written. Decided with the mouse and with the keyboard alone (Tab to a
 * control and Enter, Mod+Enter at the cursor, Mod+Shift+Enter, Esc), the last choice sends the
 * review (v1.thread.reviewEdit): the note on disk then holds exactly the accepted changes, and the
 * lines the write changed stay marked until the user edits them or dismisses the mark. axe finds
 * nothing serious in light and dark. One browser, one sandbox, one page.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import { focusedDescription, tabTo } from "./support/keyboard";
import { eventually, noteEditor, noteText, openNote, sendMessage, visible } from "./support/page-actions";
import { checkPane } from "./support/pane-check";
import { startE2E, type E2E } from "./support/sandbox-harness";
import { applyWith, mainAndApply } from "./support/scripts";

const NOTE = "Inline review.md";
const TEXT = [
	"# Garden",
	"",
	"The shed needs a new roof before winter.",
	"",
	"Buy paint for the fence.",
	"",
	"Water the tomatoes daily.",
	"",
].join("\n");
/** The first draft: three changes, one per paragraph. */
const FIRST = (note: string) =>
	note
		.replace("before winter", "before the first frost")
		.replace("Buy paint", "Buy green paint")
		.replace("daily", "every morning");
/** What the first review writes: c1 and c3 accepted, c2 rejected. */
const WRITTEN = FIRST(TEXT).replace("Buy green paint", "Buy paint");
/** The second draft, decided with the keys alone. */
const SECOND = (note: string) =>
	note.replace("first frost", "first snow").replace("Buy paint", "Buy white paint").replace("every morning", "at dawn");

const intent = (id: string) =>
	reply.toolCalls([
		{ name: "declareEditIntent", id, args: { path: NOTE, operation: "modify", description: "Reword the garden note" } },
	]);

/** Whether the editor's cursor (its main selection head) is on the line that starts with `text`. */
const cursorLineStartsWith = (page: Page, text: string) =>
	noteEditor(page).evaluate((content, start) => {
		const selection = (
			content.getRootNode() as ShadowRoot & { getSelection?: () => Selection | null }
		).getSelection?.();
		const node = selection?.focusNode;
		const line = (node instanceof Element ? node : node?.parentElement)?.closest(".cm-line");
		return line?.textContent?.startsWith(start) ?? false;
	}, text);

describe.skipIf(!chromiumPath)("the inline redline in the sandbox's note editor", { timeout: 120_000 }, () => {
	let browser: Browser;
	let e2e: E2E;
	let page: Page;
	const change = (n: number, of = 3) => noteEditor(page).getByRole("group", { name: `Proposed change ${n} of ${of}` });
	const button = (n: number, name: "Accept" | "Reject") => change(n).getByRole("button", { name, exact: true });
	const marked = () => noteEditor(page).locator(".redline-ed-written");

	beforeAll(async () => {
		browser = await launchChromium();
		e2e = await startE2E(
			mainAndApply(
				[intent("first"), reply.text("Done."), intent("second"), reply.text("Done again.")],
				[applyWith(FIRST), applyWith(SECOND)],
			),
			browser,
			{ notes: { [NOTE]: TEXT }, settings: { editReview: "changes" } },
		);
		page = e2e.page;
		await openNote(page, "Inline review");
		await eventually(async () => expect(await noteText(page)).toBe(TEXT));
		await sendMessage(page, "Reword the garden note");
	}, 90_000);
	afterAll(async () => {
		await e2e?.screenshot("inline-review").catch(() => undefined);
		await e2e?.close();
		await browser?.close();
	});

	it("strikes each change's old lines and shows its new text, the changed words marked, and writes nothing", async () => {
		await visible(change(3));
		expect(await noteEditor(page).locator("del").allTextContents()).toEqual([
			"The shed needs a new roof before winter.",
			"Buy paint for the fence.",
			"Water the tomatoes daily.",
		]);
		expect(await noteEditor(page).locator("del").first().getAttribute("title")).toBe("Proposed removal");
		expect(await change(1).locator("ins").textContent()).toBe("The shed needs a new roof before the first frost.");
		expect(await change(1).locator("ins .redline-ed-word").allTextContents()).toEqual(["the first frost"]);
		expect(await noteText(page)).toBe(TEXT);
		expect(await e2e.readNote(NOTE)).toBe(TEXT);
		await e2e.screenshot("inline-review-shown");
	});

	it("has no serious or critical axe violations, light and dark", async () => {
		await checkPane(page, "inline-review-shown", { subject: "page" });
	});

	it("leaves with Esc: from a control back to the text, from the text to the pane", async () => {
		await tabTo(page, button(1, "Accept"));
		await page.keyboard.press("Escape");
		expect(await cursorLineStartsWith(page, "The shed needs")).toBe(true);
		expect(await focusedDescription(page)).toContain("Note text");
		await page.keyboard.press("Escape");
		await eventually(async () => expect(await focusedDescription(page)).toContain("Message Redline"));
	});

	it("accepts a change with the mouse, and shows it as accepted; nothing is written while one is undecided", async () => {
		await button(1, "Accept").click();
		await eventually(async () => expect(await button(1, "Accept").getAttribute("aria-pressed")).toBe("true"));
		expect(await change(1).getAttribute("class")).toContain("accepted");
		expect(await button(1, "Reject").getAttribute("aria-pressed")).toBe("false");
		expect(await e2e.readNote(NOTE)).toBe(TEXT);
	});

	it("rejects a change with the keyboard alone: Tab to Reject, Enter, and the focus stays on it", async () => {
		const reject = button(2, "Reject");
		await tabTo(page, reject);
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await reject.getAttribute("aria-pressed")).toBe("true"));
		// A rejected change keeps its old text, no longer struck.
		expect(await noteEditor(page).locator("del").allTextContents()).not.toContain("Buy paint for the fence.");
		expect(
			await reject.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
			`focus on ${await focusedDescription(page)}`,
		).toBe(true);
	});

	it("accepts the change at the cursor with Mod+Enter, the last choice, which writes exactly the accepted changes", async () => {
		// Esc on the control: back to the text at change 2; the next paragraph is change 3.
		await page.keyboard.press("Escape");
		await page.keyboard.press("ArrowDown");
		await page.keyboard.press("ArrowDown");
		await eventually(async () => expect(await cursorLineStartsWith(page, "Water the tomatoes")).toBe(true));
		await page.keyboard.press("ControlOrMeta+Enter");
		await eventually(async () => expect(await e2e.readNote(NOTE)).toBe(WRITTEN));
		await eventually(async () => expect(await noteText(page)).toBe(WRITTEN));
		expect(await noteEditor(page).getByRole("group").count()).toBe(0);
	});

	it("marks the lines the write changed until the user edits them or dismisses the mark", async () => {
		await eventually(async () =>
			expect(await marked().allTextContents()).toEqual([
				"The shed needs a new roof before the first frost.Dismiss",
				"Water the tomatoes every morning.Dismiss",
			]),
		);
		expect(await marked().first().getAttribute("title")).toBe("Changed by Redline");
		await checkPane(page, "inline-review-written", { subject: "page" });
		// Typing in one group unmarks it alone.
		await marked()
			.last()
			.click({ position: { x: 4, y: 4 } });
		await page.keyboard.press("End");
		await page.keyboard.type("!");
		await eventually(async () => expect(await marked().count()).toBe(1));
		await eventually(async () => expect(await e2e.readNote(NOTE)).toBe(WRITTEN.replace("morning.", "morning.!")));
		// Dismiss, reached with Tab, unmarks the rest.
		await tabTo(page, noteEditor(page).getByRole("button", { name: "Dismiss the mark on the lines Redline changed" }));
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await marked().count()).toBe(0));
	});

	it("takes a second draft with the keys alone: Mod+Enter accepts and walks on, Mod+Shift+Enter rejects", async () => {
		const before = await e2e.readNote(NOTE);
		await sendMessage(page, "Reword it again");
		await visible(change(3));
		// The cursor into the first change: Mod+Home, then two lines down.
		await tabTo(page, noteEditor(page), { backward: true });
		await page.keyboard.press("ControlOrMeta+Home");
		await page.keyboard.press("ArrowDown");
		await page.keyboard.press("ArrowDown");
		await eventually(async () => expect(await cursorLineStartsWith(page, "The shed needs")).toBe(true));
		const mod = "ControlOrMeta";
		await page.keyboard.press(`${mod}+Enter`);
		await eventually(async () => expect(await button(1, "Accept").getAttribute("aria-pressed")).toBe("true"));
		// The cursor walked on to change 2.
		await eventually(async () => expect(await cursorLineStartsWith(page, "Buy paint")).toBe(true));
		await page.keyboard.press(`${mod}+Shift+Enter`);
		await eventually(async () => expect(await button(2, "Reject").getAttribute("aria-pressed")).toBe("true"));
		await eventually(async () => expect(await cursorLineStartsWith(page, "Water the tomatoes")).toBe(true));
		expect(await e2e.readNote(NOTE)).toBe(before);
		await page.keyboard.press(`${mod}+Enter`);
		await eventually(async () =>
			expect(await e2e.readNote(NOTE)).toBe(
				before.replace("first frost", "first snow").replace("every morning", "at dawn"),
			),
		);
	});
});
