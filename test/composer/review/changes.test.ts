import { describe, expect, it } from "vitest";
import { applySubset } from "../../../src/composer/review/apply-subset";
import { changesBetween, type ReviewChange } from "../../../src/composer/review/changes";
import { wordDiff } from "../../../src/composer/review/word-diff";
import { diffLines } from "../../../src/history/line-diff";
import { splitLines } from "../../../src/history/text";

const lines = (...xs: string[]) => xs.map((x) => `${x}\n`).join("");
/** The changes without their ids, for shorter expectations. */
const shapes = (changes: ReviewChange[]) =>
	changes.map(({ before, after, startLine }) => ({ before, after, startLine }));

function allApplied(base: string, draft: string): string {
	const changes = changesBetween(base, draft);
	const outcome = applySubset(base, changes, { accepted: changes.map((c) => c.changeId) });
	if (!outcome.ok) throw new Error(outcome.message);
	return outcome.text;
}

describe("the changes of a draft", () => {
	it("are none when the draft is the base", () => {
		expect(changesBetween(lines("a", "b"), lines("a", "b"))).toEqual([]);
		expect(changesBetween("", "")).toEqual([]);
	});

	it("name a changed line by the base line where it starts", () => {
		expect(changesBetween(lines("a", "b", "c"), lines("a", "B", "c"))).toEqual([
			{ changeId: "c1", before: "b\n", after: "B\n", startLine: 2 },
		]);
	});

	it("keep a contiguous group of changed lines in a paragraph together", () => {
		expect(shapes(changesBetween(lines("a", "b", "c", "d"), lines("a", "B", "C", "d")))).toEqual([
			{ before: "b\nc\n", after: "B\nC\n", startLine: 2 },
		]);
	});

	it("number the changes c1, c2, … in document order, the same on every call", () => {
		const base = lines("one", "", "two", "", "three");
		const draft = lines("ONE", "", "two", "", "THREE");
		const first = changesBetween(base, draft);
		expect(first.map((c) => c.changeId)).toEqual(["c1", "c2"]);
		expect(first.map((c) => c.startLine)).toEqual([1, 5]);
		expect(changesBetween(base, draft)).toEqual(first);
	});

	describe("insertions and deletions", () => {
		it("put an insertion at the top before line 1", () => {
			expect(shapes(changesBetween(lines("a", "b"), lines("new", "a", "b")))).toEqual([
				{ before: "", after: "new\n", startLine: 1 },
			]);
		});

		it("put an insertion at the end before line count + 1", () => {
			expect(shapes(changesBetween(lines("a", "b"), lines("a", "b", "c")))).toEqual([
				{ before: "", after: "c\n", startLine: 3 },
			]);
		});

		it("put the text of an empty note before line 1", () => {
			expect(shapes(changesBetween("", lines("x", "y")))).toEqual([{ before: "", after: "x\ny\n", startLine: 1 }]);
		});

		it("take out everything paragraph by paragraph when the draft is empty", () => {
			const base = lines("a", "", "b");
			expect(shapes(changesBetween(base, ""))).toEqual([
				{ before: "a\n", after: "", startLine: 1 },
				{ before: "\nb\n", after: "", startLine: 2 },
			]);
			expect(allApplied(base, "")).toBe("");
		});

		it("make each inserted paragraph a change of its own, with the blank line before it", () => {
			expect(shapes(changesBetween(lines("a"), lines("a", "", "P", "", "Q")))).toEqual([
				{ before: "", after: "\nP\n", startLine: 2 },
				{ before: "", after: "\nQ\n", startLine: 2 },
			]);
		});

		it("give a deleted paragraph the blank line before it, so rejecting the other leaves no gap", () => {
			const base = lines("a", "", "b");
			expect(shapes(changesBetween(base, lines("A")))).toEqual([
				{ before: "a\n", after: "A\n", startLine: 1 },
				{ before: "\nb\n", after: "", startLine: 2 },
			]);
		});

		it("let a trailing blank line join the paragraph before it when nothing follows", () => {
			expect(shapes(changesBetween(lines("p1", "", "p3"), lines("p1", "", "p2", "", "p3")))).toEqual([
				{ before: "", after: "p2\n\n", startLine: 3 },
			]);
		});

		it("keep an inserted blank line as a change when it touches no other", () => {
			expect(shapes(changesBetween(lines("a", "b"), lines("a", "", "b")))).toEqual([
				{ before: "", after: "\n", startLine: 2 },
			]);
		});
	});

	describe("blank lines", () => {
		it("leave an unchanged blank line next to a change out of it", () => {
			expect(shapes(changesBetween(lines("p1", "", "p2"), lines("p1", "", "P2")))).toEqual([
				{ before: "p2\n", after: "P2\n", startLine: 3 },
			]);
		});

		it("split a changed run at blank lines: a paragraph rewritten as two is two changes", () => {
			expect(shapes(changesBetween(lines("x", "a", "b"), lines("x", "A", "", "B")))).toEqual([
				{ before: "a\nb\n", after: "A\n", startLine: 2 },
				{ before: "", after: "\nB\n", startLine: 4 },
			]);
		});

		it("make an inserted blank line part of the paragraph after it", () => {
			expect(shapes(changesBetween(lines("one", "", "two"), lines("ONE", "", "", "TWO")))).toEqual([
				{ before: "one\n", after: "ONE\n", startLine: 1 },
				{ before: "two\n", after: "\nTWO\n", startLine: 3 },
			]);
		});

		it("pair a changed blank line with the blank line it replaces and join it to the paragraph after it", () => {
			expect(shapes(changesBetween(lines("one", "", "two"), lines("ONE", " ", "TWO")))).toEqual([
				{ before: "one\n", after: "ONE\n", startLine: 1 },
				{ before: "\ntwo\n", after: " \nTWO\n", startLine: 2 },
			]);
		});
	});

	describe("pairing inside a changed run", () => {
		it("pairs blank lines with blank lines even when their spaces differ, so a line inserted before one does not shift the pairs after it", () => {
			expect(shapes(changesBetween(lines("P", "", "Q"), lines("X", "[[Y]]", " ", "Z")))).toEqual([
				{ before: "P\n", after: "X\n", startLine: 1 },
				{ before: "", after: "[[Y]]\n", startLine: 2 },
				{ before: "\nQ\n", after: " \nZ\n", startLine: 2 },
			]);
		});

		it("pairs a row with a row and a paragraph with a paragraph before anything pairs by position", () => {
			expect(
				shapes(changesBetween(lines("a", "| r1 |", "| r2 |", "b"), lines("A", "| s1 |", "[[x]]", "| s2 |", "B"))),
			).toEqual([
				{ before: "a\n", after: "A\n", startLine: 1 },
				{ before: "| r1 |\n", after: "| s1 |\n", startLine: 2 },
				{ before: "", after: "[[x]]\n", startLine: 3 },
				{ before: "| r2 |\n", after: "| s2 |\n", startLine: 3 },
				{ before: "b\n", after: "B\n", startLine: 4 },
			]);
			expect(shapes(changesBetween(lines("text a", "| r |"), lines("| s |", "text b")))).toEqual([
				{ before: "text a\n", after: "", startLine: 1 },
				{ before: "| r |\n", after: "| s |\n", startLine: 2 },
				{ before: "", after: "text b\n", startLine: 3 },
			]);
		});

		it("leaves unchanged paragraphs and blank lines out of a rewrite too large for the line diff to pair line by line", () => {
			// 400 three-line paragraphs, all rewritten but one: past the line diff's 2,000 differences,
			// so its whole middle is one changed region, which the pairing cuts up again.
			const para = (word: string, i: number) => lines(`${word} ${i} a`, `${word} ${i} b`, `${word} ${i} c`);
			const note = (word: string, blankBeforeSame: string) =>
				Array.from({ length: 400 }, (_, i) =>
					i === 200 ? blankBeforeSame + lines("same a", "same b", "same c") : para(word, i),
				).join("\n");
			const base = note("old", "");
			const draft = note("new", "\n");
			expect(diffLines(splitLines(base), splitLines(draft))).toHaveLength(1);
			const changes = changesBetween(base, draft);
			expect(changes).toHaveLength(399);
			for (const c of changes) expect(c.before).not.toBe(c.after);
			// The blank line added before the unchanged paragraph joins the change before it.
			expect(changes[199]).toEqual({
				changeId: "c200",
				before: para("old", 199) + "\n",
				after: para("new", 199) + "\n\n",
				startLine: 199 * 4 + 1,
			});
			expect(changes[200]).toMatchObject({ before: para("old", 201), after: para("new", 201) });
			expect(allApplied(base, draft)).toBe(draft);
		});
	});

	describe("a note without a final newline", () => {
		it("changes its last line on its own", () => {
			expect(shapes(changesBetween("a\nb", "a\nB"))).toEqual([{ before: "b", after: "B", startLine: 2 }]);
		});

		it("shows a newline added at the end as a change of the last line", () => {
			expect(shapes(changesBetween("a\nb", "a\nb\n"))).toEqual([{ before: "b", after: "b\n", startLine: 2 }]);
		});

		it("keeps a paragraph appended after its last line in the same change, so the lines cannot be glued", () => {
			expect(shapes(changesBetween("x\n\ny", "x\n\ny\n\n[[z]]"))).toEqual([
				{ before: "y", after: "y\n\n[[z]]", startLine: 3 },
			]);
		});

		it("keeps a draft's unterminated last line and the deletions after it together", () => {
			expect(shapes(changesBetween(lines("a", "", "b"), "A"))).toEqual([
				{ before: "a\n\nb\n", after: "A", startLine: 1 },
			]);
		});

		it("keeps the changes before the last line's apart from it", () => {
			expect(shapes(changesBetween("one\n[[x]]", "ONE\n[[y]]"))).toEqual([
				{ before: "one\n", after: "ONE\n", startLine: 1 },
				{ before: "[[x]]", after: "[[y]]", startLine: 2 },
			]);
		});
	});

	describe("frontmatter", () => {
		const fm = (...keys: string[]) => lines("---", ...keys, "---");

		it("makes each changed key its own change", () => {
			const changes = changesBetween(fm("title: A", "tags: x") + "body\n", fm("title: B", "tags: y") + "body\n");
			expect(shapes(changes)).toEqual([
				{ before: "title: A\n", after: "title: B\n", startLine: 2 },
				{ before: "tags: x\n", after: "tags: y\n", startLine: 3 },
			]);
		});

		it("pairs keys by name, so an added key is an insertion and a changed one a change", () => {
			const changes = changesBetween(fm("title: A", "status: x"), fm("date: 1", "title: B", "status: y"));
			expect(shapes(changes)).toEqual([
				{ before: "", after: "date: 1\n", startLine: 2 },
				{ before: "title: A\n", after: "title: B\n", startLine: 2 },
				{ before: "status: x\n", after: "status: y\n", startLine: 3 },
			]);
		});

		it("keeps a key's values with their key", () => {
			const changes = changesBetween(fm("tags:", "  - a", "title: A"), fm("labels:", "  - b", "title: B"));
			expect(shapes(changes)).toEqual([
				{ before: "tags:\n  - a\n", after: "labels:\n  - b\n", startLine: 2 },
				{ before: "title: A\n", after: "title: B\n", startLine: 4 },
			]);
		});

		it("shows changed values under an unchanged key on their own", () => {
			const changes = changesBetween(fm("tags:", "  - a", "  - b", "title: A"), fm("tags:", "  - c", "title: B"));
			expect(shapes(changes)).toEqual([
				{ before: "  - a\n  - b\n", after: "  - c\n", startLine: 3 },
				{ before: "title: A\n", after: "title: B\n", startLine: 5 },
			]);
		});

		it("makes a key taken out before a changed key a deletion of its own", () => {
			expect(shapes(changesBetween(fm("x: 1", "a: 1"), fm("a: 2")))).toEqual([
				{ before: "x: 1\n", after: "", startLine: 2 },
				{ before: "a: 1\n", after: "a: 2\n", startLine: 3 },
			]);
		});

		it("gives a changed opening fence to the key after it", () => {
			expect(shapes(changesBetween(lines("--- ", "a: 1", "---"), fm("a: 2")))).toEqual([
				{ before: "--- \na: 1\n", after: "---\na: 2\n", startLine: 1 },
			]);
		});

		it("gives a new blank line and a changed closing fence after a changed key to that key", () => {
			const changes = changesBetween(fm("a: 1") + lines("body"), lines("---", "a: 2", "", "--- ", "body"));
			expect(shapes(changes)).toEqual([{ before: "a: 1\n---\n", after: "a: 2\n\n--- \n", startLine: 2 }]);
		});

		it("adds a whole frontmatter block as one change, so no choice leaves a fence open", () => {
			const changes = changesBetween(lines("body"), fm("title: A", "link: [[X]]", "", "tags: x") + lines("body"));
			expect(shapes(changes)).toEqual([
				{ before: "", after: fm("title: A", "link: [[X]]", "", "tags: x"), startLine: 1 },
			]);
		});

		it("removes a whole frontmatter block as one change", () => {
			expect(changesBetween(fm("a: 1", "b: 2") + lines("body"), lines("body"))).toHaveLength(1);
		});

		it("reads a note that opens with an unclosed --- as having no frontmatter", () => {
			const changes = changesBetween(lines("---", "a: 1", "b: 2"), lines("---", "a: 2", "b: 3"));
			expect(shapes(changes)).toEqual([{ before: "a: 1\nb: 2\n", after: "a: 2\nb: 3\n", startLine: 2 }]);
		});

		it("does not read a key in the body, after the closing fence, as a key", () => {
			const changes = changesBetween(fm("a: 1") + lines("x: 1", "y: 1"), fm("a: 1") + lines("x: 2", "y: 2"));
			expect(changes).toHaveLength(1);
		});
	});

	describe("tables and links", () => {
		const table = (...rows: string[]) => lines("| a | b |", "|---|---|", ...rows);

		it("makes each changed table row its own change", () => {
			expect(shapes(changesBetween(table("| 1 | 2 |", "| 3 | 4 |"), table("| 1 | X |", "| 3 | Y |")))).toEqual([
				{ before: "| 1 | 2 |\n", after: "| 1 | X |\n", startLine: 3 },
				{ before: "| 3 | 4 |\n", after: "| 3 | Y |\n", startLine: 4 },
			]);
		});

		it("makes an added row an insertion of its own beside a changed one", () => {
			expect(shapes(changesBetween(table("| 1 | 2 |"), table("| 1 | X |", "| 5 | 6 |")))).toEqual([
				{ before: "| 1 | 2 |\n", after: "| 1 | X |\n", startLine: 3 },
				{ before: "", after: "| 5 | 6 |\n", startLine: 4 },
			]);
		});

		it.each([
			["a Markdown link", "see [x](http://e.com)", "see [y](http://e.com)"],
			["a wikilink", "see [[A]]", "see [[B]]"],
			["an embed", "![[pic.png]]", "![[other.png]]"],
			["an autolink", "<https://e.com/a>", "<https://e.com/b>"],
			["a bare URL", "at https://e.com/a", "at https://e.com/b"],
		])("makes a line with %s its own change inside a paragraph", (_what, link, changed) => {
			const changes = changesBetween(lines("one", link, "three"), lines("ONE", changed, "THREE"));
			expect(shapes(changes).map((c) => c.before)).toEqual(["one\n", `${link}\n`, "three\n"]);
		});

		it("keeps prose lines without a link in one change", () => {
			expect(changesBetween(lines("one [not a link]", "two"), lines("ONE [not a link]", "TWO"))).toHaveLength(1);
		});
	});

	it("rebuild the draft exactly when all of them are applied", () => {
		const base = lines("---", "title: A", "---", "# H", "", "p [[x]]", "| 1 |", "", "end") + "tail";
		const draft = lines("---", "title: B", "new: 1", "---", "# H2", "p [[y]]", "", "| 2 |", "| 3 |");
		expect(allApplied(base, draft)).toBe(draft);
	});
});

