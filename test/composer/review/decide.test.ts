import { describe, expect, it } from "vitest";
import { changesBetween } from "../../../src/composer/review/changes";
import { decideReview, type ReviewOutcome } from "../../../src/composer/review/decide";

const lines = (...xs: string[]) => xs.map((x) => `${x}\n`).join("");
const BASE = lines("# Plan", "", "alpha", "", "beta", "", "gamma");
const DRAFT = lines("# Plan", "", "ALPHA", "", "BETA", "", "GAMMA");

function decided(outcome: ReviewOutcome) {
	if (!outcome.ok) throw new Error(`refused: ${outcome.code} ${outcome.message}`);
	return outcome;
}

describe("a review's decision, as the write needs it", () => {
	it("gives the text with the first and third of three changes, those two as written and the second as rejected", () => {
		const outcome = decided(decideReview(BASE, DRAFT, { accepted: ["c1", "c3"], rejected: ["c2"] }));
		expect(outcome.text).toBe(lines("# Plan", "", "ALPHA", "", "beta", "", "GAMMA"));
		expect(outcome.written).toEqual([
			{ changeId: "c1", before: "alpha\n", after: "ALPHA\n", startLine: 3, rewritten: false },
			{ changeId: "c3", before: "gamma\n", after: "GAMMA\n", startLine: 7, rewritten: false },
		]);
		expect(outcome.rejected).toEqual(["c2"]);
	});

	it("uses the ids edit_proposed carried: those of changesBetween on the same base and draft", () => {
		const ids = changesBetween(BASE, DRAFT).map((c) => c.changeId);
		expect(decided(decideReview(BASE, DRAFT, { accepted: ids })).written.map((c) => c.changeId)).toEqual(ids);
	});

	it("reports a rewritten change with the text that was written, made whole lines", () => {
		const outcome = decided(
			decideReview(BASE, DRAFT, { accepted: ["c1", "c2"], rejected: ["c3"], replaced: { c2: "my beta\r\nand more" } }),
		);
		expect(outcome.text).toBe(lines("# Plan", "", "ALPHA", "", "my beta", "and more", "", "gamma"));
		expect(outcome.written[1]).toEqual({
			changeId: "c2",
			before: "beta\n",
			after: "my beta\nand more\n",
			startLine: 5,
			rewritten: true,
		});
		expect(outcome.written[0].rewritten).toBe(false);
	});

	it("lists what was written and rejected in document order, whatever the order of the decision", () => {
		const outcome = decided(decideReview(BASE, DRAFT, { accepted: ["c3", "c1"], rejected: ["c2"] }));
		expect(outcome.written.map((c) => c.changeId)).toEqual(["c1", "c3"]);
		const none = decided(decideReview(BASE, DRAFT, { accepted: [], rejected: ["c3", "c1", "c2"] }));
		expect(none).toEqual({ ok: true, text: BASE, written: [], rejected: ["c1", "c2", "c3"] });
	});

	it("refuses a decision that leaves a change undecided, naming it, and writes nothing", () => {
		expect(decideReview(BASE, DRAFT, { accepted: ["c1"], rejected: ["c3"] })).toEqual({
			ok: false,
			code: "undecided",
			changeIds: ["c2"],
			message: "Every change is accepted or rejected, and these were neither: c2.",
		});
		expect(decideReview(BASE, DRAFT, { accepted: [] })).toMatchObject({
			changeIds: ["c1", "c2", "c3"],
			message: "Every change is accepted or rejected, and these were neither: c1, c2, c3.",
		});
	});

	it("passes on the apply's refusals: an unknown or twice-decided change", () => {
		expect(decideReview(BASE, DRAFT, { accepted: ["c1", "c9"], rejected: ["c2", "c3"] })).toMatchObject({
			ok: false,
			code: "unknown-change",
			changeIds: ["c9"],
		});
		expect(decideReview(BASE, DRAFT, { accepted: ["c1", "c2", "c3"], rejected: ["c2"] })).toMatchObject({
			ok: false,
			code: "decided-twice",
			changeIds: ["c2"],
		});
	});

	it("has nothing to decide when the draft is the base", () => {
		expect(decideReview(BASE, BASE, { accepted: [] })).toEqual({ ok: true, text: BASE, written: [], rejected: [] });
	});
});
