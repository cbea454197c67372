/**
 * The `/` picker's folders (issue 33): every folder of the notes' paths, nested ones too, ranked as
 * the `#` picker's tags are: those that start with what was typed first (any case), then those with
 * a level that does, then the rest that contain it; within each, the folder with more notes first.
 */
import { describe, expect, it } from "vitest";
import { openChipQuery, suggestFolders } from "../../src/ui/chip-query";

const PATHS = [
	"Archive/Projects 2019/Old.md",
	"Archive/Projects 2019/Older.md",
	"Archive/Projects 2019/Oldest.md",
	"Projects/Alpha/Plan.md",
	"Projects/Beta.md",
	"Reading/Improving.md",
	"Top.md",
];

describe("the / picker's folders", () => {
	it("puts the folders that start with what was typed first, then a level that does, then any that contain it", () => {
		expect(suggestFolders(PATHS, "pro", 20)).toEqual(["Projects", "Projects/Alpha", "Archive/Projects 2019"]);
		expect(suggestFolders(PATHS, "PRO", 20)).toEqual(["Projects", "Projects/Alpha", "Archive/Projects 2019"]);
		expect(suggestFolders(PATHS, "ing", 20)).toEqual(["Reading"]);
	});

	it("offers every folder when nothing is typed, the one with most notes first, at most the limit", () => {
		expect(suggestFolders(PATHS, "", 20)).toEqual([
			"Archive",
			"Archive/Projects 2019",
			"Projects",
			"Projects/Alpha",
			"Reading",
		]);
		expect(suggestFolders(PATHS, "", 2)).toEqual(["Archive", "Archive/Projects 2019"]);
	});

	it("opens for / and # at the start of a word only", () => {
		expect(openChipQuery("see /Proj", 9)).toEqual({ kind: "folder", start: 4, query: "Proj" });
		expect(openChipQuery("see #proj/al", 12)).toEqual({ kind: "tag", start: 4, query: "proj/al" });
		expect(openChipQuery("a/b", 3)).toBeNull();
		expect(openChipQuery("issue#3", 7)).toBeNull();
	});
});
