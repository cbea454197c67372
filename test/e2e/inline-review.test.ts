/**
 * The inline redline in the sandbox's CodeMirror editor (issue 29), in Chromium: a review set on
 * the open note (through the page's test hook, as the page host will when the pane shows a draft)
 * strikes each change's old lines and shows its new text with Accept / Reject. The mouse and the
 * keyboard alone (Tab to a control and Enter, Mod+Enter at the cursor, Esc) reach the host's
 * callbacks, a decided change shows its decision, the note is not touched, and axe finds nothing
 * serious in light and dark. After a write, the lines it changed stay marked until the user
 * edits them or dismisses the mark. One browser, one sandbox, one page.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InlineReview, LineRange, ProposedChange } from "../../src/editor";
import { describeViolations, runAxe } from "./support/axe";
import { chromiumPath, launchChromium } from "./support/browser";
import { focusedDescription, tabTo } from "./support/keyboard";
import { eventually, noteEditor, noteText, openNote, visible } from "./support/page-actions";
import { startE2E, type E2E } from "./support/sandbox-harness";
import { mainAndApply } from "./support/scripts";

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
const CHANGES: ProposedChange[] = [
	{
		changeId: "c1",
		before: "The shed needs a new roof before winter.\n",
		after: "The shed needs a new roof before the first frost.\n",
		startLine: 3,
	},
	{ changeId: "c2", before: "Buy paint for the fence.\n", after: "", startLine: 5 },
	{ changeId: "c3", before: "Water the tomatoes daily.\n", after: "Water the tomatoes every morning.\n", startLine: 7 },
];

interface Hook {
	redlineSandbox: {
		editor: {
			setReview(path: string, review: InlineReview | null): void;
			setWrittenLines(path: string, ranges: readonly LineRange[] | null): void;
		};
	};
	inlineCalls: string[];
}

/** Sets the review on the page's editor; each decision is recorded and sent back as the host would. */
function setReview(page: Page): Promise<void> {
	return page.evaluate(
		({ path, changes }) => {
			const w = window as unknown as Hook;
			w.inlineCalls = [];
			const show = (decisions: Record<string, "accepted" | "rejected">): void =>
				w.redlineSandbox.editor.setReview(path, {
					editId: "e1",
					changes,
					decisions,
					onDecide(changeId, decision) {
						w.inlineCalls.push(`${changeId} ${decision}`);
						show({ ...decisions, [changeId]: decision });
					},
					onLeave() {
						w.inlineCalls.push("leave");
					},
				});
			show({});
		},
		{ path: NOTE, changes: CHANGES },
	);
}

const calls = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as Hook).inlineCalls);

