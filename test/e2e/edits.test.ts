/**
 * Editing a note end to end in Chromium: the intent shows before the apply model starts, the
 * edit lands on disk, Revert restores the note byte for byte (and the card still says so after a
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
import { nodeFetch as fetch } from "../../src/node/fetch";

const DAILY = "Daily/2026-11-28.md";

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
				await visible(card.getByText(`Planning to remove all headings in ${DAILY}`));
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
				await visible(card.getByText(`Removed all headings in ${DAILY}`));

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
