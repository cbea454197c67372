import { describe, expect, it } from "vitest";
import { describeLines, merge3, mergeLines } from "../../src/history/merge";

const lines = (...xs: string[]) => xs.map((x) => x + "\n").join("");

describe("merge3", () => {
	it("takes theirs when ours did not change", () => {
		expect(merge3("a\nb\n", "a\nb\n", "a\nB\n")).toEqual({ ok: true, text: "a\nB\n" });
	});

	it("merges changes to different lines from both sides", () => {
		const base = lines("1", "2", "3", "4", "5");
		const ours = lines("1", "two", "3", "4", "5");
		const theirs = lines("1", "2", "3", "4", "five");
		expect(merge3(base, ours, theirs)).toEqual({ ok: true, text: lines("1", "two", "3", "4", "five") });
	});

	it("merges changes to adjacent lines", () => {
		expect(merge3(lines("a", "b", "c"), lines("a", "B", "c"), lines("a", "b", "C"))).toEqual({
			ok: true,
			text: lines("a", "B", "C"),
		});
	});

	it("keeps an insertion before a line the other side changed", () => {
		expect(merge3(lines("a", "b"), lines("a", "new", "b"), lines("a", "B"))).toEqual({
			ok: true,
			text: lines("a", "new", "B"),
		});
	});

	it("reports a conflict with the lines of ours when both sides change the same line differently", () => {
		const result = merge3(lines("a", "b", "c"), lines("a", "mine", "c"), lines("a", "theirs", "c"));
		expect(result.ok).toBe(false);
		if (!result.ok) {
			expect(result.conflictLines).toEqual([2]);
			expect(result.conflicts[0].base).toEqual({ start: 1, end: 2 });
		}
	});

	it("treats two insertions at the same place as a conflict unless they are identical", () => {
		expect(merge3(lines("a", "b"), lines("a", "x", "b"), lines("a", "y", "b")).ok).toBe(false);
		expect(merge3(lines("a", "b"), lines("a", "x", "b", "z"), lines("a", "x", "b"))).toEqual({
			ok: true,
			text: lines("a", "x", "b", "z"),
		});
	});

	it("accepts the same change made on both sides", () => {
		expect(merge3(lines("a", "b", "c"), lines("a", "B", "c", "d"), lines("a", "B", "c"))).toEqual({
			ok: true,
			text: lines("a", "B", "c", "d"),
		});
	});

	it("keeps CRLF, a BOM and a missing final newline exactly as each side has them", () => {
		const base = "\uFEFFtitle\r\nbody\r\nend";
		const ours = "\uFEFFtitle\r\nbody\r\nend and more";
		const theirs = "\uFEFFTitle ✓\r\nbody\r\nend";
		expect(merge3(base, ours, theirs)).toEqual({ ok: true, text: "\uFEFFTitle ✓\r\nbody\r\nend and more" });
	});

	it("ends a line that lacked a final newline once the other side's lines land after it", () => {
		// The user replaced the whole note with one unterminated line; a revert re-inserts a line after it.
		expect(merge3("Intro\n", "USER-1", "Intro\n## Get started\n")).toEqual({
			ok: true,
			text: "USER-1\n## Get started\n",
		});
		expect(merge3("Intro\r\n", "USER-1", "Intro\r\n## Get started\r\n")).toEqual({
			ok: true,
			text: "USER-1\r\n## Get started\r\n",
		});
	});

	// Mutant: sameLines without its length check (one side's change a prefix of the other's merged silently).
	it("reports a conflict when both sides changed the same lines and one result is a prefix of the other", () => {
		const base = lines("a", "b", "c");
		const shorter = lines("a", "x", "c");
		const longer = lines("a", "x", "y", "c");
		expect(merge3(base, shorter, longer)).toMatchObject({ ok: false, conflictLines: [2] });
		expect(merge3(base, longer, shorter)).toMatchObject({ ok: false, conflictLines: [2, 3] });
	});

	// Mutants: every later line ended again, or the last line ended too (merge.ts, terminateInnerLines).
	it("ends only the unterminated inner line when several lines land after it, and leaves the last line as the side has it", () => {
		expect(merge3("a\n", "X", "a\nt1\nt2\nt3")).toEqual({ ok: true, text: "X\nt1\nt2\nt3" });
		expect(merge3("Intro\n", "USER-1", "Intro\n## One\n## Two\n")).toEqual({
			ok: true,
			text: "USER-1\n## One\n## Two\n",
		});
		expect(merge3("a\r\n", "X", "a\r\nt1\r\nt2")).toEqual({ ok: true, text: "X\r\nt1\r\nt2" });
	});

	describe("fast paths (a side equal to another gives that text as is, without a line merge)", () => {
		it("gives ours when theirs is the base", () => {
			expect(merge3(lines("a", "b"), lines("a", "B", "c"), lines("a", "b"))).toEqual({
				ok: true,
				text: lines("a", "B", "c"),
			});
		});
		it("gives ours when both sides made the same change", () => {
			expect(merge3(lines("a", "b"), lines("A", "b"), lines("A", "b"))).toEqual({ ok: true, text: lines("A", "b") });
		});
		it("gives theirs when ours is the base", () => {
			expect(merge3(lines("a", "b"), lines("a", "b"), "a\nB")).toEqual({ ok: true, text: "a\nB" });
		});
		it("gives ours byte for byte even when it lacks a final newline", () => {
			expect(merge3("a\nb\n", "a\nb", "a\nb\n")).toEqual({ ok: true, text: "a\nb" });
		});
	});

	it("keeps an insertion of theirs before a line ours changed", () => {
		expect(merge3(lines("a", "b"), lines("a", "B"), lines("a", "new", "b"))).toEqual({
			ok: true,
			text: lines("a", "new", "B"),
		});
	});

	it("names every line of ours in a conflict whose group reaches past ours' own change", () => {
		// Theirs changed lines 2-4, ours line 3 only: the clash spans base lines 2-4, which are lines 2-4 of ours.
		const result = merge3(
			lines("a", "b", "c", "d", "e"),
			lines("a", "b", "C", "d", "e"),
			lines("a", "B", "C2", "D", "e"),
		);
		expect(result).toMatchObject({ ok: false, conflictLines: [2, 3, 4] });
		if (!result.ok)
			expect(result.conflicts[0]).toEqual({
				base: { start: 1, end: 4 },
				ours: { start: 1, end: 4 },
				theirs: { start: 1, end: 4 },
			});
	});

	it("accepts the same change of several lines made on both sides, with another change of ours elsewhere", () => {
		expect(merge3(lines("a", "b", "c", "d"), lines("a", "B", "C", "d", "mine"), lines("a", "B", "C", "d"))).toEqual({
			ok: true,
			text: lines("a", "B", "C", "d", "mine"),
		});
	});

	it("lists the lines of several conflicts in ascending order", () => {
		const result = merge3(lines("a", "b", "c", "d"), lines("A1", "b", "c", "D1"), lines("A2", "b", "c", "D2"));
		expect(result).toMatchObject({ ok: false, conflictLines: [1, 4] });
	});

	it("handles empty texts", () => {
		expect(merge3("", "", "x\n")).toEqual({ ok: true, text: "x\n" });
		expect(merge3("x\n", "x\ny\n", "")).toEqual({ ok: true, text: "y\n" });
	});

	it("describes line lists as ranges", () => {
		expect(describeLines([])).toBe("no lines");
		expect(describeLines([4])).toBe("line 4");
		expect(describeLines([2, 7, 8, 9])).toBe("lines 2, 7-9");
	});
});

