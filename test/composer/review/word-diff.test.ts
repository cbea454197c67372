import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wordDiff, type WordRun } from "../../../src/composer/review/word-diff";

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
		expect(wordDiff("a same b", "x same y").map((r) => r.kind)).toEqual(["removed", "added", "same", "removed", "added"]);
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
		expect(wordDiff(words("old"), words("new")).map((r) => r.kind)).toEqual(["removed", "added"]);
		const long = words("same");
		expect(wordDiff(`${long} end`, `${long} fin`)).toEqual([
			{ kind: "same", text: `${long} ` },
			{ kind: "removed", text: "end" },
			{ kind: "added", text: "fin" },
		]);
		expect(performance.now() - started).toBeLessThan(2000);
	});

	it("gives back both texts exactly, with no empty run and no two neighbours of one kind", () => {
		const text = fc.array(fc.constantFrom("a", "b", "word", " ", "  ", "\n", ",", ".", "é", "😀", "_x", "42"), { maxLength: 14 }).map((xs) => xs.join(""));
		fc.assert(
			fc.property(text, text, (before, after) => {
				const runs = wordDiff(before, after);
				expect(side(runs, "added")).toBe(before);
				expect(side(runs, "removed")).toBe(after);
				for (const [i, run] of runs.entries()) {
					expect(run.text).not.toBe("");
					if (i > 0) expect(run.kind).not.toBe(runs[i - 1].kind);
				}
			}),
			{ numRuns: 1000 },
		);
	});
});
