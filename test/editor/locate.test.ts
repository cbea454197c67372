/**
 * Where a proposed change stands in the note as it is now: at its line, moved as far as the
 * change before it moved, or at the one place near its line where its text starts a line; a
 * change found twice, or edited inside, is not placed (the card still shows it).
 */
import { Text } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { locateChanges } from "../../src/editor/locate";
import type { ProposedChange } from "../../src/editor";

const BASE = "# Title\n\nalpha\n\nbeta\n\ngamma\n";
const doc = (text: string) => Text.of(text.split("\n"));
const change = (changeId: string, before: string, startLine: number, after = "new\n"): ProposedChange => ({
	changeId,
	before,
	after,
	startLine,
});
/** Each placed change as the text it covers, by id. */
function placed(text: string, changes: ProposedChange[], hints?: Map<string, number>): Record<string, string> {
	const d = doc(text);
	return Object.fromEntries(
		[...locateChanges(d, changes, hints)].map(([id, at]) => [
			id,
			`${d.lineAt(at.from).number}:${d.sliceString(at.from, at.to)}`,
		]),
	);
}

describe("locating a draft's changes in the open note", () => {
	it("finds each change at its line in the base", () => {
		expect(placed(BASE, [change("c1", "alpha\n", 3), change("c2", "gamma\n", 7)])).toEqual({
			c1: "3:alpha\n",
			c2: "7:gamma\n",
		});
	});

	it("follows the user's lines typed above, and carries the shift to the changes after", () => {
		const typed = BASE.replace("# Title\n", "# Title\nnew line\nand another\n");
		expect(placed(typed, [change("c1", "alpha\n", 3), change("c2", "beta\n", 5), change("c3", "gamma\n", 7)])).toEqual({
			c1: "5:alpha\n",
			c2: "7:beta\n",
			c3: "9:gamma\n",
		});
	});

	it("finds a change whose text is unique near its line, wherever the typing moved it", () => {
		const typed = BASE.replace("beta\n", "one\ntwo\nthree\nbeta\n");
		expect(placed(typed, [change("c2", "beta\n", 5)])).toEqual({ c2: "8:beta\n" });
	});

	it("leaves out a moved change whose text starts two lines near it, rather than guess", () => {
		const text = "x\nsame\ny\nsame\n";
		expect(placed(`top\n${text}`, [change("c1", "same\n", 2)])).toEqual({});
		// At its own line it is placed, even though the text repeats.
		expect(placed(text, [change("c1", "same\n", 2)])).toEqual({ c1: "2:same\n" });
	});

	it("leaves out a change the user edited inside", () => {
		expect(
			placed(BASE.replace("beta", "beta and more"), [change("c1", "alpha\n", 3), change("c2", "beta\n", 5)]),
		).toEqual({ c1: "3:alpha\n" });
	});

	it("places only whole lines: not a line that merely starts with the change's last line", () => {
		expect(placed("a\nlast line and more", [change("c1", "last line", 2)])).toEqual({});
		expect(placed("a\nlast line", [change("c1", "last line", 2)])).toEqual({ c1: "2:last line" });
	});

	it("places an insertion at its line, and at the end after a final newline", () => {
		expect(placed(BASE, [change("c1", "", 3), change("c2", "", 8)])).toEqual({ c1: "3:", c2: "8:" });
		expect(placed(BASE, [change("c1", "", 9)])).toEqual({});
	});

	it("never lets two changes overlap", () => {
		expect(placed("a\nb\nc\n", [change("c1", "a\nb\n", 1), change("c2", "b\nc\n", 2)])).toEqual({ c1: "1:a\nb\n" });
	});

	it("tries the position it had before the last edit first", () => {
		const text = "same\nsame\n";
		expect(placed(text, [change("c1", "same\n", 1)], new Map([["c1", 5]]))).toEqual({ c1: "2:same\n" });
	});
});
