import { createPatch, formatPatch, parsePatch } from "diff";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compactDiff } from "../../src/composer/compact-diff";
import { makePatch } from "../../src/history/patch";
import { parseUnifiedHunks } from "../../src/ui/unified-hunks";

// Small alphabets make repeated lines; endings vary per line (CRLF and a missing last newline).
const text = fc
	.array(fc.tuple(fc.constantFrom("a", "b", "c c", "", "ü😀", "-x", "+y", "@@ z"), fc.constantFrom("\n", "\r\n", "")), {
		maxLength: 14,
	})
	.map((parts) => parts.map(([t, eol], i) => t + (i === parts.length - 1 ? eol : eol || "\n")).join(""));

/** What diff-rows took from parsePatch (its hunks per file), or "throws". */
function reference(unified: string): unknown {
	try {
		return parsePatch(unified).map((file) =>
			file.hunks.map((h) => ({ oldStart: h.oldStart, oldLines: h.oldLines, newStart: h.newStart, lines: h.lines })),
		);
	} catch {
		return "throws";
	}
}

function ours(unified: string): unknown {
	try {
		return parseUnifiedHunks(unified);
	} catch {
		return "throws";
	}
}

const same = (unified: string): void => expect(ours(unified)).toEqual(reference(unified));

describe("unified hunks (diff-rows' parser) read what parsePatch reads", () => {
	it("in a history entry's diff (formatPatch of its patch), and in any cut of it", () => {
		fc.assert(
			fc.property(text, text, fc.nat(), (before, after, cut) => {
				const unified = formatPatch(makePatch(before, after));
				same(unified);
				same(unified.slice(0, cut % (unified.length + 1)));
			}),
			{ numRuns: 1500 },
		);
	});

	it("in an edit's compact diff, truncated or not (where parsePatch throws, so does it)", () => {
		fc.assert(
			fc.property(text, text, fc.integer({ min: 0, max: 300 }), (before, after, maxChars) => {
				same(compactDiff(before, after).diff);
				same(compactDiff(before, after, maxChars).diff);
			}),
			{ numRuns: 1500 },
		);
	});

	it("in a diff with context and file names (createPatch)", () => {
		fc.assert(
			fc.property(text, text, (before, after) => {
				same(createPatch("N.md", before, after));
			}),
			{ numRuns: 500 },
		);
	});

	it("in any mix of the lines such diffs are made of", () => {
		const line = fc.constantFrom(
			"@@ -1,2 +1 @@",
			"@@ -1 +1,2 @@",
			"@@ -0,0 +1 @@",
			"@@ -3,0 +4,2 @@",
			"@@ -2 +2 @@",
			"@@ x",
			"@@ -1,1 +1,1 @@ note",
			" a",
			"-a",
			"+b",
			"",
			"\\ No newline at end of file",
			"--- a",
			"+++ b",
			"--- ",
			"+++ \t",
			"Index: N.md",
			"=".repeat(67),
			"diff -r 1 x",
			"diff --git x y",
			"junk",
			"… (diff truncated: 9 more characters)",
		);
		fc.assert(
			fc.property(fc.array(line, { maxLength: 16 }), (lines) => {
				same(lines.join("\n"));
			}),
			{ numRuns: 5000 },
		);
	});

	it("shows no rows' worth of hunks for a diff cut inside a hunk", () => {
		const unified = compactDiff("a\nb\nc\n", "a\nB\nc\n").diff;
		expect(() => parseUnifiedHunks(unified.split("\n").slice(0, 2).join("\n"))).toThrow();
		expect(parseUnifiedHunks(unified)).toEqual([
			[{ oldStart: 1, oldLines: 3, newStart: 1, lines: [" a", "-b", "+B", " c"] }],
		]);
	});
});
