import { describe, expect, it } from "vitest";
import { applySubset, type ReviewDecision, type SubsetOutcome } from "../../../src/composer/review/apply-subset";
import { changesBetween, type ReviewChange } from "../../../src/composer/review/changes";

const lines = (...xs: string[]) => xs.map((x) => `${x}\n`).join("");
const BASE = lines("# Plan", "", "alpha", "", "beta", "", "gamma");
const DRAFT = lines("# Plan", "", "ALPHA", "", "BETA", "", "GAMMA");
const CHANGES = changesBetween(BASE, DRAFT);

function text(outcome: SubsetOutcome): string {
	if (!outcome.ok) throw new Error(`refused: ${outcome.code} ${outcome.message}`);
	return outcome.text;
}

function refusal(outcome: SubsetOutcome) {
	if (outcome.ok) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.text)}`);
	return { code: outcome.code, changeIds: outcome.changeIds };
}

describe("applying the accepted changes of a draft", () => {
	it("writes exactly the accepted changes and keeps the rejected ones as in the base", () => {
		expect(CHANGES.map((c) => c.changeId)).toEqual(["c1", "c2", "c3"]);
		const outcome = applySubset(BASE, CHANGES, { accepted: ["c1", "c3"], rejected: ["c2"] });
		expect(text(outcome)).toBe(lines("# Plan", "", "ALPHA", "", "beta", "", "GAMMA"));
	});

	it("gives the draft when every change is accepted and the base when none is", () => {
		expect(text(applySubset(BASE, CHANGES, { accepted: ["c1", "c2", "c3"] }))).toBe(DRAFT);
		expect(text(applySubset(BASE, CHANGES, { accepted: [], rejected: ["c1", "c2", "c3"] }))).toBe(BASE);
		expect(text(applySubset(BASE, CHANGES, { accepted: [] }))).toBe(BASE);
	});

	it("does not depend on the order in which the decision lists the changes", () => {
		expect(text(applySubset(BASE, CHANGES, { accepted: ["c3", "c1"] }))).toBe(
			text(applySubset(BASE, CHANGES, { accepted: ["c1", "c3"] })),
		);
	});

	it("applies insertions at the top and at the end", () => {
		const base = lines("a", "b");
		const draft = lines("top", "a", "b", "end");
		const changes = changesBetween(base, draft);
		expect(text(applySubset(base, changes, { accepted: ["c1"] }))).toBe(lines("top", "a", "b"));
		expect(text(applySubset(base, changes, { accepted: ["c2"] }))).toBe(lines("a", "b", "end"));
	});

	it("applies several insertions at one place in their order", () => {
		const base = lines("a");
		const changes = changesBetween(base, lines("a", "", "P", "", "Q"));
		expect(changes.map((c) => c.startLine)).toEqual([2, 2]);
		expect(text(applySubset(base, changes, { accepted: ["c1", "c2"] }))).toBe(lines("a", "", "P", "", "Q"));
		expect(text(applySubset(base, changes, { accepted: ["c2"] }))).toBe(lines("a", "", "Q"));
	});

	it("fills an empty note and empties a full one", () => {
		const filled = changesBetween("", lines("x"));
		expect(text(applySubset("", filled, { accepted: ["c1"] }))).toBe(lines("x"));
		expect(text(applySubset("", filled, { accepted: [] }))).toBe("");
		const emptied = changesBetween(BASE, "");
		expect(text(applySubset(BASE, emptied, { accepted: emptied.map((c) => c.changeId) }))).toBe("");
	});

	it("keeps a base without a final newline exact where no change touches its end", () => {
		const base = "a\nb\nc";
		const changes = changesBetween(base, "A\nb\nC\n");
		expect(text(applySubset(base, changes, { accepted: ["c1"] }))).toBe("A\nb\nc");
		expect(text(applySubset(base, changes, { accepted: ["c2"] }))).toBe("a\nb\nC\n");
	});

	describe("the user's own text", () => {
		it("replaces the change's text when the change is accepted", () => {
			const outcome = applySubset(BASE, CHANGES, { accepted: ["c2"], replaced: { c2: "My beta\n" } });
			expect(text(outcome)).toBe(lines("# Plan", "", "alpha", "", "My beta", "", "gamma"));
		});

		it("ends with a newline where the change's lines do, so it never runs into the next line", () => {
			const outcome = applySubset(BASE, CHANGES, { accepted: ["c2"], replaced: { c2: "My beta" } });
			expect(text(outcome)).toBe(lines("# Plan", "", "alpha", "", "My beta", "", "gamma"));
		});

		it("takes the line ending of the base's lines for a deletion the user rewrote", () => {
			const base = lines("a", "b");
			const changes = changesBetween(base, lines("a"));
			expect(text(applySubset(base, changes, { accepted: ["c1"], replaced: { c1: "mine" } }))).toBe(lines("a", "mine"));
		});

		it("is kept as typed at the end of a note without a final newline", () => {
			const changes = changesBetween("a\nb", "a\nB");
			expect(text(applySubset("a\nb", changes, { accepted: ["c1"], replaced: { c1: "mine" } }))).toBe("a\nmine");
			expect(text(applySubset("a\nb", changes, { accepted: ["c1"], replaced: { c1: "mine\n" } }))).toBe("a\nmine\n");
		});

		it("removes the change's lines when it is empty", () => {
			const outcome = applySubset(BASE, CHANGES, { accepted: ["c2"], replaced: { c2: "" } });
			expect(text(outcome)).toBe(lines("# Plan", "", "alpha", "", "", "gamma"));
		});

		it("becomes model text: CRLF and CR endings turn into LF", () => {
			const outcome = applySubset(BASE, CHANGES, { accepted: ["c2"], replaced: { c2: "one\r\ntwo\rthree" } });
			expect(text(outcome)).toBe(lines("# Plan", "", "alpha", "", "one", "two", "three", "", "gamma"));
		});

		it("can stand for an insertion", () => {
			const base = lines("a");
			const changes = changesBetween(base, lines("a", "b"));
			expect(text(applySubset(base, changes, { accepted: ["c1"], replaced: { c1: "c" } }))).toBe(lines("a", "c"));
		});
	});

	describe("refuses, naming the changes, and never guesses", () => {
		const cases: [string, readonly ReviewChange[], ReviewDecision, string, string[]][] = [
			["a change that is not in the draft", CHANGES, { accepted: ["c1", "c9"] }, "unknown-change", ["c9"]],
			[
				"a rejected change that is not in the draft",
				CHANGES,
				{ accepted: [], rejected: ["x"] },
				"unknown-change",
				["x"],
			],
			[
				"a replacement for a change that is not in the draft",
				CHANGES,
				{ accepted: ["c1"], replaced: { c7: "t" } },
				"unknown-change",
				["c7"],
			],
			[
				"a change both accepted and rejected",
				CHANGES,
				{ accepted: ["c1", "c2"], rejected: ["c2"] },
				"decided-twice",
				["c2"],
			],
			["a change accepted twice", CHANGES, { accepted: ["c1", "c1"] }, "decided-twice", ["c1"]],
			[
				"a replacement for a rejected change",
				CHANGES,
				{ accepted: ["c1"], rejected: ["c2"], replaced: { c2: "t" } },
				"replaced-not-accepted",
				["c2"],
			],
			[
				"a replacement for an undecided change",
				CHANGES,
				{ accepted: [], replaced: { c3: "t" } },
				"replaced-not-accepted",
				["c3"],
			],
			[
				"two changes with one id",
				[CHANGES[0], { ...CHANGES[1], changeId: "c1" }],
				{ accepted: [] },
				"duplicate-change-id",
				["c1"],
			],
			["changes out of order", [CHANGES[1], CHANGES[0]], { accepted: [] }, "overlapping-changes", ["c1"]],
			[
				"changes that share a base line",
				[
					{ changeId: "x", before: "alpha\n\n", after: "", startLine: 3 },
					{ changeId: "y", before: "\nbeta\n", after: "", startLine: 4 },
				],
				{ accepted: ["x"] },
				"overlapping-changes",
				["y"],
			],
			[
				"an insertion inside a replaced line range",
				[
					{ changeId: "x", before: "alpha\n\n", after: "", startLine: 3 },
					{ changeId: "y", before: "", after: "z\n", startLine: 4 },
				],
				{ accepted: ["y"] },
				"overlapping-changes",
				["y"],
			],
			[
				"a change whose lines are not the base's at its line",
				[{ changeId: "x", before: "beta\n", after: "B\n", startLine: 3 }],
				{ accepted: ["x"] },
				"not-in-base",
				["x"],
			],
			[
				"a change that runs past the end",
				[{ changeId: "x", before: "gamma\nmore\n", after: "", startLine: 7 }],
				{ accepted: [] },
				"not-in-base",
				["x"],
			],
			[
				"a change at line 0",
				[{ changeId: "x", before: "", after: "z\n", startLine: 0 }],
				{ accepted: [] },
				"not-in-base",
				["x"],
			],
			[
				"a change past line count + 1",
				[{ changeId: "x", before: "", after: "z\n", startLine: 9 }],
				{ accepted: [] },
				"not-in-base",
				["x"],
			],
			[
				"a change at a fractional line",
				[{ changeId: "x", before: "", after: "z\n", startLine: 1.5 }],
				{ accepted: [] },
				"not-in-base",
				["x"],
			],
			[
				"text without a final newline that lines follow",
				[{ changeId: "x", before: "alpha\n", after: "A", startLine: 3 }],
				{ accepted: [] },
				"not-in-base",
				["x"],
			],
			[
				"text without a final newline that a change follows",
				[
					{ changeId: "x", before: "gamma\n", after: "G", startLine: 7 },
					{ changeId: "y", before: "", after: "z\n", startLine: 8 },
				],
				{ accepted: [] },
				"not-in-base",
				["x"],
			],
		];
		it.each(cases)("refuses %s", (_what, changes, decision, code, ids) => {
			expect(refusal(applySubset(BASE, changes, decision))).toEqual({ code, changeIds: ids });
		});

		it("refuses a change at no line at all, even in an empty note where its text would fit", () => {
			const outcome = applySubset("", [{ changeId: "x", before: "", after: "z\n", startLine: Number.NaN }], {
				accepted: ["x"],
			});
			expect(refusal(outcome)).toEqual({ code: "not-in-base", changeIds: ["x"] });
		});

		it("refuses an insertion after a last line without a final newline, which would join it", () => {
			const outcome = applySubset("a\nb", [{ changeId: "x", before: "", after: "c\n", startLine: 3 }], {
				accepted: ["x"],
			});
			expect(refusal(outcome)).toEqual({ code: "not-in-base", changeIds: ["x"] });
		});

		it("accepts an insertion at the end of an empty note and of a note that ends with a newline", () => {
			expect(
				text(applySubset("", [{ changeId: "x", before: "", after: "c", startLine: 1 }], { accepted: ["x"] })),
			).toBe("c");
			expect(
				text(applySubset("a\n", [{ changeId: "x", before: "", after: "c", startLine: 2 }], { accepted: ["x"] })),
			).toBe("a\nc");
		});

		it("says in its message which changes and why", () => {
			const outcome = applySubset(BASE, CHANGES, { accepted: ["c2"], rejected: ["c2", "c3"] });
			expect(outcome).toEqual({
				ok: false,
				code: "decided-twice",
				changeIds: ["c2"],
				message: "Each change is accepted or rejected once, and these were decided twice: c2.",
			});
		});

		it.each<[string, readonly ReviewChange[], ReviewDecision, string]>([
			[
				"duplicate-change-id",
				[CHANGES[0], { ...CHANGES[1], changeId: "c1" }],
				{ accepted: [] },
				"The draft's changes repeat an id: c1.",
			],
			["unknown-change", CHANGES, { accepted: ["c8", "c9"] }, "These changes are not part of the draft: c8, c9."],
			[
				"replaced-not-accepted",
				CHANGES,
				{ accepted: [], replaced: { c1: "t" } },
				"Only an accepted change can take your own text, and these were not accepted: c1.",
			],
			[
				"overlapping-changes",
				[CHANGES[1], CHANGES[0]],
				{ accepted: [] },
				"These changes overlap one before them or are out of order: c1.",
			],
			[
				"not-in-base",
				[{ changeId: "x", before: "beta\n", after: "", startLine: 1 }],
				{ accepted: [] },
				"These changes do not fit the note they were drafted from: x.",
			],
		])("says in words what is wrong for %s", (code, changes, decision, message) => {
			expect(applySubset(BASE, changes, decision)).toEqual({
				ok: false,
				code,
				changeIds: message.slice(message.lastIndexOf(":") + 2, -1).split(", "),
				message,
			});
		});

		it("refuses a change before line 1 of an empty note as not fitting it, not as an overlap", () => {
			const outcome = applySubset("", [{ changeId: "x", before: "", after: "z\n", startLine: 0 }], { accepted: ["x"] });
			expect(refusal(outcome)).toEqual({ code: "not-in-base", changeIds: ["x"] });
		});

		it("names an unknown change once however often the decision names it", () => {
			expect(refusal(applySubset(BASE, CHANGES, { accepted: ["z"], rejected: ["z"] }))).toEqual({
				code: "unknown-change",
				changeIds: ["z"],
			});
		});

		it("refuses a stale change even when it is rejected, since the list no longer describes the base", () => {
			const stale = changesBetween(lines("other"), lines("OTHER"));
			expect(refusal(applySubset(BASE, stale, { accepted: [] }))).toEqual({ code: "not-in-base", changeIds: ["c1"] });
		});
	});
});
