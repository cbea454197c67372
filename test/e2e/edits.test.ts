/**
 * Editing a note end to end in Chromium: reads before it are one line each that opens by keyboard
 * (axe clean, light and dark), the waiting card is titled as what will happen, the intent shows
 * before the apply model starts, the edit lands on disk, Revert restores the note byte for byte (and the card still says so after a
 * reload and in a second tab), and what the user types in the note while the apply model works
 * survives the agent's write.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoScript } from "../../src/sandbox/demo-script";
import { asksForEditBlocks, reply } from "../../src/sandbox/model-server";
import { chromiumPath, launchChromium } from "./support/browser";
import {
	editCard,
	eventually,
	noteText,
	openNote,
	pane,
	sendMessage,
	visible,
	UI_TIMEOUT,
} from "./support/page-actions";
import { checkPane } from "./support/pane-check";
import { withE2E } from "./support/sandbox-harness";
import { applyRequests, applyWith, gate, mainAndApply, mainRequests } from "./support/scripts";
import { describeViolations, runAxe } from "./support/axe";
import { setPaneWidth } from "./support/showcase";
import type { Locator, Page } from "playwright-core";
import { nodeFetch as fetch } from "../../src/node/fetch";

const DAILY = "Daily/2026-11-28.md";
const ARTICLE = "Articles/On slow reading.md";
const LONG_PATH = "Projects/Garden committee/Minutes of the autumn meeting/2026-11-28.md";

/** The element's text sits on one line (it may be wider than the pane: then it may break inside). */
function oneLine(locator: Locator): Promise<boolean> {
	return locator.evaluate((el) => {
		const range = el.ownerDocument.createRange();
		range.selectNodeContents(el);
		const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
		return tops.size === 1;
	});
}

async function setTheme(page: Page, theme: "light" | "dark"): Promise<void> {
	const toggle = page.getByRole("button", { name: "Dark theme" });
	if ((await toggle.getAttribute("aria-pressed")) !== String(theme === "dark")) await toggle.click();
	await expect.poll(() => page.evaluate(() => document.body.className)).toContain(`theme-${theme}`);
}

