import { describe, expect, it } from "vitest";
import { changesBetween, type ReviewChange } from "../../../src/composer/review/changes";
import { decideReview } from "../../../src/composer/review/decide";
import { mergeOntoTyping } from "../../../src/composer/review/merge-typing";

const lines = (...xs: string[]) => xs.map((x) => `${x}\n`).join("");
const BASE = lines("# Plan", "", "alpha", "", "beta", "", "gamma");
const DRAFT = lines("# Plan", "", "ALPHA", "", "BETA", "", "GAMMA");
const ALL = changesBetween(BASE, DRAFT);

/** The accepted changes of a draft of `base`, as the review writes them. */
function accepted(base: string, draft: string): ReviewChange[] {
	const ids = changesBetween(base, draft).map((c) => c.changeId);
	const outcome = decideReview(base, draft, { accepted: ids });
	if (!outcome.ok) throw new Error(outcome.message);
	return outcome.written;
}

describe("writing the accepted changes onto what the user typed while the draft waited", () => {
	it("merges the changes outside the user's typing, refuses the one inside it on its own, and keeps the typing (issue 29)", () => {
		// First the user types outside every change: a line under the heading.
		const typedOutside = lines("# Plan", "Today: rain", "", "alpha", "", "beta", "", "gamma");
		expect(mergeOntoTyping(BASE, typedOutside, ALL)).toEqual({
			text: lines("# Plan", "Today: rain", "", "ALPHA", "", "BETA", "", "GAMMA"),
			written: [
				{ changeId: "c1", startLine: 4 },
				{ changeId: "c2", startLine: 6 },
				{ changeId: "c3", startLine: 8 },
			],
			refused: [],
		});
		// Then inside the second change too.
		const typedInside = lines("# Plan", "Today: rain", "", "alpha", "", "beta and mine", "", "gamma");
		expect(mergeOntoTyping(BASE, typedInside, ALL)).toEqual({
			text: lines("# Plan", "Today: rain", "", "ALPHA", "", "beta and mine", "", "GAMMA"),
			written: [
				{ changeId: "c1", startLine: 4 },
				{ changeId: "c3", startLine: 8 },
			],
			refused: [{ changeId: "c2", lines: [6] }],
		});
	});

	it("writes what the review decided, at the changes' own lines, when nobody typed", () => {
		expect(mergeOntoTyping(BASE, BASE, ALL)).toEqual({
			text: DRAFT,
			written: ALL.map((c) => ({ changeId: c.changeId, startLine: c.startLine })),
			refused: [],
		});
		const some = decideReview(BASE, DRAFT, { accepted: ["c1", "c3"], rejected: ["c2"], replaced: { c3: "mine" } });
		if (!some.ok) throw new Error(some.message);
		expect(mergeOntoTyping(BASE, BASE, some.written).text).toBe(some.text);
	});

	it("moves the changes up by the lines the user removed above them", () => {
		const current = lines("alpha", "", "beta", "", "gamma");
		expect(mergeOntoTyping(BASE, current, ALL)).toMatchObject({
			text: lines("ALPHA", "", "BETA", "", "GAMMA"),
			written: [{ startLine: 1 }, { startLine: 3 }, { startLine: 5 }],
		});
	});

	it("applies a change the user typed right before or right after, the typing around the change's text", () => {
		const base = lines("a", "", "b", "", "c");
		const changes = accepted(base, lines("a", "", "B", "", "c"));
		expect(mergeOntoTyping(base, lines("a", "", "before", "b", "after", "", "c"), changes)).toEqual({
			text: lines("a", "", "before", "B", "after", "", "c"),
			written: [{ changeId: "c1", startLine: 4 }],
			refused: [],
		});
		expect(mergeOntoTyping(base, lines("a!", "", "b", "", "c!"), changes).text).toBe(lines("a!", "", "B", "", "c!"));
	});

	it("puts an inserted change before the line the user edited where it goes, but refuses it where the user inserted text too", () => {
		const base = lines("a", "b");
		const changes = accepted(base, lines("a", "NEW", "b"));
		expect(changes).toMatchObject([{ before: "", after: "NEW\n", startLine: 2 }]);
		expect(mergeOntoTyping(base, lines("a", "b!"), changes)).toMatchObject({
			text: lines("a", "NEW", "b!"),
			written: [{ changeId: "c1", startLine: 2 }],
		});
		expect(mergeOntoTyping(base, lines("a", "mine", "b"), changes)).toEqual({
			text: lines("a", "mine", "b"),
			written: [],
			refused: [{ changeId: "c1", lines: [2] }],
		});
	});

	it("refuses a change whose lines the user deleted, naming the line where they were", () => {
		const base = lines("a", "", "b", "", "c");
		const changes = accepted(base, lines("a", "", "B", "", "c"));
		expect(mergeOntoTyping(base, lines("a", "", "", "c"), changes)).toEqual({
			text: lines("a", "", "", "c"),
			written: [],
			refused: [{ changeId: "c1", lines: [3] }],
		});
		expect(mergeOntoTyping(base, "", changes)).toEqual({
			text: "",
			written: [],
			refused: [{ changeId: "c1", lines: [1] }],
		});
		// Deleted at the end: the last line names the place.
		const atEnd = accepted(base, lines("a", "", "b", "", "C"));
		expect(mergeOntoTyping(base, lines("a", "", "b", ""), atEnd).refused).toEqual([{ changeId: "c1", lines: [4] }]);
	});

	it("names every line of the user's typing inside a change", () => {
		const base = lines("p1", "p2", "p3", "", "q");
		const changes = accepted(base, lines("r1", "r2", "r3", "", "q"));
		expect(changes).toHaveLength(1);
		expect(mergeOntoTyping(base, lines("p1!", "p2", "p3!", "", "q"), changes).refused).toEqual([
			{ changeId: "c1", lines: [1, 3] },
		]);
		expect(mergeOntoTyping(base, lines("p1", "new 1", "new 2", "p3", "", "q"), changes).refused).toEqual([
			{ changeId: "c1", lines: [2, 3] },
		]);
	});

	describe("at the end of the note, where the last line may lack a newline", () => {
		const base = lines("a", "", "b");

		it("refuses a change that drops the final newline when the user added a line after it", () => {
			const changes = accepted(base, "a\n\nB");
			expect(mergeOntoTyping(base, lines("a", "", "b", "c"), changes)).toEqual({
				text: lines("a", "", "b", "c"),
				written: [],
				refused: [{ changeId: "c1", lines: [4] }],
			});
			expect(mergeOntoTyping(base, lines("A", "", "b"), changes).text).toBe("A\n\nB");
		});

		it("refuses a line added at the end when the user removed the final newline", () => {
			const changes = accepted(base, lines("a", "", "b", "c"));
			expect(mergeOntoTyping(base, "a\n\nb", changes)).toEqual({
				text: "a\n\nb",
				written: [],
				refused: [{ changeId: "c1", lines: [3] }],
			});
			expect(mergeOntoTyping(base, "A\n\nb\n", changes).text).toBe(lines("A", "", "b", "c"));
			// The open last line only stops what would follow it: a change above it is written.
			expect(mergeOntoTyping(base, "a\n\nb", accepted(base, lines("A", "", "b")))).toMatchObject({
				text: "A\n\nb",
				refused: [],
			});
		});
	});

	it("places a change at the end of a long note under typing at its top", () => {
		const note = (first: string, last: string) => `${first}\n${"line\n".repeat(20_000)}${last}\n`;
		const base = note("top", "bottom");
		const changes = accepted(base, note("top", "BOTTOM"));
		const merged = mergeOntoTyping(base, note("TYPED", "bottom"), changes);
		expect(merged.text).toBe(note("TYPED", "BOTTOM"));
		expect(merged.written).toEqual([{ changeId: "c1", startLine: 20_002 }]);
	});
});
