import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tokens, wordDiff, type WordRun } from "../../../src/composer/review/word-diff";

const side = (runs: WordRun[], drop: WordRun["kind"]) =>
	runs
		.filter((r) => r.kind !== drop)
		.map((r) => r.text)
		.join("");

describe("the word-level redline of a change", () => {
	it("is one same run when nothing changed, and nothing for two empty texts", () => {
		expect(wordDiff("Hello world.\n", "Hello world.\n")).toEqual([{ kind: "same", text: "Hello world.\n" }]);
		expect(wordDiff("", "")).toEqual([]);
	});

	it("is all added for an insertion and all removed for a deletion", () => {
		expect(wordDiff("", "New line\n")).toEqual([{ kind: "added", text: "New line\n" }]);
		expect(wordDiff("Old line\n", "")).toEqual([{ kind: "removed", text: "Old line\n" }]);
	});

	it("shows a punctuation change as that mark only, not as the word around it", () => {
		expect(wordDiff("Hello, world.", "Hello world!")).toEqual([
			{ kind: "same", text: "Hello" },
			{ kind: "removed", text: "," },
			{ kind: "same", text: " world" },
			{ kind: "removed", text: "." },
			{ kind: "added", text: "!" },
		]);
	});

	it("changes a whole word, never part of one", () => {
		expect(wordDiff("the colour red", "the color red")).toEqual([
			{ kind: "same", text: "the " },
			{ kind: "removed", text: "colour" },
			{ kind: "added", text: "color" },
			{ kind: "same", text: " red" },
		]);
	});

	it("reads words of any script, with accents and digits, as words", () => {
		expect(wordDiff("café 2024 Straße", "cafe 2024 Strasse")).toEqual([
			{ kind: "removed", text: "café" },
			{ kind: "added", text: "cafe" },
			{ kind: "same", text: " 2024 " },
			{ kind: "removed", text: "Straße" },
			{ kind: "added", text: "Strasse" },
		]);
	});

	it("keeps a changed phrase as one removal and one addition across the spaces inside it", () => {
		expect(wordDiff("The quick brown fox", "The slow red fox")).toEqual([
			{ kind: "same", text: "The " },
			{ kind: "removed", text: "quick brown" },
			{ kind: "added", text: "slow red" },
			{ kind: "same", text: " fox" },
		]);
	});

	it("keeps spaces at either end of a change as same text", () => {
		expect(wordDiff(" a ", " b ")).toEqual([
			{ kind: "same", text: " " },
			{ kind: "removed", text: "a" },
			{ kind: "added", text: "b" },
			{ kind: "same", text: " " },
		]);
	});

	it("does not join changes across a line break or a word", () => {
		expect(wordDiff("a\nb", "x\ny")).toEqual([
			{ kind: "removed", text: "a" },
			{ kind: "added", text: "x" },
			{ kind: "same", text: "\n" },
			{ kind: "removed", text: "b" },
			{ kind: "added", text: "y" },
		]);
		expect(wordDiff("a same b", "x same y").map((r) => r.kind)).toEqual([
			"removed",
			"added",
			"same",
			"removed",
			"added",
		]);
	});

	it("marks a new line break as added", () => {
		expect(wordDiff("one two", "one\ntwo")).toEqual([
			{ kind: "same", text: "one" },
			{ kind: "removed", text: " " },
			{ kind: "added", text: "\n" },
			{ kind: "same", text: "two" },
		]);
	});

	it("keeps a long unchanged run whole and a whole rewrite as two runs, quickly", () => {
		const words = (prefix: string) => Array.from({ length: 4000 }, (_, i) => `${prefix}${i}`).join(" ");
		const started = performance.now();
		expect(wordDiff(words("old"), words("new"))).toEqual([
			{ kind: "removed", text: words("old") },
			{ kind: "added", text: words("new") },
		]);
		const long = words("same");
		expect(wordDiff(`${long} end`, `${long} fin`)).toEqual([
			{ kind: "same", text: `${long} ` },
			{ kind: "removed", text: "end" },
			{ kind: "added", text: "fin" },
		]);
		expect(performance.now() - started).toBeLessThan(2000);
	});

	it("reads a run of spaces as one token and joins changes across two spaces as across one", () => {
		expect(wordDiff("a b", "a  b")).toEqual([
			{ kind: "same", text: "a" },
			{ kind: "removed", text: " " },
			{ kind: "added", text: "  " },
			{ kind: "same", text: "b" },
		]);
		expect(wordDiff("x a  b y", "x c  d y")).toEqual([
			{ kind: "same", text: "x " },
			{ kind: "removed", text: "a  b" },
			{ kind: "added", text: "c  d" },
			{ kind: "same", text: " y" },
		]);
	});

	it("keeps a repeated token at the edge once", () => {
		expect(wordDiff(",", ",,")).toEqual([
			{ kind: "same", text: "," },
			{ kind: "added", text: "," },
		]);
		expect(wordDiff("a, a", "a, a, a")).toEqual([
			{ kind: "same", text: "a, a" },
			{ kind: "added", text: ", a" },
		]);
		expect(wordDiff("x.", "x..")).toEqual([
			{ kind: "same", text: "x." },
			{ kind: "added", text: "." },
		]);
	});

	describe("a long change", () => {
		/** n words joined by spaces: the i-th is `shared${i}` where shared(i), else `${prefix}${i}`. */
		const text = (prefix: string, n: number, shared: (i: number) => boolean, end = "") =>
			Array.from({ length: n }, (_, i) => (shared(i) ? `shared${i}` : `${prefix}${i}`)).join(" ") + end;
		const kinds = (runs: WordRun[]) => runs.map((r) => r.kind);

		it("is struck and marked whole when it shares only a few words (a rewrite, not an edit)", () => {
			const every10th = (i: number) => i % 10 === 5;
			const before = text("old", 150, every10th);
			const after = text("new", 150, every10th);
			expect(wordDiff(before, after)).toEqual([
				{ kind: "removed", text: before },
				{ kind: "added", text: after },
			]);
		});

		it("is diffed word by word when half the words of its longer side are on both sides, and whole below that", () => {
			// 102 words a side, first and last different; the odd ones between are shared (50 words).
			const half = (i: number) => i % 2 === 1 && i < 101;
			const halfAndOne = (i: number) => half(i) || i === 100;
			expect(kinds(wordDiff(text("a", 102, halfAndOne), text("b", 102, halfAndOne)))).toContain("same");
			expect(kinds(wordDiff(text("a", 102, half), text("b", 102, half)))).toEqual(["removed", "added"]);
		});

		it("is always diffed up to 200 tokens between the common start and end, however different", () => {
			// 50 words, 49 spaces and a final mark a side: 100 tokens each, one word shared.
			const middle = (i: number) => i === 25;
			expect(kinds(wordDiff(text("a", 50, middle, "."), text("b", 50, middle, "!")))).toEqual([
				"removed",
				"added",
				"same",
				"removed",
				"added",
			]);
			expect(kinds(wordDiff(text("a", 51, middle, "."), text("b", 51, middle, "!")))).toEqual(["removed", "added"]);
		});

		it("is struck and marked whole past 4,000 tokens even when it is an edit, so one change cannot stall the pane", () => {
			// n words, n - 1 spaces and a final mark a side; only the first word and the mark differ.
			const inner = (n: number) => (i: number) => i > 0 && i < n;
			expect(kinds(wordDiff(text("a", 1000, inner(1000), "."), text("b", 1000, inner(1000), "!")))).toEqual([
				"removed",
				"added",
				"same",
				"removed",
				"added",
			]);
			expect(kinds(wordDiff(text("a", 1001, inner(1001), "."), text("b", 1001, inner(1001), "!")))).toEqual([
				"removed",
				"added",
			]);
		});
	});

	it("gives back both texts exactly, with no empty run and no two neighbours of one kind", () => {
		const token = fc.constantFrom("a", "b", "word", " ", "  ", "\n", ",", ".", "é", "😀", "_x", "42");
		const text = fc.array(token, { maxLength: 14 }).map((xs) => xs.join(""));
		// An edited copy too: most real changes keep most of their text.
		const edited = fc.array(token, { maxLength: 14 }).chain((xs) =>
			fc.tuple(
				fc.constant(xs.join("")),
				fc.array(fc.tuple(fc.nat(14), fc.option(token, { nil: null })), { maxLength: 4 }).map((edits) => {
					const ys = xs.slice();
					for (const [at, put] of edits)
						ys.splice(at % (ys.length + 1), put === null ? 1 : 0, ...(put === null ? [] : [put]));
					return ys.join("");
				}),
			),
		);
		fc.assert(
			fc.property(fc.oneof(fc.tuple(text, text), edited), ([before, after]) => {
				const runs = wordDiff(before, after);
				expect(side(runs, "added")).toBe(before);
				expect(side(runs, "removed")).toBe(after);
				expect(runs.some((r) => r.kind !== "same")).toBe(before !== after);
				for (const [i, run] of runs.entries()) {
					expect(run.text).not.toBe("");
					if (i > 0) expect(run.kind).not.toBe(runs[i - 1].kind);
				}
			}),
			{ numRuns: 2000 },
		);
	});
});

describe("tokens", () => {
	// The rule, as the file states it: words (letters, marks, digits, _), runs of spaces, single
	// newlines, single other characters. ASCII text takes a faster pattern that must agree with it.
	const RULE = /[\p{L}\p{M}\p{N}_]+|[^\S\n]+|\n|[^\p{L}\p{M}\p{N}_\s]/gu;
	it("are the same for ASCII text through the fast pattern as by the rule", () => {
		fc.assert(
			fc.property(fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)) }), (text) => {
				expect(tokens(text)).toEqual(text.match(RULE) ?? []);
			}),
			{ numRuns: 2000 },
		);
	});
	it("follow the rule for text beyond ASCII", () => {
		expect(tokens("Café naïve—ok 42\u00a0x")).toEqual(["Café", " ", "naïve", "—", "ok", " ", "42", "\u00a0", "x"]);
	});
});
