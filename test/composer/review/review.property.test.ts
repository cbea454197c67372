/**
 * Property test (issue 29): for a random note, a random draft of it and a random decision, the
 * text the review writes is the base with exactly the accepted changes applied (checked against
 * an oracle that applies them bottom-up by startLine on plain arrays), all accepted is the draft,
 * none is the base, every change's redline shows something, and the history entry of that write
 * reverts to the base.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applySubset } from "../../../src/composer/review/apply-subset";
import { changesBetween, type ReviewChange } from "../../../src/composer/review/changes";
import { wordDiff } from "../../../src/composer/review/word-diff";
import { createNoteHistory } from "../../../src/history/note-history";
import { makePatch, unapplyLines } from "../../../src/history/patch";
import { splitLines } from "../../../src/history/text";
import { MemoryStore } from "../../../src/store/memory-store";
import { MemoryVault } from "../../../src/vault/memory-vault";
import { decisionOf, editOf, note, op, picks as decision, textOf } from "./arbitraries";

/** The oracle: plain line arrays, changes applied from the bottom up, later ones first at one line. */
function oracle(
	base: string,
	changes: readonly ReviewChange[],
	accepted: ReadonlySet<string>,
	replaced: Record<string, string>,
): string {
	const asLines = (text: string) => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
	const lines = asLines(base);
	const chosen = changes
		.map((change, index) => ({ change, index }))
		.filter(({ change }) => accepted.has(change.changeId));
	chosen.sort((x, y) => y.change.startLine - x.change.startLine || y.index - x.index);
	for (const { change } of chosen) {
		const count = asLines(change.before).length;
		expect(lines.slice(change.startLine - 1, change.startLine - 1 + count).join("")).toBe(change.before);
		let text = change.after;
		if (change.changeId in replaced) {
			text = replaced[change.changeId].split("\r\n").join("\n").split("\r").join("\n");
			const own = change.after || change.before;
			if (text.length > 0 && text.at(-1) !== "\n" && own.at(-1) === "\n") text += "\n";
		}
		lines.splice(change.startLine - 1, count, text);
	}
	return lines.join("");
}

describe("review before write, over random notes, drafts and decisions", () => {
	it("writes exactly the accepted changes, and its history entry reverts to the base", async () => {
		await fc.assert(
			fc.asyncProperty(
				note,
				fc.array(op, { maxLength: 8 }),
				fc.boolean(),
				decision,
				async (baseNote, ops, flipNewline, picks) => {
					const base = textOf(baseNote);
					const draft = editOf(baseNote, ops, flipNewline);
					const changes = changesBetween(base, draft);
					expect(changes.map((c) => c.changeId)).toEqual(changes.map((_, i) => `c${i + 1}`));
					// A change never reads as no change (issue 30): its redline strikes or marks something.
					for (const c of changes) {
						expect(c.before).not.toBe(c.after);
						expect(wordDiff(c.before, c.after).some((run) => run.kind !== "same")).toBe(true);
					}

					const all = changes.map((c) => c.changeId);
					expect(applySubset(base, changes, { accepted: all })).toEqual({ ok: true, text: draft });
					expect(applySubset(base, changes, { accepted: [], rejected: all })).toEqual({ ok: true, text: base });

					const { accepted, rejected, replaced } = decisionOf(all, picks);
					const outcome = applySubset(base, changes, { accepted, rejected, replaced });
					if (!outcome.ok) throw new Error(outcome.message);
					expect(outcome.text).toBe(oracle(base, changes, new Set(accepted), replaced));

					const undone = unapplyLines(makePatch(base, outcome.text), splitLines(outcome.text));
					expect(undone && undone.join("")).toBe(base);
					await expectHistoryRevertsTo(base, outcome.text);
				},
			),
			{ numRuns: 1000 },
		);
	});
});

/** Writes base → written through the note history, as the review's write does, then reverts it. */
async function expectHistoryRevertsTo(base: string, written: string): Promise<void> {
	const vault = new MemoryVault("p", { "N.md": base });
	const history = createNoteHistory({ vault, store: new MemoryStore() });
	const outcome = await history.write({ path: "N.md", base, proposed: written, description: "review" });
	if (written === base) {
		expect(outcome.status).toBe("no-op");
		return;
	}
	expect(outcome.status).toBe("written");
	expect(await vault.read("N.md")).toBe(written);
	expect((await history.revert("N.md")).status).toBe("written");
	expect(await vault.read("N.md")).toBe(base);
}
