/**
 * The lines a write changed, read from its history entry's unified diff: runs of added lines on
 * the new side, 1-based and inclusive; a deletion marks nothing; a diff that does not parse marks
 * nothing.
 */
import { describe, expect, it } from "vitest";
import { createTwoFilesPatch } from "diff";
import { writtenRanges } from "../../src/editor/written-ranges";

const patch = (before: string, after: string) => createTwoFilesPatch("a.md", "a.md", before, after);

describe("the lines a write changed", () => {
	it("marks each run of added or changed lines, numbered in the note as written", () => {
		const before = "# A\n\none\n\ntwo\n\nthree\n";
		const after = "# A\n\nONE\nand more\n\ntwo\n\nthree!\n";
		expect(writtenRanges(patch(before, after))).toEqual([
			{ from: 3, to: 4 },
			{ from: 8, to: 8 },
		]);
	});

	it("marks lines in hunks far apart, and nothing for a pure deletion", () => {
		const lines = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);
		const after = [...lines.slice(0, 4), ...lines.slice(5, 30), "new", ...lines.slice(30)];
		expect(writtenRanges(patch(lines.join("\n") + "\n", after.join("\n") + "\n"))).toEqual([{ from: 30, to: 30 }]);
	});

	it("marks a new note's every line, and nothing for a diff it cannot read", () => {
		expect(writtenRanges(patch("", "a\nb\n"))).toEqual([{ from: 1, to: 2 }]);
		expect(writtenRanges("@@ -1,3 +1,3 @@\n-a\n")).toEqual([]);
	});
});
