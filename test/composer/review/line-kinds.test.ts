import { describe, expect, it } from "vitest";
import { frontmatterEnd, keyName, kindOf } from "../../../src/composer/review/line-kinds";
import { segmentsOf } from "../../../src/composer/review/segments";
import { splitLines } from "../../../src/history/text";

/** The kind of a body line (after any frontmatter). */
const body = (line: string) => kindOf(line, 5, -1, true);
/** The kind of a line inside a frontmatter that closes at line 9. */
const inFrontmatter = (line: string, i = 3) => kindOf(line, i, 9, true);

describe("what a line is, for cutting a draft into changes", () => {
	it.each([
		["", "blank"],
		["\n", "blank"],
		[" \t\n", "blank"],
		["| a | b |\n", "row"],
		["  |---|---|\n", "row"],
		["a | b\n", "text"],
		["See [[Note]].\n", "link"],
		["![[pic.png]]", "link"],
		["[text](https://e.com)\n", "link"],
		["[](x)\n", "link"],
		["<https://e.com/a>\n", "link"],
		["<mailto:me@e.com>\n", "link"],
		["go to https://e.com now\n", "link"],
		["HTTP://E.COM\n", "link"],
		["[[]]\n", "text"],
		["[not a link]\n", "text"],
		["[a] (b)\n", "text"],
		["a < b > c\n", "text"],
		["<b>bold</b>\n", "text"],
		["https:// is a scheme\n", "text"],
		["xhttps://e.com\n", "text"],
		["# Heading\n", "text"],
		["title: A\n", "text"],
		["---\n", "text"],
	])("reads the body line %j as %s", (line, kind) => {
		expect(body(line)).toBe(kind);
	});

	it.each([
		["title: A\n", "key"],
		["title:\n", "key"],
		["title:", "key"],
		["my key: [a, b]\n", "key"],
		["title:x\n", "value"],
		["  - a\n", "value"],
		["- a: b\n", "value"],
		["  nested: x\n", "value"],
		["# comment: x\n", "value"],
		[": x\n", "value"],
		["\n", "blank"],
		["  \n", "blank"],
	])("reads the frontmatter line %j as %s", (line, kind) => {
		expect(inFrontmatter(line)).toBe(kind);
	});

	it("reads the frontmatter's first and closing lines as fences, and a table row or link inside it by the frontmatter's rules", () => {
		expect(kindOf("---\n", 0, 9, true)).toBe("fence");
		expect(kindOf("---\n", 9, 9, true)).toBe("fence");
		expect(inFrontmatter("| a |\n")).toBe("value");
		expect(inFrontmatter("link: [[X]]\n")).toBe("key");
	});

	it("reads every frontmatter line as text when the frontmatter is not cut by key", () => {
		for (const [line, i] of [
			["---\n", 0],
			["title: A\n", 1],
			["\n", 2],
			["[[X]]\n", 3],
			["---\n", 9],
		] as const) {
			expect(kindOf(line, i, 9, false)).toBe("text");
		}
		expect(kindOf("[[X]]\n", 10, 9, false)).toBe("link");
	});

	it("names a key by the text before its colon", () => {
		expect(keyName("tags: [a]\n")).toBe("tags");
		expect(keyName("my key : x\n")).toBe("my key");
		expect(keyName("url: https://e.com\n")).toBe("url");
	});
});

describe("the frontmatter's end", () => {
	it.each([
		["a note without frontmatter", "# Title\n---\n", -1],
		["an empty note", "", -1],
		["a closed block", "---\na: 1\n---\nbody\n", 2],
		["an empty block", "---\n---\n", 1],
		["a closing fence without a final newline", "---\na: 1\n---", 2],
		["fences with trailing spaces", "--- \na: 1\n---\t\n", 2],
		["the first closing fence of two", "---\na\n---\nb\n---\n", 2],
		["an opening --- that never closes", "---\na: 1\n", -1],
		["a longer rule", "----\na\n----\n", -1],
		["a fence after a first line", "\n---\na\n---\n", -1],
		["a fence with text after it", "---\na\n--- x\n", -1],
	])("is found right for %s", (_what, text, end) => {
		expect(frontmatterEnd(splitLines(text))).toBe(end);
	});
});

describe("the segments of a range of lines", () => {
	const reader = (text: string) => {
		const lines = splitLines(text);
		return { lines, fmEnd: frontmatterEnd(lines), splitFrontmatter: true };
	};

	it("keep a paragraph, a blank run and a key with its values whole, and rows, links and fences one line each", () => {
		const r = reader("---\ntags:\n  - a\n  - b\ntitle: T\n---\none\ntwo\n\n\n| r1 |\n| r2 |\n[[L]]\n[[M]]\nend\n");
		expect(segmentsOf(r, 0, r.lines.length)).toEqual([
			{ start: 0, end: 1, key: "fence", glue: true },
			{ start: 1, end: 4, key: "key:tags", glue: false },
			{ start: 4, end: 5, key: "key:title", glue: false },
			{ start: 5, end: 6, key: "fence", glue: true },
			{ start: 6, end: 8, key: "text", glue: false },
			{ start: 8, end: 10, key: "blank", glue: true },
			{ start: 10, end: 11, key: "row", glue: false },
			{ start: 11, end: 12, key: "row", glue: false },
			{ start: 12, end: 13, key: "link", glue: false },
			{ start: 13, end: 14, key: "link", glue: false },
			{ start: 14, end: 15, key: "text", glue: false },
		]);
	});

	it("stop at the end of the range, and read values without their key as one segment", () => {
		const r = reader("---\ntags:\n  - a\n  - b\n  - c\n---\none\ntwo\n");
		expect(segmentsOf(r, 2, 4)).toEqual([{ start: 2, end: 4, key: "value", glue: false }]);
		expect(segmentsOf(r, 1, 3)).toEqual([{ start: 1, end: 3, key: "key:tags", glue: false }]);
		expect(segmentsOf(r, 6, 7)).toEqual([{ start: 6, end: 7, key: "text", glue: false }]);
		expect(segmentsOf(r, 3, 3)).toEqual([]);
	});

	it("do not let a key's group take in the next key or a blank line", () => {
		const r = reader("---\na: 1\n\nb: 2\nc: 3\n---\n");
		expect(segmentsOf(r, 1, 5).map((s) => [s.start, s.end, s.key])).toEqual([
			[1, 2, "key:a"],
			[2, 3, "blank"],
			[3, 4, "key:b"],
			[4, 5, "key:c"],
		]);
	});
});
