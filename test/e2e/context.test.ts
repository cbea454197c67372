/**
 * What fills the context (issue 33) in Chromium, on the real sandbox: in a new chat, before
 * anything is sent, the context meter beside the composer already shows what the next request
 * will hold (system prompt and tools) against the window, "Next request ≈ used / window". Typing
 * "/" picks a folder, whose chip shows how many notes it adds and their tokens before sending, three
 * by name, and "+N more" lists them all; the meter moves by the chip's notes before sending. Tab
 * reaches the meter and its breakdown opens on focus, naming every part and the room before
 * compaction. The message sends the notes (the request the scripted model received holds them).
 * Typing "#" lists the vault's tags (frontmatter and inline, a nested one under its parent, the
 * most used first, then those that start with what was typed), and one chosen with the arrow keys
 * adds a tag chip whose preview lists the notes that carry it; "[[" pins a note. axe-core finds
 * nothing serious or critical with the chip expanded, with the breakdown open, with the tag picker
 * open and with the tag chip, in Obsidian's light and dark themes.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import { tabTo } from "./support/keyboard";
import { eventually, pane, visible } from "./support/page-actions";
import { checkPane } from "./support/pane-check";
import { startE2E, type E2E } from "./support/sandbox-harness";
import { mainAndApply, mainRequests } from "./support/scripts";

const NOTES: Record<string, string> = {};
for (let n = 1; n <= 12; n++)
	NOTES[`Archive/Filed ${String(n).padStart(2, "0")}.md`] =
		`# Filed ${n}\nFiled on day ${n}. ${"Details. ".repeat(30)}`;
// Tags in frontmatter and inline, one nested: the `#` picker's.
NOTES["Projects/Alpha.md"] = "---\ntags: [project/alpha]\n---\n# Alpha\nThe alpha plan.";
NOTES["Projects/Beta.md"] = "# Beta\nWork on #project/beta and #todo.";
NOTES["Journal/Monday.md"] = "# Monday\nA word on #project/alpha.";
NOTES["Inbox/Call.md"] = "# Call\n#todo call the plumber.";

describe.skipIf(!chromiumPath)("the context meter and chips", { timeout: 120_000 }, () => {
	let browser: Browser;
	let e2e: E2E;
	let page: Page;

	beforeAll(async () => {
		browser = await launchChromium();
		e2e = await startE2E(mainAndApply([reply.text("I read the archive.")], [reply.text("Archive")]), browser, {
			notes: NOTES,
			contextTokens: 32_768,
		});
		page = e2e.page;
		await visible(pane(page).getByRole("textbox", { name: "Message Redline" }));
	}, 60_000);
	afterAll(async () => {
		await e2e?.screenshot("context-meter").catch(() => undefined);
		await e2e?.close();
		await browser?.close();
	});

	const meter = () => pane(page).locator(".redline-context-meter-button");
	const NEXT = /^Next request ≈ ([\d.]+)(k?) \/ 33k \(\d+%\)$/u;
	/** The tokens the meter shows (to its rounding). */
	const shownTokens = async (): Promise<number> => {
		const [, amount, k] = NEXT.exec((await meter().textContent()) ?? "") ?? [];
		if (amount === undefined) throw new Error(`the meter says ${await meter().textContent()}`);
		return Number(amount) * (k ? 1000 : 1);
	};

	it("a new chat's meter shows the next request before anything is sent; a folder picked with / shows its notes and their tokens, and moves the meter", async () => {
		await visible(meter());
		await eventually(async () => expect(await meter().textContent()).toMatch(NEXT));
		const before = await shownTokens();
		expect(before).toBeGreaterThan(100);
		// A textbox, and a combobox while its picker is open: found by its element.
		const box = pane(page).locator("textarea.redline-input");
		await box.click();
		await box.pressSequentially("Summarise /Arch");
		const option = pane(page).getByRole("option", { name: "Archive/" });
		await visible(option);
		await box.press("Enter");
		const chip = pane(page).locator(".redline-set-chip");
		await visible(chip);
		await eventually(async () =>
			expect(await chip.locator(".redline-set-chip-count").textContent()).toMatch(/^12 notes · [\d.]+k? tokens$/u),
		);
		expect(await box.inputValue()).toBe("Summarise ");
		const listed = chip.getByRole("list", { name: "Notes folder Archive/ adds" }).getByRole("listitem");
		expect(await listed.allTextContents()).toEqual([
			expect.stringMatching(/^Archive\/Filed 01\.md · \d+ tokens$/u),
			expect.stringMatching(/^Archive\/Filed 02\.md · \d+ tokens$/u),
			expect.stringMatching(/^Archive\/Filed 03\.md · \d+ tokens$/u),
		]);
		const more = chip.locator(".redline-set-chip-more");
		expect(await more.textContent()).toBe("+9 more");
		await tabTo(page, more);
		await page.keyboard.press("Enter");
		await eventually(async () => expect(await listed.count()).toBe(12));
		expect(await more.getAttribute("aria-expanded")).toBe("true");
		expect(await more.textContent()).toBe("Show fewer");
		await checkPane(page, "context-chip");
		// The chip's twelve notes are in the next request's estimate before anything is sent.
		await eventually(async () => expect(await shownTokens()).toBeGreaterThan(before + 500));
	});

	it("the meter's breakdown opens with Tab and names every part, the chip's notes among the pinned", async () => {
		const box = pane(page).locator("textarea.redline-input");
		await box.fill("Summarise the archive");
		// The pointer away from the meter (the chip's list moved the composer under it): hovering opens it too.
		await page.mouse.move(0, 0);
		await eventually(async () => expect(await meter().textContent()).toMatch(NEXT));
		await eventually(async () => expect(await meter().getAttribute("aria-expanded")).toBe("false"));
		await tabTo(page, meter());
		const breakdown = pane(page).locator(".redline-context-breakdown");
		await visible(breakdown);
		expect(await meter().getAttribute("aria-expanded")).toBe("true");
		expect(await breakdown.locator(".redline-context-breakdown-title").textContent()).toMatch(
			/^What the next request/u,
		);
		const rows = await breakdown.locator("dt").allTextContents();
		expect(rows).toEqual([
			"System prompt",
			"Tools",
			"Standing instructions",
			"Pinned notes and chips",
			"Conversation",
			"Tool results",
			"Total",
			"Room before compaction",
		]);
		const pinned = await breakdown
			.locator(".redline-context-row", { hasText: "Pinned notes and chips" })
			.locator("dd")
			.textContent();
		expect(Number((pinned ?? "0").replace(/,/gu, ""))).toBeGreaterThan(500);
		// Pressed, it stays open while axe looks (the check moves nothing, but a press does not depend on focus).
		await page.keyboard.press("Enter");
		await checkPane(page, "context-meter");
		await page.keyboard.press("Escape");
		await eventually(async () => expect(await breakdown.isHidden()).toBe(true));
	});

	it("the message sends the chip's notes, and the meter goes on to the next request", async () => {
		const box = pane(page).locator("textarea.redline-input");
		await box.fill("Summarise the archive");
		await box.press("Enter");
		await visible(pane(page).getByText("I read the archive."));
		const sent = JSON.stringify(mainRequests(e2e.sandbox.modelServer?.requests ?? []).at(-1)?.body.messages ?? []);
		for (let n = 1; n <= 12; n++) expect(sent).toContain(`Archive/Filed ${String(n).padStart(2, "0")}.md`);
		// After the reply the meter is about the request after it.
		await eventually(async () => expect(await meter().textContent()).toMatch(NEXT));
	});

	it("# lists the vault's tags, one chosen with the keyboard adds a tag chip whose preview lists its notes, and [[ pins a note", async () => {
		const box = pane(page).locator("textarea.redline-input");
		await box.click();
		await box.pressSequentially("Compare #");
		const picker = pane(page).getByRole("listbox", { name: "Tags to add" });
		await visible(picker);
		const offered = picker.getByRole("option");
		// The sandbox's own sample notes bring tags of their own, each on one note.
		await eventually(async () => {
			const tags = await offered.allTextContents();
			expect(tags.slice(0, 3)).toEqual(["#project", "#project/alpha", "#todo"]);
			expect(tags).toContain("#project/beta");
		});
		await checkPane(page, "tag-picker");
		await box.pressSequentially("pro");
		await eventually(async () =>
			expect(await offered.allTextContents()).toEqual(["#project", "#project/alpha", "#project/beta", "#pro"]),
		);
		await box.press("ArrowDown");
		const alpha = picker.getByRole("option", { name: "#project/alpha" });
		expect(await alpha.getAttribute("aria-selected")).toBe("true");
		expect(await box.getAttribute("aria-activedescendant")).toBe(await alpha.getAttribute("id"));
		await box.press("Enter");
		expect(await box.inputValue()).toBe("Compare #project/alpha ");
		const chip = pane(page).locator(".redline-set-chip", { hasText: "#project/alpha" });
		await visible(chip);
		await eventually(async () =>
			expect(await chip.locator(".redline-set-chip-count").textContent()).toMatch(/^2 notes · \d+ tokens$/u),
		);
		const listed = chip.getByRole("list", { name: "Notes tag #project/alpha adds" }).getByRole("listitem");
		expect(await listed.allTextContents()).toEqual([
			expect.stringMatching(/^Journal\/Monday\.md · \d+ tokens$/u),
			expect.stringMatching(/^Projects\/Alpha\.md · \d+ tokens$/u),
		]);
		expect(await chip.textContent()).toContain("for this message");
		await checkPane(page, "tag-chip");

		// And [[ picks a note beside it: the link in the text, the note pinned for this message.
		await box.pressSequentially("with [[Mond");
		const notes = pane(page).getByRole("listbox", { name: "Notes to pin" });
		await eventually(async () =>
			expect(await notes.getByRole("option").allTextContents()).toEqual(["Journal/Monday.md"]),
		);
		await box.press("Enter");
		expect(await box.inputValue()).toBe("Compare #project/alpha with [[Journal/Monday]]");
		const pin = pane(page).locator(".redline-pins li.redline-pin:not(.redline-set-chip)", {
			hasText: "Journal/Monday.md",
		});
		await visible(pin);
		expect(await pin.textContent()).toContain("for this message");
	});
});