describe("a large change", () => {
	it("is never shown as no change, whatever its size (issue 30: removing 60 headings read as 'No line changes')", () => {
		for (const sections of [1, 60, 2000]) {
			const body = Array.from({ length: sections }, (_, i) => `## Section ${i}\nText of section ${i}.\n`).join("");
			const withoutHeadings = Array.from({ length: sections }, (_, i) => `Text of section ${i}.\n`).join("");
			const changes = changesBetween(body, withoutHeadings);
			expect(changes).toHaveLength(sections);
			const removed = changes.map((c) =>
				wordDiff(c.before, c.after)
					.filter((r) => r.kind === "removed")
					.map((r) => r.text)
					.join(""),
			);
			expect(removed.join("")).toBe(Array.from({ length: sections }, (_, i) => `## Section ${i}\n`).join(""));
		}
	});

	it("that rewrites a whole long note is struck and marked, not dropped", () => {
		const old = Array.from({ length: 5000 }, (_, i) => `old line ${i}\n`).join("");
		const neu = Array.from({ length: 5000 }, (_, i) => `new text ${i}\n`).join("");
		const changes = changesBetween(old, neu);
		expect(changes.map((c) => c.before).join("")).toBe(old);
		expect(changes.map((c) => c.after).join("")).toBe(neu);
		for (const c of changes) expect(wordDiff(c.before, c.after).some((r) => r.kind !== "same")).toBe(true);
	});
});