describe.skipIf(!chromiumPath)("editing a note from the pane", { timeout: 60_000 }, () => {
	let browser: Browser;
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(async () => {
		await browser?.close();
	});

	it("shows the intent before the apply starts, writes the note after Run, and Revert restores it byte for byte", async () => {
		const applyHeld = gate();
		const script = mainAndApply(
			[
				reply.toolCalls(
					[
						{
							name: "declareEditIntent",
							args: { path: DAILY, operation: "modify", description: "remove all headings" },
						},
					],
					"I'll remove the headings.",
				),
				reply.text("Removed the headings from the daily note."),
			],
			[
				applyWith(
					(note) =>
						note
							.split("\n")
							.filter((line) => !/^#{1,6}\s/.test(line))
							.join("\n"),
					applyHeld.promise,
				),
			],
		);
		await withE2E(
			browser,
			"1-intent-run-revert",
			script,
			async ({ page, sandbox, readNote, readNoteBytes, openPage }) => {
				const server = sandbox.modelServer!;
				const original = await readNoteBytes(DAILY);

				await sendMessage(page, "Remove all headings from the daily note");
				const card = editCard(page, DAILY);
				// Titled as what will happen, the note by its name (its path on hover).
				await visible(card.getByText("Remove all headings · 2026-11-28"));
				// The intent is on screen while nothing has gone to the apply model yet.
				expect(applyRequests(server.requests)).toHaveLength(0);
				await checkPane(page, "edits-run-card-waiting");

				await card.getByRole("button", { name: /^Run:/ }).click();
				await server.waitForRequests(2);
				expect(applyRequests(server.requests)).toHaveLength(1);
				// The apply model has the request but has not answered: the card shows progress.
				await visible(card.getByRole("progressbar"));
				await visible(card.getByText(/Generating changes/));
				await checkPane(page, "edits-drafting");

				applyHeld.open();
				const edited = await eventually(async () => {
					const text = await readNote(DAILY);
					expect(text).not.toBe(original.toString("utf8"));
					return text;
				});
				expect(edited).not.toMatch(/^#/m);
				expect(edited).toContain("Bought apples, bread and a jar of honey.");
				await visible(pane(page).getByText("Removed the headings from the daily note."));
				expect(mainRequests(server.requests)).toHaveLength(2);
				// Once applied, the card says what it did, in the past tense.
				await visible(card.getByText("Removed all headings · 2026-11-28"));

				await card.getByRole("button", { name: `Revert this change to ${DAILY}` }).click({ timeout: UI_TIMEOUT });
				await eventually(async () => expect((await readNoteBytes(DAILY)).equals(original)).toBe(true));
				await visible(card.getByRole("status").getByText("Reverted"));
				await checkPane(page, "edits-reverted");

				// The card tells the truth from the log: after a reload, and in a second tab.
				await page.reload();
				const reloaded = editCard(page, DAILY);
				await visible(reloaded.getByRole("status").getByText("Reverted"));
				expect(await reloaded.getByRole("button", { name: `Revert this change to ${DAILY}` }).count()).toBe(0);
				const second = await openPage();
				await visible(editCard(second, DAILY).getByRole("status").getByText("Reverted"));
			},
		);
	});

	it("shows reads as one line each that opens by keyboard, and the waiting card as the decision, at 280 px, clean for axe", async () => {
		const script = mainAndApply(
			[
				reply.toolCalls([
					{ name: "readNote", args: { path: ARTICLE } },
					{ name: "listNotes", args: { folder: "Projects" } },
				]),
				reply.toolCalls(
					[
						{
							name: "declareEditIntent",
							args: { path: DAILY, operation: "modify", description: "Remove all headings" },
						},
					],
					"I'll tidy it.",
				),
			],
			[],
		);
		await withE2E(
			browser,
			"30-reads-and-decision",
			script,
			async ({ page, screenshot }) => {
				await setPaneWidth(page, 280);
				await sendMessage(page, "Tidy my daily note");
				const card = editCard(page, DAILY);
				await visible(card.getByRole("button", { name: /^Run:/ }));

				// The decision: what will happen, the note by its name with its path on hover, waiting for you.
				expect(await card.locator(".redline-card-title").textContent()).toBe("Remove all headings · 2026-11-28");
				const link = card.getByRole("link", { name: `Open ${DAILY}` });
				expect(await link.getAttribute("title")).toBe(`Open ${DAILY}`);
				expect(await oneLine(link.locator(".redline-path-part"))).toBe(true);
				await visible(card.getByText("Waiting for you", { exact: true }));
				const shown = (await pane(page).getByRole("log").innerText()).replace(/Tidy my daily note/, "");
				expect(shown.match(/remove all headings/gi)).toHaveLength(1);
				expect(shown).not.toContain("Daily/");

				// A read is one line; Enter opens it, and Tab reaches the text read, which the keys scroll.
				const read = pane(page).getByRole("button", { name: /^Read On slow reading · \d+ lines$/ });
				await read.focus();
				await page.keyboard.press("Enter");
				expect(await read.getAttribute("aria-expanded")).toBe("true");
				await page.keyboard.press("Tab");
				await page.keyboard.press("Tab");
				const text = pane(page).getByRole("region", { name: "Text read from On slow reading" });
				expect(await text.evaluate((el) => el === document.activeElement)).toBe(true);
				await page.keyboard.press("PageDown");
				await eventually(async () => expect(await text.evaluate((el) => el.scrollTop)).toBeGreaterThan(0));

				// A list is one line too; opened, a real list of links, a long path wrapping only after "/".
				const list = pane(page).getByRole("button", { name: /^Listed Projects · \d+ notes$/ });
				await list.click();
				const long = pane(page)
					.getByRole("list", { name: "Notes listed" })
					.getByRole("link", { name: `Open ${LONG_PATH}` });
				const lines = await long.evaluate((el) => el.getClientRects().length);
				expect(lines).toBeGreaterThan(1);
				for (const part of await long.locator(".redline-path-part").all()) expect(await oneLine(part)).toBe(true);

				await page.setViewportSize({ width: 1400, height: 2400 });
				for (const theme of ["light", "dark"] as const) {
					await setTheme(page, theme);
					const { violations } = await runAxe(page);
					await screenshot(`30-reads-and-decision-${theme}`);
					const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
					expect(describeViolations(serious), theme).toBe("");
				}
			},
			{ notes: { [LONG_PATH]: "# Minutes\n\nWe met.\n" } },
		);
	});

	it("shows a revert made through v1.history.revert on the open card, and Restored when that revert is undone", async () => {
		const script = mainAndApply(
			[
				reply.toolCalls([
					{ name: "declareEditIntent", args: { path: DAILY, operation: "modify", description: "remove all headings" } },
				]),
				reply.text("Removed the headings."),
			],
			[
				applyWith((note) =>
					note
						.split("\n")
						.filter((line) => !/^#{1,6}\s/.test(line))
						.join("\n"),
				),
			],
		);
		await withE2E(browser, "revert-from-elsewhere", script, async ({ page, sandbox, readNoteBytes }) => {
			const original = await readNoteBytes(DAILY);
			await sendMessage(page, "Remove all headings from the daily note");
			const card = editCard(page, DAILY);
			await card.getByRole("button", { name: /^Run:/ }).click({ timeout: UI_TIMEOUT });
			await visible(pane(page).getByText("Removed the headings."));
			const rpc = (id: number) =>
				fetch(`${sandbox.url}/v1/rpc`, {
					method: "POST",
					headers: { "Content-Type": "application/json", Authorization: `Bearer ${sandbox.token}` },
					body: JSON.stringify({ jsonrpc: "2.0", id, method: "v1.history.revert", params: { path: DAILY } }),
				}).then((response) => response.json() as Promise<{ result: { ok: boolean } }>);
			expect((await rpc(1)).result.ok).toBe(true);
			await visible(card.getByRole("status").getByText("Reverted"));
			expect((await readNoteBytes(DAILY)).equals(original)).toBe(true);
			expect((await rpc(2)).result.ok).toBe(true);
			await visible(card.getByRole("status").getByText("Restored"));
			await visible(card.getByRole("button", { name: `Revert this change to ${DAILY}` }));

			// The history panel lists the change, its revert and the revert's undoing.
			await pane(page).getByRole("button", { name: "Note history" }).click();
			await visible(
				pane(page)
					.getByRole("group", { name: `History of ${DAILY}` })
					.getByRole("listitem")
					.nth(2),
			);
			await checkPane(page, "edits-history-open");
		});
	});

	it("keeps what the user types in the note while the apply model works", async () => {
		const applyHeld = gate();
		const userLine = "Call Ana about the shed on Monday.";
		const script = mainAndApply(
			[
				reply.toolCalls([
					{
						name: "declareEditIntent",
						args: { path: DAILY, operation: "modify", description: "say where the honey came from" },
					},
				]),
				reply.text("Added where the honey came from."),
			],
			[applyWith((note) => note.replace("a jar of honey.", "a jar of honey from the Ruiz farm."), applyHeld.promise)],
		);
		await withE2E(browser, "6-user-typing-survives", script, async ({ page, sandbox, readNote }) => {
			const server = sandbox.modelServer!;
			await openNote(page, "2026-11-28");
			await sendMessage(page, "Say where the honey came from in today's note");
			const card = editCard(page, DAILY);
			await card.getByRole("button", { name: /^Run:/ }).click({ timeout: UI_TIMEOUT });
			// The apply model has the note and is "thinking"; now the user types on another line.
			await server.waitForRequests(2);
			const editor = page.getByRole("textbox", { name: "Note text" });
			await editor.click();
			await editor.press("Control+End");
			await editor.pressSequentially(`\n${userLine}`);
			// Hold the agent's write until the user's typing has been saved to disk.
			await eventually(async () => expect(await readNote(DAILY)).toContain(userLine));
			expect(
				applyRequests(server.requests)[0]
					?.body.messages.map((m) => JSON.stringify(m.content))
					.join(""),
			).not.toContain(userLine);

			applyHeld.open();
			const merged = await eventually(async () => {
				const text = await readNote(DAILY);
				expect(text).toContain("a jar of honey from the Ruiz farm.");
				return text;
			});
			expect(merged).toContain(userLine);
			await visible(pane(page).getByText("Added where the honey came from."));
			// The open note shows both too, after reloading on the agent's write.
			await eventually(async () => {
				const shown = await noteText(page);
				expect(shown).toContain(userLine);
				expect(shown).toContain("from the Ruiz farm");
			});
			await checkPane(page, "edits-typing-kept");
		});
	});

	it("fixes one line of a 50,000-token note from a reply of one edit block, and Revert restores it byte for byte", async () => {
		const LOG = "Research/Long log.md";
		const parts = ["# Research log — 2026", ""];
		for (let n = 1; n <= 40; n++) {
			parts.push(`## Topic ${n}`, "");
			for (let p = 0; p < 10; p++)
				parts.push(
					`Paragraph ${p} of topic ${n}: ` +
						"observations about the expériment, its setup and what it showed; ".repeat(8).trim(),
					"",
				);
		}
		const note = parts.join("\n").replace("## Topic 27\n", "## Topci 27\n");
		const fixed = note.replace("## Topci 27\n", "## Topic 27\n");
		expect(note.length / 4).toBeGreaterThan(49_000);
		const script = mainAndApply(
			[
				reply.toolCalls([
					{
						name: "declareEditIntent",
						args: { path: LOG, operation: "modify", description: "fix the typo in the heading of topic 27" },
					},
				]),
				reply.text("Fixed the heading of topic 27."),
			],
			[applyWith((sent) => sent.replace("## Topci 27\n", "## Topic 27\n"))],
		);
		await withE2E(browser, "fast-apply-50k-one-line", script, async ({ page, sandbox, readNoteBytes }) => {
			const server = sandbox.modelServer!;
			await sandbox.vault.create(LOG, note);
			const original = await readNoteBytes(LOG);

			await sendMessage(page, "Fix the typo in the heading of topic 27 in my research log");
			const card = editCard(page, LOG);
			await card.getByRole("button", { name: /^Run:/ }).click({ timeout: UI_TIMEOUT });
			await visible(pane(page).getByText("Fixed the heading of topic 27."));
			await eventually(async () =>
				expect((await readNoteBytes(LOG)).equals(new TextEncoder().encode(fixed))).toBe(true),
			);
			await visible(card.getByLabel("1 line added, 1 line removed"));

			const applies = applyRequests(server.requests);
			expect(applies).toHaveLength(1);
			expect(asksForEditBlocks(applies[0])).toBe(true);
			expect(applies[0]?.body.prediction).toBeUndefined();

			await card.getByRole("button", { name: `Revert this change to ${LOG}` }).click({ timeout: UI_TIMEOUT });
			await eventually(async () => expect((await readNoteBytes(LOG)).equals(original)).toBe(true));
			await visible(card.getByRole("status").getByText("Reverted"));
			await checkPane(page, "edits-long-note-reverted");
		});
	});

	it("removes the headings with the offline demo model that npm start uses without a key", async () => {
		await withE2E(browser, "demo-remove-headings", { forVault: createDemoScript }, async ({ page, readNote }) => {
			await visible(page.getByRole("banner").getByText("Scripted demo."));
			await sendMessage(page, `Remove all headings from ${DAILY}`);
			await editCard(page, DAILY).getByRole("button", { name: /^Run:/ }).click({ timeout: UI_TIMEOUT });
			await visible(pane(page).getByText(`Removed the headings from ${DAILY}.`, { exact: false }));
			const edited = await readNote(DAILY);
			expect(edited).not.toMatch(/^#/m);
			expect(edited).toContain("Walked to the market with [[People/Ana Ruiz]].");
			expect(edited).toMatch(/^---\ndate: 2026-11-28\n/);
			// The chat named itself after the first reply: the demo takes the message itself.
			const title = pane(page).locator(".redline-header-title");
			await eventually(async () => expect(await title.textContent()).toBe(`Remove all headings from ${DAILY}`));
			await checkPane(page, "edits-demo-done");
		});
	});
});
