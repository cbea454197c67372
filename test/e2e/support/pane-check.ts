/**
 * One look at the pane where a flow ends or waits for the user (issue 30): the pane photographed at
 * 280, 320 and 400 px in Obsidian's light and dark themes, into test-results/e2e/panes/ (gitignored,
 * for a reviewer: flow-width-theme.png), and axe-core's full rule set run once per theme, which must
 * find nothing of serious or critical impact. axe runs on the pane (a third of the time of the whole
 * page, with its file list and editor; looks.test.ts runs the page-level rules), at 280 px only by
 * default: the narrowest pane is where text wraps, controls crowd and targets shrink; the wider two
 * are photographed. So a look costs about a second, and the suite's time stays low.
 *
 * The check changes nothing a flow relies on: the theme is switched as Obsidian does (the body's
 * class), not with the page's toggle, so the focus stays where it was; the width, the theme and the
 * viewport are put back afterwards. While it looks, the viewport is made as tall as the pane's
 * content, so the photograph shows all of it and axe judges every colour (it skips what is scrolled
 * out of view).
 */
import type { CDPSession, Page } from "playwright-core";
import { expect } from "vitest";
import { process } from "../../../src/node/process";
import * as path from "../../../src/node/path";
import { mkdir, writeFile } from "../../../src/node/fs";
import { Buffer } from "../../../src/node/buffer";
import { describeViolations, runAxe } from "./axe";
import { pane } from "./page-actions";
import { SCREENSHOT_DIR } from "./sandbox-harness";
import { setPaneWidth } from "./showcase";

export const PANE_WIDTHS = [280, 320, 400] as const;
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const PANE_SHOTS_DIR = path.join(SCREENSHOT_DIR, "panes");
/** The pane's element on the sandbox page (its aside, named Redline). */
const PANE = ".sandbox-pane";

/** The tallest the viewport grows to show the whole pane (a very long chat is cut, not the check). */
const MAX_HEIGHT = 3200;

export interface PaneCheckOptions {
	/** The widths axe runs at (280 by default); [] photographs only (a flow that runs axe itself). */
	axeWidths?: readonly number[];
	/**
	 * What is photographed and checked: the pane (default), or the whole page (a flow whose subject
	 * is the note editor: the redline drawn in it).
	 */
	subject?: "pane" | "page";
}

/** Switches Obsidian's theme as Obsidian does, on <body>, without the page's toggle (which would take the focus). */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
	await page.evaluate((t) => {
		document.body.classList.toggle("theme-dark", t === "dark");
		document.body.classList.toggle("theme-light", t === "light");
	}, theme);
}

/** Photographs the pane at every width and theme, and fails with axe's serious and critical findings, readably. */
export async function checkPane(page: Page, flow: string, options: PaneCheckOptions = {}): Promise<void> {
	const axeWidths = options.axeWidths ?? [280];
	const started = performance.now();
	const before = await page.evaluate(() => ({
		theme: document.body.classList.contains("theme-dark") ? ("dark" as const) : ("light" as const),
		width: document.documentElement.style.getPropertyValue("--sandbox-pane-width"),
	}));
	const viewport = page.viewportSize();
	const found: string[] = [];
	let axeMs = 0;
	let shotMs = 0;
	await mkdir(PANE_SHOTS_DIR, { recursive: true });
	const cdp = await page.context().newCDPSession(page);
	try {
		// The narrowest pane is the tallest: the viewport is fitted to it once, for every width and theme.
		await setPaneWidth(page, Math.min(...PANE_WIDTHS));
		if (viewport) await fitViewport(page, viewport);
		for (const theme of THEMES) {
			await setTheme(page, theme);
			for (const width of PANE_WIDTHS) {
				await setPaneWidth(page, width);
				const t1 = performance.now();
				await shoot(
					page,
					cdp,
					options.subject ?? "pane",
					path.join(PANE_SHOTS_DIR, `${fileName(flow)}-${width}-${theme}.png`),
				);
				shotMs += performance.now() - t1;
				if (!axeWidths.includes(width)) continue;
				const t0 = performance.now();
				const { violations } = await runAxe(page, [], options.subject === "page" ? {} : { within: PANE });
				axeMs += performance.now() - t0;
				const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
				if (process.env.AXE_DETAILS)
					for (const line of describeViolations(violations).split("\n").filter(Boolean))
						process.stdout.write(`[axe] [${flow} · ${theme} · ${width} px] ${line}\n`);
				for (const line of describeViolations(serious).split("\n").filter(Boolean))
					found.push(`[${flow} · ${theme} · ${width} px] ${line}`);
			}
		}
	} finally {
		await cdp.detach();
		await setTheme(page, before.theme);
		await page.evaluate((w) => {
			if (w) document.documentElement.style.setProperty("--sandbox-pane-width", w);
			else document.documentElement.style.removeProperty("--sandbox-pane-width");
		}, before.width);
		if (viewport) await page.setViewportSize(viewport);
	}
	if (process.env.PANE_CHECK_TIMES)
		process.stdout.write(
			`[pane-check] ${flow}: ${Math.round(performance.now() - started)} ms (axe ${Math.round(axeMs)}, shots ${Math.round(shotMs)})\n`,
		);
	expect(found.join("\n"), `axe: serious or critical violations in "${flow}"`).toBe("");
}

/**
 * Makes the viewport as tall as the pane's content needs (never shorter than the test's own): grown
 * by what the stream and the panels hide, a few times over, since a panel with a max-height gets a
 * share of it.
 */
async function fitViewport(page: Page, viewport: { width: number; height: number }): Promise<void> {
	let height = viewport.height;
	for (let round = 0; round < 3 && height < MAX_HEIGHT; round++) {
		const hidden = await pane(page).evaluate((el) =>
			[el, ...el.querySelectorAll<HTMLElement>("*")]
				// The stream and the panels around it; a scroller inside the stream (a read's text) keeps its own height.
				.filter((node) => !node.parentElement?.closest(".redline-body"))
				.filter((node) => /auto|scroll/.test(getComputedStyle(node).overflowY))
				.reduce((sum, node) => sum + Math.max(0, node.scrollHeight - node.clientHeight), 0),
		);
		if (hidden === 0) return;
		height = Math.min(MAX_HEIGHT, height + hidden);
		await page.setViewportSize({ width: viewport.width, height });
	}
}

/**
 * A photograph of the pane (the part of the page it covers) or of the viewport, taken through the
 * DevTools protocol: about half the time of Playwright's screenshot, which waits for fonts and
 * restyles the caret on every call. The protocol's clip is in the document's coordinates.
 */
async function shoot(page: Page, cdp: CDPSession, what: "pane" | "page", file: string): Promise<void> {
	const clip = await (what === "pane" ? pane(page) : page.locator("body")).evaluate((el, whole) => {
		const view = el.ownerDocument.defaultView!;
		const box = whole ? new DOMRect(0, 0, view.innerWidth, view.innerHeight) : el.getBoundingClientRect();
		return { x: box.x + view.scrollX, y: box.y + view.scrollY, width: box.width, height: box.height, scale: 1 };
	}, what === "page");
	const { data } = await cdp.send("Page.captureScreenshot", { format: "png", clip, optimizeForSpeed: true });
	await writeFile(file, Buffer.from(data, "base64"));
}

const fileName = (flow: string) => flow.replace(/[^\w-]+/g, "-");
