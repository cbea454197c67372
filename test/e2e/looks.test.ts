/**
 * How the pane looks, measured in Chromium on one pane that shows every kind of content
 * (support/showcase.ts): axe-core finds no contrast, role or landmark problem in Obsidian's default
 * light and dark themes at 300 and 1,000 px; a long word and a wide code block stay inside a
 * 291 px pane; at 280 px the header is one row and the pin chip's × is a 24 px target. One
 * browser, one sandbox, one page for the whole file: each check changes only the theme or width.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolations, runAxe } from "./support/axe";
import { chromiumPath, launchChromium } from "./support/browser";
import { process } from "../../src/node/process";
import { pane } from "./support/page-actions";
import { checkPane } from "./support/pane-check";
import { startE2E, type E2E } from "./support/sandbox-harness";
import { buildShowcase, setPaneWidth, showcaseScript } from "./support/showcase";

/** The texts issue 21 found below 4.5:1: axe must have measured each (and passed it). */
const CONTRAST_MEASURED = [
	".redline-status-success",
	".redline-change-added",
	".redline-change-removed",
	".redline-diff-fold",
	".redline-error-message",
	// A note link's text is in its parts (kept whole while they fit: PathText), which axe measures.
	".redline-note-link .redline-path-part",
	".redline-markdown a",
	".redline-link-button",
	".redline-cta",
	".redline-permission-description",
];

/** Rules that must report nothing; any other serious or critical finding is listed too. */
const MUST_PASS = new Set([
	"color-contrast",
	"aria-allowed-role",
	"landmark-unique",
	"landmark-one-main",
	"landmark-no-duplicate-main",
	"landmark-no-duplicate-banner",
	"landmark-no-duplicate-contentinfo",
	"landmark-complementary-is-top-level",
	"landmark-banner-is-top-level",
	"landmark-main-is-top-level",
	"landmark-contentinfo-is-top-level",
	"region",
]);

async function setTheme(page: Page, theme: "light" | "dark"): Promise<void> {
	const toggle = page.getByRole("button", { name: "Dark theme" });
	if ((await toggle.getAttribute("aria-pressed")) !== String(theme === "dark")) await toggle.click();
	await expect.poll(() => page.evaluate(() => document.body.className)).toContain(`theme-${theme}`);
}

describe.skipIf(!chromiumPath)("how the pane looks", { timeout: 120_000 }, () => {
	let browser: Browser;
	let e2e: E2E;
	let page: Page;
	beforeAll(async () => {
		browser = await launchChromium();
		e2e = await startE2E(showcaseScript(), browser);
		page = e2e.page;
		// Tall enough that the whole stream is on screen: axe judges only the colours it can see.
		await page.setViewportSize({ width: 1400, height: 3200 });
		await buildShowcase(page);
	}, 120_000);
	afterAll(async () => {
		await e2e?.screenshot("looks-showcase").catch(() => undefined);
		await e2e?.close();
		await browser?.close();
	});

	describe.each(["light", "dark"] as const)("in Obsidian's default %s theme", (theme) => {
		it.each([300, 1000])("has no contrast, role or landmark violations at %i px", async (width) => {
			await setTheme(page, theme);
			await setPaneWidth(page, width);
			const { violations, incomplete, contrastPassed } = await runAxe(page, CONTRAST_MEASURED);
			await e2e.screenshot(`looks-${theme}-${width}`);
			const serious = violations.filter(
				(v) => MUST_PASS.has(v.id) || v.impact === "serious" || v.impact === "critical",
			);
			expect(describeViolations(serious)).toBe("");
			expect(contrastPassed).toEqual(CONTRAST_MEASURED);
			if (process.env.AXE_DETAILS) process.stdout.write(describeViolations([...violations, ...incomplete]) + "\n");
			process.stdout.write(
				`[axe] ${theme} ${width} px: ${violations.length} violations (${violations.map((v) => v.id).join(", ") || "none"}), ${incomplete.length} incomplete (${incomplete.map((v) => v.id).join(", ") || "none"})\n`,
			);
		});
	});

	// For a reviewer: axe has run above, at 300 and 1,000 px (MUST_PASS, the contrast list).
	it("is photographed at 280, 320 and 400 px, light and dark", async () => {
		await checkPane(page, "looks-showcase", { axeWidths: [] });
	});

	it("keeps a long word and a wide code block inside a 291 px pane", async () => {
		await setTheme(page, "light");
		await setPaneWidth(page, 291);
		const sizes = await pane(page).evaluate((el) => {
			const body = el.querySelector(".redline-body") as HTMLElement;
			const pre = el.querySelector(".redline-message-assistant pre") as HTMLElement;
			return {
				paneWidth: el.clientWidth,
				paneScroll: el.scrollWidth,
				bodyWidth: body.clientWidth,
				bodyScroll: body.scrollWidth,
				preWidth: pre.clientWidth,
				preScroll: pre.scrollWidth,
				preOverflow: getComputedStyle(pre).overflowX,
			};
		});
		expect(sizes.paneWidth).toBeLessThanOrEqual(291);
		expect(sizes.paneScroll).toBeLessThanOrEqual(sizes.paneWidth);
		expect(sizes.bodyScroll).toBeLessThanOrEqual(sizes.bodyWidth);
		// The code block scrolls inside itself: it is wider than it shows.
		expect(sizes.preScroll).toBeGreaterThan(sizes.preWidth);
		expect(sizes.preOverflow).toBe("auto");
	});

	it("fits the header in one row at 280 px and gives the pin chip's × a 24 px target", async () => {
		await setPaneWidth(page, 280);
		const header = await pane(page)
			.locator(".redline-header")
			.evaluate((el) => {
				const tops = new Set(
					[...el.querySelectorAll(".redline-header-bar button")].map((c) => Math.round(c.getBoundingClientRect().top)),
				);
				return { rows: tops.size, width: el.scrollWidth, clientWidth: el.clientWidth };
			});
		expect(header.rows).toBe(1);
		expect(header.width).toBeLessThanOrEqual(header.clientWidth);
		const remove = await pane(page)
			.getByRole("button", { name: /^Unpin / })
			.first()
			.boundingBox();
		expect(remove?.width).toBeGreaterThanOrEqual(24);
		expect(remove?.height).toBeGreaterThanOrEqual(24);
	});

	// Last: the reload closes the Permissions panel the checks above rely on.
	it("switches the page to Obsidian's dark theme with its toggle, form controls too, and keeps it after a reload", async () => {
		await setTheme(page, "dark");
		const looks = () =>
			page.evaluate(() => ({
				body: getComputedStyle(document.body).backgroundColor,
				input: getComputedStyle(document.querySelector(".redline-input") as Element).colorScheme,
			}));
		expect(await looks()).toEqual({ body: "rgb(30, 30, 30)", input: "dark" });
		await page.reload();
		await pane(page).getByRole("textbox", { name: "Message Redline" }).waitFor();
		expect(await looks()).toEqual({ body: "rgb(30, 30, 30)", input: "dark" });
		expect(await page.getByRole("button", { name: "Dark theme" }).getAttribute("aria-pressed")).toBe("true");
		await setTheme(page, "light");
		expect((await looks()).input).toBe("light");
	});
});
