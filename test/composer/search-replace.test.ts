import { describe, expect, it } from "vitest";
import { applyEdits } from "../../src/composer/search-replace";

const note = [
	"# Plan",
	"",
	"- write the intro",
	"- review the draft",
	"- send it to Anna",
	"",
	"## Notes",
	"",
	"Call Anna on Monday.",
].join("\n");

describe("search/replace edits", () => {
	it("replaces a search that matches exactly once", () => {
		const result = applyEdits(note, [{ search: "- review the draft", replace: "- review the draft twice" }]);
		expect(result).toEqual({
			ok: true,
			text: note.replace("- review the draft", "- review the draft twice"),
			tolerant: [],
		});
	});

	it("applies several edits in order, each to the result of the previous ones", () => {
		const result = applyEdits(note, [
			{ search: "write the intro", replace: "write the opening" },
			{ search: "write the opening", replace: "draft the opening" },
		]);
		expect(result.ok && result.text).toContain("- draft the opening");
	});

	it("reports an ambiguous search with the line of each match, and changes nothing", () => {
		const result = applyEdits(note, [{ search: "Anna", replace: "Bea" }]);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.failures).toEqual([{ index: 0, kind: "ambiguous", lines: [5, 9] }]);
		expect(result.message).toContain("lines 5, 9");
	});

	it("reports a search that is not found with the nearest candidate lines", () => {
		const result = applyEdits(note, [{ search: "- reveiw the drafts", replace: "x" }]);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const failure = result.failures[0];
		expect(failure?.kind).toBe("not-found");
		if (failure?.kind !== "not-found") return;
		expect(failure.candidates[0]).toMatchObject({ line: 4, text: "- review the draft" });
		expect(result.message).toContain("line 4");
	});

	it("matches despite different runs of spaces and tabs, trailing whitespace and CRLF", () => {
		const spaced = "alpha   beta\t\tgamma  \nnext line\n";
		const result = applyEdits(spaced, [{ search: "alpha beta gamma\r\nnext  line", replace: "ALPHA\nNEXT" }]);
		expect(result).toEqual({ ok: true, text: "ALPHA\nNEXT\n", tolerant: [0] });
	});

	it("keeps whitespace outside the tolerant match untouched", () => {
		const result = applyEdits("keep  this\nold\t value  \nend", [{ search: "old value", replace: "new value" }]);
		expect(result.ok && result.text).toBe("keep  this\nnew value  \nend");
	});

	it("is all or nothing: one failing edit leaves the text untouched", () => {
		const result = applyEdits(note, [
			{ search: "write the intro", replace: "write the opening" },
			{ search: "does not exist anywhere", replace: "x" },
		]);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.message).toMatch(/No edit was applied/);
	});

	it("refuses an empty search", () => {
		const result = applyEdits(note, [{ search: "  ", replace: "x" }]);
		expect(result.ok === false && result.failures[0]?.kind).toBe("empty-search");
	});

	it("counts overlapping matches as ambiguous", () => {
		const result = applyEdits("aaa", [{ search: "aa", replace: "b" }]);
		expect(result.ok).toBe(false);
	});

	it("finds candidates in a 200 KB note", () => {
		const big = Array.from({ length: 5000 }, (_, i) => `Line ${i}: some ordinary prose about topic ${i % 37}.`).join(
			"\n",
		);
		const result = applyEdits(big, [{ search: "Line 4321: some ordinary prose about topik 29.", replace: "x" }]);
		expect(
			result.ok === false && result.failures[0]?.kind === "not-found" && result.failures[0].candidates[0]?.line,
		).toBe(4322);
	});

	it("never matches whitespace-tolerantly in the middle of a line, so no line is split", () => {
		// Before: "b  c" matched inside "a b  c d" and the replacement split the line's words apart.
		const text = "a b  c d\nnext\n";
		const result = applyEdits(text, [{ search: "b c", replace: "X\nY" }]);
		expect(result.ok).toBe(false);
		expect(applyEdits("keep b  c\n", [{ search: "b c\n", replace: "" }]).ok).toBe(false);
	});

	it("matches whole lines tolerantly, keeping each line's indentation and line ending", () => {
		const text = "- list\n    - item  one  \n    - item two\nend";
		const result = applyEdits(text, [{ search: "- item one\n- item two", replace: "- item one\n- item 2" }]);
		expect(result).toEqual({ ok: true, text: "- list\n    - item one\n    - item 2\nend", tolerant: [0] });
		const crlf = applyEdits("a\r\nold   line\r\nb\r\n", [{ search: "old line", replace: "new line" }]);
		expect(crlf.ok && crlf.text).toBe("a\r\nnew line\r\nb\r\n");
	});

	it("still replaces an exact text anywhere, mid-line included", () => {
		expect(applyEdits("Call Anna on Monday.", [{ search: "Monday", replace: "Tuesday" }])).toEqual({
			ok: true,
			text: "Call Anna on Tuesday.",
			tolerant: [],
		});
	});
});
