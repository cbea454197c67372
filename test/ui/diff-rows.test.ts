import { createPatch } from "diff";
import { describe, expect, it } from "vitest";
import { diffRowsFromUnified } from "../../src/ui/diff-rows";

describe("diff rows", () => {
	it("counts lines, highlights changed words, and folds long unchanged stretches", () => {
		const before = Array.from({ length: 30 }, (_, i) => `line ${i}`);
		const after = [...before];
		after[2] = "line two changed";
		after[25] = "line 25 changed";
		const view = diffRowsFromUnified(createPatch("N.md", before.join("\n") + "\n", after.join("\n") + "\n"));
		expect(view.added).toBe(2);
		expect(view.removed).toBe(2);
		expect(view.rows.some((row) => row.kind === "fold")).toBe(true);
		const added = view.rows.find((row) => row.kind === "added");
		expect(
			added && "parts" in added
				? added.parts
						.filter((p) => p.changed)
						.map((p) => p.text)
						.join("")
				: "",
		).toContain("two changed");
		// Every unchanged line is either shown or counted in a fold.
		const shown = view.rows.filter((row) => row.kind === "context").length;
		const folded = view.rows.reduce((n, row) => n + (row.kind === "fold" ? row.count : 0), 0);
		expect(shown + folded).toBe(28);
	});

	it("answers no rows for text that is not a diff", () => {
		expect(diffRowsFromUnified("").rows).toEqual([]);
	});
});
