import { formatPatch, type StructuredPatch } from "diff";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makePatch } from "../../src/history/patch";
import { unifiedDiff } from "../../src/history/unified-diff";

// Small alphabets make repeated lines; endings vary per line (CRLF and a missing last newline).
const text = fc
	.array(fc.tuple(fc.constantFrom("a", "b", "", "ü😀", "-x", "@@ z"), fc.constantFrom("\n", "\r\n", "")), {
		maxLength: 14,
	})
	.map((parts) => parts.map(([t, eol], i) => t + (i === parts.length - 1 ? eol : eol || "\n")).join(""));

describe("an entry's unified diff", () => {
	it("is what formatPatch writes for every patch Redline makes", () => {
		fc.assert(
			fc.property(text, text, (before, after) => {
				const patch = makePatch(before, after);
				expect(unifiedDiff(patch)).toBe(formatPatch(patch));
			}),
			{ numRuns: 1500 },
		);
	});

	it("is what formatPatch writes for a stored patch with other plain file names and headers", () => {
		const name = fc.constantFrom("", "N.md", "a b/c.md", "x'y");
		const header = fc.constantFrom(undefined, "", "h1", "2026-12-02 a");
		fc.assert(
			fc.property(
				text,
				text,
				name,
				name,
				header,
				header,
				(before, after, oldFileName, newFileName, oldHeader, newHeader) => {
					const patch: StructuredPatch = {
						...makePatch(before, after),
						oldFileName,
						newFileName,
						oldHeader,
						newHeader,
					};
					expect(unifiedDiff(patch)).toBe(formatPatch(patch));
				},
			),
			{ numRuns: 500 },
		);
	});

	it("writes a stored patch whose names formatPatch would quote (or a Git patch) with Redline's empty names", () => {
		const patch = makePatch("a\n", "b\n");
		const expected = formatPatch(patch);
		expect(unifiedDiff({ ...patch, oldFileName: 'q"d.md', newFileName: "tab\t.md", oldHeader: "h" })).toBe(expected);
		expect(unifiedDiff({ ...patch, oldFileName: "a/N.md", newFileName: "b/N.md", isGit: true })).toBe(expected);
		expect(expected).toBe("Index: \n" + "=".repeat(67) + "\n--- \n+++ \n@@ -1,1 +1,1 @@\n-a\n+b\n");
	});
});
