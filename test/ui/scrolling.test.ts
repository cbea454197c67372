/**
 * The lazy stream in a real browser: a long chat opens scrolled to its newest message with only
 * its latest turns mounted, and scrolling up mounts the earlier ones without moving what the
 * user was reading. Chromium lays out and scrolls for real (IntersectionObserver included).
 */
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumPath, launchChromium } from "../e2e/support/browser";
import { readFile } from "../../src/node/fs";
import { fileURLToPath } from "../../src/node/path";

const TURNS = 60;
const root = new URL("../..", import.meta.url);

async function pageHtml(): Promise<{ html: string; script: string }> {
	const [css, bundled] = await Promise.all([
		readFile(new URL("styles.css", root), "utf8"),
		build({
			entryPoints: [fileURLToPath(new URL("test/ui/support/scroll-page.ts", root))],
			bundle: true,
			write: false,
			format: "iife",
			platform: "browser",
			target: "es2022",
			jsx: "automatic",
			define: { "process.env.NODE_ENV": '"production"' },
			logLevel: "silent",
		}),
	]);
	const html = `<!doctype html><html><head><meta charset="utf-8"><style>body { margin: 0; font: 13px sans-serif; }
.test-pane { width: 400px; height: 600px; } ${css}</style></head><body></body></html>`;
	return { html, script: bundled.outputFiles[0].text };
}

/** The questions mounted in the stream, in order. */
function questions(page: Page): Promise<string[]> {
	return page.$$eval(".redline-message-user .redline-message-text", (els) => els.map((el) => el.textContent ?? ""));
}

describe.skipIf(!chromiumPath)("scrolling a long chat in the browser", { timeout: 60_000 }, () => {
	let browser: Browser;
	let page: Page;

	beforeAll(async () => {
		const { html, script } = await pageHtml();
		browser = await launchChromium();
		page = await browser.newPage();
		await page.setContent(html);
		await page.addScriptTag({ content: script });
		await page.evaluate((turns) => window.paneTest.mount(turns), TURNS);
		await page.waitForSelector(`text=Answer ${TURNS}`);
	});

	afterAll(async () => {
		await browser?.close();
	});

	it("opens at the newest message, with only the latest turns mounted", async () => {
		// Markdown and content-visibility settle over a few frames; the pane follows them down.
		await page.waitForFunction(() => {
			const body = document.querySelector(".redline-body")!;
			return body.scrollHeight - body.scrollTop - body.clientHeight < 2;
		});
		const mounted = await questions(page);
		expect(mounted.at(-1)).toBe(`Question ${TURNS}`);
		expect(mounted).not.toContain("Question 1");
		// The button for earlier messages is there, above the view.
		const button = await page.evaluate(() => {
			const body = document.querySelector(".redline-body")!.getBoundingClientRect();
			const earlier = document.querySelector(".redline-earlier button")?.getBoundingClientRect();
			return earlier ? { above: earlier.bottom <= body.top } : null;
		});
		expect(button).toEqual({ above: true });
	});

	it("mounts earlier turns as the user scrolls up, keeping in view what they were reading", async () => {
		const before = await questions(page);
		const reading = before[0];
		// Scroll all the way up at once (a drag of the scrollbar, Home): the first mounted
		// question is in view, under the button.
		await page.evaluate(() => {
			document.querySelector(".redline-body")!.scrollTop = 0;
		});
		await page.waitForFunction(
			(count) => document.querySelectorAll(".redline-message-user").length > count,
			before.length,
		);
		// The question that was at the top is still in view after the earlier turns mounted above it
		// (the pane restores the reader's place once the new items are laid out, within a frame or two).
		const inView = await page
			.waitForFunction(
				(text) => {
					const body = document.querySelector(".redline-body")!.getBoundingClientRect();
					const target = [...document.querySelectorAll(".redline-message-user")]
						.find((el) => el.textContent?.includes(text))!
						.getBoundingClientRect();
					return target.bottom > body.top && target.top < body.bottom;
				},
				reading,
				{ timeout: 5_000 },
			)
			.then(() => true)
			.catch(() => false);
		expect(inView).toBe(true);
		expect((await questions(page)).length).toBeGreaterThan(before.length);
	});

	it("reaches the first turn by scrolling to the top, then offers nothing more", async () => {
		await page.waitForFunction(
			() => {
				const body = document.querySelector(".redline-body")!;
				body.scrollTop = 0; // keep scrolling up while batches mount above
				return document.querySelector(".redline-earlier") === null;
			},
			undefined,
			{ polling: 100 },
		);
		const all = await questions(page);
		expect(all.length).toBe(TURNS);
		expect(all[0]).toBe("Question 1");
	});
});