describe.skipIf(!chromiumPath)("the inline redline in the sandbox's note editor", { timeout: 90_000 }, () => {
	let browser: Browser;
	let e2e: E2E;
	let page: Page;
	const change = (n: number) => noteEditor(page).getByRole("group", { name: `Proposed change ${n} of 3` });

	beforeAll(async () => {
		browser = await launchChromium();
		e2e = await startE2E(mainAndApply([]), browser, { notes: { [NOTE]: TEXT } });
		page = e2e.page;
		await openNote(page, "Inline review");
		await eventually(async () => expect(await noteText(page)).toBe(TEXT));
		await setReview(page);
	}, 60_000);
	afterAll(async () => {
		await e2e?.screenshot("inline-review").catch(() => undefined);
		await e2e?.close();
		await browser?.close();
	});

	it("strikes each change's old lines and shows its new text, the changed words marked", async () => {
		await visible(change(3));
		const struck = await noteEditor(page).locator("del").allTextContents();
		expect(struck.join("|")).toBe(
			["The shed needs a new roof before winter.", "Buy paint for the fence.", "Water the tomatoes daily."].join("|"),
		);
		expect(await noteEditor(page).locator("del").first().getAttribute("title")).toBe("Proposed removal");
		expect(await change(1).locator("ins").textContent()).toBe("The shed needs a new roof before the first frost.");
		expect(await change(1).locator("ins .redline-ed-word").allTextContents()).toEqual(["the first frost"]);
		expect(await change(2).locator("ins").textContent()).toBe("");
		// The text itself is untouched: the redline is decoration.
		expect(await noteText(page)).toBe(TEXT);
		await e2e.screenshot("inline-review-shown");
	});

	it("accepts a change with the mouse, and shows it as accepted", async () => {
		await change(1).getByRole("button", { name: "Accept" }).click();
		await eventually(async () => expect(await calls(page)).toEqual(["c1 accepted"]));
		await eventually(async () =>
			expect(await change(1).getByRole("button", { name: "Accept" }).getAttribute("aria-pressed")).toBe("true"),
		);
		expect(await change(1).getAttribute("class")).toContain("accepted");
		expect(await change(1).getByRole("button", { name: "Reject" }).getAttribute("aria-pressed")).toBe("false");
	});

	it("rejects a change with the keyboard alone: Tab to Reject, Enter, and the focus stays on it", async () => {
		await tabTo(page, noteEditor(page), { backward: true });
		const reject = change(2).getByRole("button", { name: "Reject" });
		await tabTo(page, reject);
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await calls(page)).toEqual(["c1 accepted", "c2 rejected"]));
		await eventually(async () => expect(await reject.getAttribute("aria-pressed")).toBe("true"));
		// A rejected change keeps its old text, no longer struck.
		expect(await noteEditor(page).locator("del").allTextContents()).not.toContain("Buy paint for the fence.");
		expect(
			await reject.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
			`focus on ${await focusedDescription(page)}`,
		).toBe(true);
	});

	it("leaves with Esc from a control and from the text", async () => {
		await page.keyboard.press("Escape");
		await eventually(async () => expect((await calls(page)).at(-1)).toBe("leave"));
		await tabTo(page, noteEditor(page), { backward: true });
		await page.keyboard.press("Escape");
		await eventually(async () => expect(await calls(page)).toEqual(["c1 accepted", "c2 rejected", "leave", "leave"]));
	});

	it("accepts the change at the cursor with Mod+Enter, after the user typed above it", async () => {
		await tabTo(page, noteEditor(page), { backward: true });
		await page.keyboard.press("ControlOrMeta+Home");
		await page.keyboard.press("End");
		await page.keyboard.type(" and orchard");
		// Line 7 of the base is now still line 7: move there and accept.
		for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowDown");
		await page.keyboard.press("ControlOrMeta+Enter");
		await eventually(async () => expect((await calls(page)).at(-1)).toBe("c3 accepted"));
		await eventually(async () =>
			expect(await change(3).getByRole("button", { name: "Accept" }).getAttribute("aria-pressed")).toBe("true"),
		);
		// Mod+Enter decided; it inserted no line. The typing is saved as usual.
		await eventually(async () =>
			expect(await e2e.readNote(NOTE)).toBe(TEXT.replace("# Garden", "# Garden and orchard")),
		);
	});

	describe.each(["light", "dark"] as const)("in Obsidian's default %s theme", (theme) => {
		it("has no serious or critical axe violations", async () => {
			const toggle = page.getByRole("button", { name: "Dark theme" });
			if ((await toggle.getAttribute("aria-pressed")) !== String(theme === "dark")) await toggle.click();
			await expect.poll(() => page.evaluate(() => document.body.className)).toContain(`theme-${theme}`);
			const { violations } = await runAxe(page);
			await e2e.screenshot(`inline-review-${theme}`);
			expect(describeViolations(violations.filter((v) => v.impact === "serious" || v.impact === "critical"))).toBe("");
		});
	});

	it("clears the review when the host does", async () => {
		await page.evaluate((path) => (window as unknown as Hook).redlineSandbox.editor.setReview(path, null), NOTE);
		await eventually(async () => expect(await noteEditor(page).locator("del, [role=group]").count()).toBe(0));
	});

	it("marks the lines a write changed until the user dismisses them, by keyboard or by typing in them", async () => {
		const marked = noteEditor(page).locator(".redline-ed-written");
		const mark = (ranges: LineRange[]) =>
			page.evaluate(
				({ path, ranges }) => (window as unknown as Hook).redlineSandbox.editor.setWrittenLines(path, ranges),
				{ path: NOTE, ranges },
			);
		await mark([
			{ from: 3, to: 3 },
			{ from: 7, to: 7 },
		]);
		await eventually(async () =>
			expect(await marked.allTextContents()).toEqual([
				"The shed needs a new roof before winter.Dismiss",
				"Water the tomatoes daily.Dismiss",
			]),
		);
		expect(await marked.first().getAttribute("title")).toBe("Changed by Redline");
		await e2e.screenshot("inline-review-written");
		// Typing in one group unmarks it alone.
		await marked.last().click({ position: { x: 4, y: 4 } });
		await page.keyboard.press("End");
		await page.keyboard.type("!");
		await eventually(async () => expect(await marked.count()).toBe(1));
		// Dismiss, reached with Tab, unmarks the rest.
		await tabTo(page, noteEditor(page).getByRole("button", { name: "Dismiss the mark on the lines Redline changed" }));
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await marked.count()).toBe(0));
		// And Esc in the text does it too.
		await mark([{ from: 1, to: 2 }]);
		await eventually(async () => expect(await marked.count()).toBe(2));
		await tabTo(page, noteEditor(page), { backward: true });
		await page.keyboard.press("Escape");
		await eventually(async () => expect(await marked.count()).toBe(0));
	});
});
