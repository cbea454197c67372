import { describe, expect, it } from "vitest";
import { applyEditBlocks, BlockApplier, describeBlockFailure } from "../../src/composer/edit-blocks-apply";
import type { EditBlock } from "../../src/composer/edit-blocks";

const note = ["# Groceries", "", "- Buy teh milk", "- Old item", "- bread", "", "## Later", "", "- bread"].join("\n");

function block(search: string[], replace: string[], line = 1): EditBlock {
	return { search, replace, line };
}

describe("edit blocks: applying to the note", () => {
	it("replaces the lines a SEARCH names", () => {
		expect(applyEditBlocks(note, [block(["- Buy teh milk"], ["- Buy the milk"])])).toEqual({
			ok: true,
			text: note.replace("teh", "the"),
			tolerant: [],
		});
	});

	it("deletes the lines of a block with an empty REPLACE, line ending included", () => {
		const result = applyEditBlocks(note, [block(["- Old item"], [])]);
		expect(result.ok && result.text).toBe(note.replace("- Old item\n", ""));
	});

	it("applies blocks in order, each to the result of the ones before", () => {
		const result = applyEditBlocks(note, [
			block(["- Buy teh milk"], ["- Buy the milk"]),
			block(["## Later"], ["## Next week"]),
		]);
		expect(result.ok && result.text).toBe(note.replace("teh", "the").replace("## Later", "## Next week"));
	});

	it("edits the very first and the very last line of the note", () => {
		const result = applyEditBlocks(note, [
			block(["# Groceries"], ["# Shopping"]),
			block(["## Later", "", "- bread"], ["## Later", "", "- rye bread"]),
		]);
		expect(result.ok && result.text).toBe(note.replace("# Groceries", "# Shopping").replace(/- bread$/, "- rye bread"));
	});

	it("deletes the first line and the last line, whether or not the note ends with a newline", () => {
		expect(applyEditBlocks("a\nb\nc", [block(["a"], []), block(["c"], [])])).toEqual({
			ok: true,
			text: "b",
			tolerant: [],
		});
		expect(applyEditBlocks("a\nb\nc\n", [block(["c"], [])])).toEqual({ ok: true, text: "a\nb\n", tolerant: [] });
		expect(applyEditBlocks("only line\n", [block(["only line"], [])])).toEqual({ ok: true, text: "", tolerant: [] });
	});

	it("inserts lines next to a line it repeats", () => {
		const result = applyEditBlocks(note, [block(["- Old item"], ["- Old item", "- eggs"])]);
		expect(result.ok && result.text).toBe(note.replace("- Old item", "- Old item\n- eggs"));
	});

	it("matches whole lines only: a SEARCH line that is part of a longer line does not match", () => {
		// "milk" and "Buy teh" occur only inside "- Buy teh milk".
		expect(applyEditBlocks(note, [block(["milk"], ["cream"])])).toMatchObject({
			ok: false,
			failure: { kind: "not-found" },
		});
		expect(applyEditBlocks(note, [block(["Buy teh"], ["Buy the"])])).toMatchObject({
			ok: false,
			failure: { kind: "not-found" },
		});
	});

	it("counts only whole-line matches when deciding a SEARCH is unique", () => {
		// "- bread" is a whole line twice; "- bread" inside "- breadcrumbs" does not count.
		const text = "- breadcrumbs\n- bread\n";
		expect(applyEditBlocks(text, [block(["- bread"], ["- rye bread"])])).toEqual({
			ok: true,
			text: "- breadcrumbs\n- rye bread\n",
			tolerant: [],
		});
	});

	it("refuses a SEARCH that matches several places, with their lines", () => {
		const result = applyEditBlocks(note, [block(["- bread"], ["- rye bread"])]);
		expect(result).toMatchObject({ ok: false, failure: { index: 0, kind: "ambiguous", lines: [5, 9] } });
		expect(!result.ok && result.message).toMatch(/lines 5, 9/);
	});

	it("refuses a SEARCH that is not in the note, naming the nearest lines", () => {
		const result = applyEditBlocks(note, [block(["- Buy tea milk"], ["- Buy the milk"])]);
		expect(result).toMatchObject({ ok: false, failure: { kind: "not-found" } });
		if (!result.ok && result.failure.kind === "not-found")
			expect(result.failure.candidates[0]).toMatchObject({ line: 3, text: "- Buy teh milk" });
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
		const result = applyEditBlocks(note, [
			block(["- Buy teh milk"], ["- Buy the milk", "- Old item"]),
			block(["- Old item", "- Old item"], []),
		]);
		expect(result).toMatchObject({ ok: false, failure: { index: 1, kind: "overlapping", with: 0 } });
		// Across a deletion: the two lines around it were not neighbours in the note.
		const across = applyEditBlocks(note, [block(["- Old item"], []), block(["- Buy teh milk", "- bread"], ["x"])]);
		expect(across).toMatchObject({ ok: false, failure: { index: 1, kind: "overlapping", with: 0 } });
	});

	it("applies blocks that touch but do not overlap", () => {
		const result = applyEditBlocks(note, [
			block(["- Buy teh milk"], ["- Buy the milk"]),
			block(["- Old item"], ["- New item"]),
		]);
		expect(result.ok && result.text).toBe(note.replace("teh", "the").replace("Old", "New"));
	});

	it("refuses an empty SEARCH on a non-empty note", () => {
		expect(applyEditBlocks(note, [block([], ["# Everything new"])])).toMatchObject({
			ok: false,
			failure: { kind: "empty-search" },
		});
		expect(applyEditBlocks(note, [block(["", "  "], ["x"])])).toMatchObject({
			ok: false,
			failure: { kind: "empty-search" },
		});
	});

	it("writes an empty note from an empty SEARCH", () => {
		expect(applyEditBlocks("", [block([], ["# New", "", "text"])])).toEqual({
			ok: true,
			text: "# New\n\ntext",
			tolerant: [],
		});
	});

	it("is all or nothing: a failing block leaves the note untouched and says nothing was applied", () => {
		const result = applyEditBlocks(note, [
			block(["- Buy teh milk"], ["- Buy the milk"]),
			block(["- not in the note"], ["x"]),
		]);
		expect(result).toMatchObject({ ok: false, failure: { index: 1, kind: "not-found" } });
		expect(!result.ok && result.message).toMatch(
			/^Edit block 2 has a SEARCH that is not in the note.*no block was applied/,
		);
	});

	it("applies blocks out of document order, a later block editing lines above an earlier one", () => {
		const text = "one\ntwo\nthree\nfour\nfive";
		const result = applyEditBlocks(text, [
			block(["four"], ["FOUR", "FOUR-2"]),
			block(["one"], ["1"]),
			block(["five"], ["5"]),
		]);
		expect(result).toEqual({ ok: true, text: "1\ntwo\nthree\nFOUR\nFOUR-2\n5", tolerant: [] });
	});

	it("still sees what an earlier block wrote after a later block above it changed the length of the note", () => {
		const text = "one\ntwo\nthree\nfour\nfive";
		const longer = ["one", "a line added above everything the first block wrote"];
		// Block 3 searches a line block 1 wrote: refused, however far block 2 moved it.
		const inside = applyEditBlocks(text, [
			block(["four"], ["FOUR", "FOUR-2"]),
			block(["one"], longer),
			block(["FOUR-2"], ["x"]),
		]);
		expect(inside).toMatchObject({ ok: false, failure: { index: 2, kind: "overlapping", with: 0 } });
		const shorter = applyEditBlocks(text, [
			block(["four"], ["FOUR", "FOUR-2"]),
			block(["one", "two"], ["1"]),
			block(["FOUR-2"], ["x"]),
		]);
		expect(shorter).toMatchObject({ ok: false, failure: { index: 2, kind: "overlapping", with: 0 } });
		// A later block that does not start at the top of the note moves it just as far.
		const below = applyEditBlocks(`zero\n${text}`, [
			block(["four"], ["FOUR", "FOUR-2"]),
			block(["one"], longer),
			block(["FOUR-2"], ["x"]),
		]);
		expect(below).toMatchObject({ ok: false, failure: { index: 2, kind: "overlapping", with: 0 } });
		// The lines around it are free, wherever they moved to.
		const around = applyEditBlocks(text, [
			block(["four"], ["FOUR", "FOUR-2"]),
			block(["one"], longer),
			block(["three"], ["3"]),
			block(["five"], ["5"]),
		]);
		expect(around).toEqual({ ok: true, text: `${longer.join("\n")}\ntwo\n3\nFOUR\nFOUR-2\n5`, tolerant: [] });
	});

	it("leaves what an earlier block wrote where it is when a later block changes the length of the note below it", () => {
		const text = "one\ntwo\nthree";
		const result = applyEditBlocks(text, [
			block(["one"], ["ONE"]),
			block(["three"], ["three", "a long line added at the end of the note"]),
			block(["ONE"], ["x"]),
		]);
		expect(result).toMatchObject({ ok: false, failure: { index: 2, kind: "overlapping", with: 0 } });
	});

	it("moves a deleted line's point along with the text after it", () => {
		// Block 1 deletes the last line (its point is the line ending before it); block 2 lengthens the
		// line above, so the point moves; block 3 reaches into block 2's line and is refused for that one.
		const result = applyEditBlocks("a\nb\nc", [block(["c"], []), block(["b"], ["BBBB"]), block(["BBBB"], ["x"])]);
		expect(result).toMatchObject({ ok: false, failure: { index: 2, kind: "overlapping", with: 1 } });
	});

	it("edits the lines right before and right after a deleted line", () => {
		expect(applyEditBlocks("a\nb\nc", [block(["b"], []), block(["c"], ["C"]), block(["a"], ["A"])])).toEqual({
			ok: true,
			text: "A\nC",
			tolerant: [],
		});
		expect(applyEditBlocks("a\nb", [block(["b"], []), block(["a"], ["A"])])).toEqual({
			ok: true,
			text: "A",
			tolerant: [],
		});
	});

	it("deletes every line of a note that has no final newline, leaving nothing behind", () => {
		expect(applyEditBlocks("a\nb\nc", [block(["a", "b", "c"], [])])).toEqual({ ok: true, text: "", tolerant: [] });
		expect(applyEditBlocks("only line", [block(["only line"], [])])).toEqual({ ok: true, text: "", tolerant: [] });
		expect(applyEditBlocks("a\nb", [block(["a"], []), block(["b"], [])])).toEqual({ ok: true, text: "", tolerant: [] });
	});

	it("refuses a block inside a new note an empty SEARCH just wrote, and a SEARCH of blank lines even on an empty note", () => {
		const result = applyEditBlocks("", [block([], ["# New", "", "text"]), block(["text"], ["more"])]);
		expect(result).toMatchObject({ ok: false, failure: { index: 1, kind: "overlapping", with: 0 } });
		expect(applyEditBlocks("", [block([""], ["x"])])).toMatchObject({
			ok: false,
			failure: { index: 0, kind: "empty-search" },
		});
	});

	it("keeps refusing once a block failed, while the reply still streams, and leaves the note as it was", () => {
		const applier = new BlockApplier(note);
		const failure = applier.apply(block(["- not in the note"], ["x"]));
		expect(failure).toMatchObject({ index: 0, kind: "not-found" });
		expect(applier.apply(block(["- Old item"], ["- New item"]))).toBe(failure);
		expect(applier.text).toBe(note);
	});

	it("counts a blank line a SEARCH starts with when it names the lines of an ambiguous match", () => {
		const text = "# A\n\n- x\n# B\n\n- x";
		expect(applyEditBlocks(text, [block(["", "- x"], ["", "- y"])])).toMatchObject({
			ok: false,
			failure: { kind: "ambiguous", lines: [2, 5] },
		});
	});

	it("says in words why each kind of block failed", () => {
		expect(describeBlockFailure({ index: 0, kind: "empty-search" })).toBe(
			"Edit block 1 has an empty SEARCH, which can only write an empty note; no block was applied (blocks apply all or nothing).",
		);
		expect(describeBlockFailure({ index: 2, kind: "overlapping", with: 0 })).toBe(
			"Edit block 3 overlaps edit block 1 (its SEARCH reaches into lines that block changed); no block was applied (blocks apply all or nothing).",
		);
		expect(describeBlockFailure({ index: 1, kind: "ambiguous", lines: [4, 9] })).toBe(
			"Edit block 2 has a SEARCH that matches 2 places (lines 4, 9); no block was applied (blocks apply all or nothing).",
		);
		expect(
			describeBlockFailure({
				index: 0,
				kind: "not-found",
				candidates: [{ line: 3, text: "- Buy teh milk\n- Old item", score: 0.9 }],
			}),
		).toBe(
			'Edit block 1 has a SEARCH that is not in the note (nearest: line 3, "- Buy teh milk"); no block was applied (blocks apply all or nothing).',
		);
		expect(describeBlockFailure({ index: 0, kind: "not-found", candidates: [] })).toBe(
			"Edit block 1 has a SEARCH that is not in the note; no block was applied (blocks apply all or nothing).",
		);
	});
});