describe("mergeLines", () => {
	// A revert chain passes its own arrays as the merge target: one that is also an input would be overwritten while read.
	it("refuses to write into an array it reads", () => {
		const base = ["a\n", "b\n"];
		const ours = ["a\n", "b\n", "mine\n"];
		const theirs = ["A\n", "b\n"];
		expect(() => mergeLines(base, ours, theirs, ours)).toThrow(/merge target/);
		expect(() => mergeLines(base, ours, theirs, base)).toThrow(/merge target/);
		expect(() => mergeLines(base, ours, theirs, theirs)).toThrow(/merge target/);
		expect(ours).toEqual(["a\n", "b\n", "mine\n"]);
		expect(mergeLines(base, ours, theirs, [])).toEqual({ ok: true, lines: ["A\n", "b\n", "mine\n"] });
	});

	// A revert chain knows the note is back at a version exactly by getting that version's own array.
	it("hands back theirs itself when ours did not change, and ours itself when theirs did not", () => {
		const base = ["a\n", "b\n"];
		const changed = ["a\n", "B\n"];
		const theirs = mergeLines(base, base.slice(), changed, []);
		expect(theirs.ok && theirs.lines).toBe(changed);
		const ours = mergeLines(base, changed, base.slice(), []);
		expect(ours.ok && ours.lines).toBe(changed);
	});
});
