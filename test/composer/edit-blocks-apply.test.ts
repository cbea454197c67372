import { describe, expect, it } from "vitest";
import { applyEditBlocks } from "../../src/composer/edit-blocks-apply";
import type { EditBlock } from "../../src/composer/edit-blocks";

const note = ["# Groceries", "", "- Buy teh milk", "- Old item", "- bread", "", "## Later", "", "- bread"].join("\n");

function block(search: string[], replace: string[], line = 1): EditBlock {
	return { search, replace, line };
}

describe("edit blocks: applying to the note", () => {
	it("replaces the lines a SEARCH names", () => {
		expect(applyEditBlocks(note, [block(["- Buy teh milk"], ["- Buy the milk"])])).toEqual({ ok: true, text: note.replace("teh", "the"), tolerant: [] });
	});

	it("deletes the lines of a block with an empty REPLACE, line ending included", () => {
		const result = applyEditBlocks(note, [block(["- Old item"], [])]);
		expect(result.ok && result.text).toBe(note.replace("- Old item\n", ""));
	});

	it("applies blocks in order, each to the result of the ones before", () => {
		const result = applyEditBlocks(note, [block(["- Buy teh milk"], ["- Buy the milk"]), block(["## Later"], ["## Next week"])]);
		expect(result.ok && result.text).toBe(note.replace("teh", "the").replace("## Later", "## Next week"));
	});

	it("edits the very first and the very last line of the note", () => {
		const result = applyEditBlocks(note, [block(["# Groceries"], ["# Shopping"]), block(["## Later", "", "- bread"], ["## Later", "", "- rye bread"])]);
		expect(result.ok && result.text).toBe(note.replace("# Groceries", "# Shopping").replace(/- bread$/, "- rye bread"));
	});

	it("deletes the first line and the last line, whether or not the note ends with a newline", () => {
		expect(applyEditBlocks("a\nb\nc", [block(["a"], []), block(["c"], [])])).toEqual({ ok: true, text: "b", tolerant: [] });
		expect(applyEditBlocks("a\nb\nc\n", [block(["c"], [])])).toEqual({ ok: true, text: "a\nb\n", tolerant: [] });
		expect(applyEditBlocks("only line\n", [block(["only line"], [])])).toEqual({ ok: true, text: "", tolerant: [] });
	});

	it("inserts lines next to a line it repeats", () => {
		const result = applyEditBlocks(note, [block(["- Old item"], ["- Old item", "- eggs"])]);
		expect(result.ok && result.text).toBe(note.replace("- Old item", "- Old item\n- eggs"));
	});

	it("matches whole lines only: a SEARCH line that is part of a longer line does not match", () => {
		// "milk" and "Buy teh" occur only inside "- Buy teh milk".
		expect(applyEditBlocks(note, [block(["milk"], ["cream"])])).toMatchObject({ ok: false, failure: { kind: "not-found" } });
		expect(applyEditBlocks(note, [block(["Buy teh"], ["Buy the"])])).toMatchObject({ ok: false, failure: { kind: "not-found" } });
	});

	it("counts only whole-line matches when deciding a SEARCH is unique", () => {
		// "- bread" is a whole line twice; "- bread" inside "- breadcrumbs" does not count.
		const text = "- breadcrumbs\n- bread\n";
		expect(applyEditBlocks(text, [block(["- bread"], ["- rye bread"])])).toEqual({ ok: true, text: "- breadcrumbs\n- rye bread\n", tolerant: [] });
	});

	it("refuses a SEARCH that matches several places, with their lines", () => {
		const result = applyEditBlocks(note, [block(["- bread"], ["- rye bread"])]);
		expect(result).toMatchObject({ ok: false, failure: { index: 0, kind: "ambiguous", lines: [5, 9] } });
		expect(!result.ok && result.message).toMatch(/lines 5, 9/);
	});

	it("refuses a SEARCH that is not in the note, naming the nearest lines", () => {
		const result = applyEditBlocks(note, [block(["- Buy tea milk"], ["- Buy the milk"])]);
		expect(result).toMatchObject({ ok: false, failure: { kind: "not-found" } });
		if (!result.ok && result.failure.kind === "not-found") expect(result.failure.candidates[0]).toMatchObject({ line: 3, text: "- Buy teh milk" });
		expect(!result.ok && result.message).toMatch(/nearest: line 3/);
	});

	it("falls back to the whitespace-tolerant match of executeEdit for whole lines", () => {
		const spaced = "- Buy  teh milk   \n- Old item\n";
		const result = applyEditBlocks(spaced, [block(["- Buy teh milk"], ["- Buy the milk"])]);
		expect(result).toEqual({ ok: true, text: "- Buy the milk   \n- Old item\n", tolerant: [0] });
	});

	it("keeps the note's indentation when the tolerant match finds lines the SEARCH wrote without it", () => {
		const nested = "- groceries\n\t- Buy teh milk\n\t- bread\n";
		const result = applyEditBlocks(nested, [block(["- Buy teh milk", "- bread"], ["- Buy the milk", "- rye bread"])]);
		expect(result).toEqual({ ok: true, text: "- groceries\n\t- Buy the milk\n\t- rye bread\n", tolerant: [0] });
	});

	it("deletes whole lines, indentation and trailing blanks included, through the tolerant match", () => {
		const result = applyEditBlocks("a\n  b  \nc", [block(["b"], [])]);
		expect(result).toEqual({ ok: true, text: "a\nc", tolerant: [0] });
	});

	it("refuses blocks that overlap: a later SEARCH inside lines an earlier block wrote", () => {
		const result = applyEditBlocks(note, [block(["- Buy teh milk"], ["- Buy the milk", "- Old item"]), block(["- Old item", "- Old item"], [])]);
		expect(result).toMatchObject({ ok: false, failure: { index: 1, kind: "overlapping", with: 0 } });
		// Across a deletion: the two lines around it were not neighbours in the note.
		const across = applyEditBlocks(note, [block(["- Old item"], []), block(["- Buy teh milk", "- bread"], ["x"])]);
		expect(across).toMatchObject({ ok: false, failure: { index: 1, kind: "overlapping", with: 0 } });
	});

	it("applies blocks that touch but do not overlap", () => {
		const result = applyEditBlocks(note, [block(["- Buy teh milk"], ["- Buy the milk"]), block(["- Old item"], ["- New item"])]);
		expect(result.ok && result.text).toBe(note.replace("teh", "the").replace("Old", "New"));
	});

	it("refuses an empty SEARCH on a non-empty note", () => {
		expect(applyEditBlocks(note, [block([], ["# Everything new"])])).toMatchObject({ ok: false, failure: { kind: "empty-search" } });
		expect(applyEditBlocks(note, [block(["", "  "], ["x"])])).toMatchObject({ ok: false, failure: { kind: "empty-search" } });
	});

	it("writes an empty note from an empty SEARCH", () => {
		expect(applyEditBlocks("", [block([], ["# New", "", "text"])])).toEqual({ ok: true, text: "# New\n\ntext", tolerant: [] });
	});

	it("is all or nothing: a failing block leaves the note untouched and says nothing was applied", () => {
		const result = applyEditBlocks(note, [block(["- Buy teh milk"], ["- Buy the milk"]), block(["- not in the note"], ["x"])]);
		expect(result).toMatchObject({ ok: false, failure: { index: 1, kind: "not-found" } });
		expect(!result.ok && result.message).toMatch(/^Edit block 2 has a SEARCH that is not in the note.*no block was applied/);
	});
});
