import { applyPatch } from "diff";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffLines } from "../../src/history/line-diff";
import { makePatch, unapplyInPlace, unapplyLines } from "../../src/history/patch";
import { splitLines, textHash } from "../../src/history/text";

// Small alphabets make repeated lines (the hard case for a diff); endings vary per line.
const text = fc
	.array(fc.tuple(fc.constantFrom("a", "b", "c", "", "ü😀"), fc.constantFrom("\n", "\r\n", "")), { maxLength: 12 })
	.map((parts) => parts.map(([t, eol], i) => t + (i === parts.length - 1 ? eol : eol || "\n")).join(""));

describe("line diff and entry patches", () => {
	it("diffLines regions turn a into b", () => {
		fc.assert(
			fc.property(text, text, (x, y) => {
				const a = splitLines(x);
				const b = splitLines(y);
				const out: string[] = [];
				let pos = 0;
				for (const r of diffLines(a, b)) {
					out.push(...a.slice(pos, r.aStart), ...b.slice(r.bStart, r.bEnd));
					pos = r.aEnd;
				}
				out.push(...a.slice(pos));
				expect(out.join("")).toBe(y);
			}),
			{ numRuns: 1000 },
		);
	});

	it("patches undo exactly, and the diff package applies them forwards", () => {
		fc.assert(
			fc.property(text, text, (before, after) => {
				const patch = makePatch(before, after);
				const undone = unapplyLines(patch, splitLines(after));
				expect(undone && undone.join("")).toBe(before);
				expect(applyPatch(before, patch, { autoConvertLineEndings: false })).toBe(after);
			}),
			{ numRuns: 1000 },
		);
	});

	it("refuses to undo a patch on a text that is not its after-text", () => {
		const patch = makePatch("a\nb\n", "a\nB\n");
		expect(unapplyLines(patch, splitLines("a\nC\n"))).toBe(false);
	});

	it("finds each of many scattered edits in a large note", () => {
		const a = Array.from({ length: 3000 }, (_, i) => `line ${i}\n`);
		const b = a.map((line, i) => (i % 4 === 0 ? `changed ${i}\n` : line));
		expect(diffLines(a, b)).toHaveLength(750);
	});

	it("treats a rewrite past the edit budget as one changed region", () => {
		const a = Array.from({ length: 3000 }, (_, i) => `old ${i}\n`);
		const b = Array.from({ length: 3000 }, (_, i) => `new ${i}\n`);
		expect(diffLines(["same\n", ...a], ["same\n", ...b])).toEqual([{ aStart: 1, aEnd: 3001, bStart: 1, bEnd: 3001 }]);
	});

	it("undoes a rewrite whose hunk holds more lines than a call may take arguments", () => {
		const before = Array.from({ length: 70_000 }, (_, i) => `old line ${i}\n`).join("");
		const after = "short\n" + Array.from({ length: 3 }, (_, i) => `new ${i}\n`).join("");
		const lines = splitLines(after);
		expect(unapplyInPlace(makePatch(before, after), lines)).toBe(true);
		expect(lines.join("")).toBe(before);
	});

	it("refuses a patch whose lines are not in the text, in place too", () => {
		const patch = makePatch("a\nb\n", "a\nB\n");
		expect(unapplyLines(patch, ["a\n", "C\n"])).toBe(false);
		expect(unapplyInPlace(patch, ["a\n", "C\n"])).toBe(false);
	});

	it("keeps the text hash of records already stored", () => {
		// Changing the hash would make every stored record fail its check and be set aside.
		expect(textHash("hello")).toBe("5-1c72bhqo60e1w1fbey8bp2");
		expect(textHash("a\n")).not.toBe(textHash("a\r\n"));
	});
});
