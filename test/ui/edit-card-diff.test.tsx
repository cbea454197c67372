// @vitest-environment happy-dom
/**
 * An edit card never shows a change as no change (issue 30): its diff is the edit's whole patch
 * (from the note's history when the result's compact diff was cut for the model), long diffs fold
 * behind "Show N more lines", and "No line changes" is never said while the counts are above zero.
 */
import { act, cleanup, screen, within } from "@testing-library/react";
import { createPatch } from "diff";
import { afterEach, describe, expect, it } from "vitest";
import { compactDiff, isCutDiff, wholeHunksOf } from "../../src/composer/compact-diff";
import { diffRowsFromUnified } from "../../src/ui/diff-rows";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

/** A note of `sections` short sections (a heading and one line), and the same note without its headings. */
function headingsRemoved(sections: number): { before: string; after: string; removed: number } {
	const body = Array.from({ length: sections }, (_, i) => `## Day ${i + 1}\nWalked ${i + 1} km.\n`).join("");
	return { before: body, after: body.replace(/^## .*\n/gm, ""), removed: sections };
}

async function cardFor(before: string, after: string, options: { inHistory: boolean }) {
	const shown = compactDiff(before, after);
	const full = createPatch("Log.md", before, after, "", "", { context: 2 });
	const s = new EventScript().user("m1", "Remove all headings").assistant("a1", "");
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c_edit",
		path: "Log.md",
		operation: "modify",
		description: "Remove all headings",
	});
	s.propose("a1", "c_edit", "declareEditIntent", {
		path: "Log.md",
		operation: "modify",
		description: "Remove all headings",
	});
	s.decide("c_edit", "approved").run("c_edit");
	s.add({
		type: "edit_applied",
		editId: "e1",
		path: "Log.md",
		versionId: "v2",
		added: shown.added,
		removed: shown.removed,
	});
	s.add({
		type: "tool_call_completed",
		callId: "c_edit",
		result: {
			status: "success",
			message: "Edited Log.md",
			path: "Log.md",
			data: { diff: shown.diff, versionId: "v2" },
		},
	});
	const rendered = await renderThread(s, {
		prepare: (service) => {
			if (!options.inHistory) return;
			service.history.set("Log.md", [
				{
					versionId: "v2",
					path: "Log.md",
					at: "2026-01-10T09:00:00Z",
					description: "Remove all headings",
					added: shown.added,
					removed: shown.removed,
					diff: full,
					kind: "edit",
				},
			]);
		},
	});
	return { ...rendered, card: screen.getByRole("group", { name: "Edit Log.md" }), shown };
}

/** Opens every fold of the card's diff and counts the removed lines it shows. */
async function removedLinesShown(card: HTMLElement, user: Awaited<ReturnType<typeof renderThread>>["user"]) {
	for (;;) {
		const more = within(card).queryByRole("button", { name: /^Show \d[\d,]* more lines?$/ });
		if (!more) break;
		await user.click(more);
	}
	return card.querySelectorAll(".redline-diff-removed").length;
}

describe("an edit card's diff", () => {
	it.each([1, 3, 30, 300])(
		"shows every removed line of a %i-heading removal, cut for the model or not",
		async (sections) => {
			const { before, after, removed } = headingsRemoved(sections);
			const { card, user, shown } = await cardFor(before, after, { inHistory: true });
			await act(async () => undefined);
			expect(card.textContent).not.toContain("No line changes");
			expect(
				within(card).getByLabelText(`${removed} line${removed === 1 ? "" : "s"} removed`, { exact: false }),
			).toBeTruthy();
			expect(await removedLinesShown(card, user)).toBe(removed);
			expect(shown.removed).toBe(removed);
		},
	);

	it("folds a long diff behind one button, and shows the first changes at once", async () => {
		const { before, after } = headingsRemoved(200);
		const { card } = await cardFor(before, after, { inHistory: true });
		await within(card).findByRole("button", { name: /^Show \d+ more lines$/ });
		const rows = card.querySelectorAll(".redline-diff-line").length;
		expect(rows).toBeGreaterThan(0);
		expect(rows).toBeLessThan(200);
		expect(within(card).getByRole("button", { name: /^Show \d+ more lines$/ })).toBeTruthy();
	});

	it("never says no line changes when the counts are above zero, even when the whole patch is gone from the history", async () => {
		for (const sections of [1, 300, 1500]) {
			const { before, after, removed } = headingsRemoved(sections);
			const { card, view } = await cardFor(before, after, { inHistory: false });
			await act(async () => undefined);
			expect(card.textContent).not.toContain("No line changes");
			expect(card.querySelectorAll(".redline-diff-removed").length).toBeGreaterThan(0);
			if (sections > 1) expect(card.textContent).toMatch(/rest of this diff is no longer in the note's history/i);
			expect(removed).toBe(sections);
			view.unmount();
			cleanup();
		}
	});
});

describe("a compact diff cut for the model", () => {
	it("keeps only true lines of the patch, and still reads as a diff, at every size up to a 100 KB note", () => {
		for (const sections of [1, 10, 100, 1000, 4000]) {
			const { before, after } = headingsRemoved(sections);
			const shown = compactDiff(before, after);
			const whole = wholeHunksOf(shown.diff);
			const rows = diffRowsFromUnified(whole);
			expect(isCutDiff(shown.diff)).toBe(shown.truncated);
			expect(rows.removed).toBeGreaterThan(0);
			if (!shown.truncated) expect(whole).toBe(shown.diff);
			const removedLines = rows.rows.filter((row) => row.kind === "removed");
			for (const row of removedLines) {
				expect("parts" in row && row.parts.map((p) => p.text).join("")).toMatch(/^## Day \d+$/);
			}
		}
	});

	it("is not taken for cut when a note's own last line reads like the mark", () => {
		const shown = compactDiff("a\n", "… (diff truncated: 3 more characters)\n");
		expect(shown.truncated).toBe(false);
		expect(isCutDiff(shown.diff)).toBe(false);
	});
});
