import { describe, expect, it } from "vitest";
import { doneText, intentLine, intentText, pastTense } from "../../src/ui/intent-line";

describe("the intent line", () => {
	it("lower-cases a description that starts with a capitalised common verb", () => {
		expect(intentText("Remove all headings", "Daily.md")).toBe("Planning to remove all headings in Daily.md");
		expect(intentText("Add a summary section at the top", "Plan.md")).toBe(
			"Planning to add a summary section at the top in Plan.md",
		);
		expect(intentText("Fix typos in README", "Notes.md")).toBe("Planning to fix typos in README in Notes.md");
	});

	it("keeps a description that already reads as the rest of the sentence, and drops a doubled 'to'", () => {
		expect(intentText("remove all headings", "Daily.md")).toBe("Planning to remove all headings in Daily.md");
		expect(intentText("declutter the lists", "Daily.md")).toBe("Planning to declutter the lists in Daily.md");
		expect(intentText("To remove all headings", "Daily.md")).toBe("Planning to remove all headings in Daily.md");
	});

	it("phrases a description that does not start with a verb so that it reads anyway", () => {
		expect(intentText("Headings cleanup", "Daily.md")).toBe("Planning a change to Daily.md: Headings cleanup");
		expect(intentText("README overhaul", "README.md")).toBe("Planning a change to README.md: README overhaul");
		expect(intentText("# Title fix", "A.md")).toBe("Planning a change to A.md: # Title fix");
		expect(intentLine("ADD a line")).toEqual({ kind: "verb", rest: "ADD a line" });
	});
});

describe("the intent line once the edit is done", () => {
	it("puts a description that starts with a known verb in the past tense", () => {
		expect(doneText("Remove all headings", "Daily.md")).toBe("Removed all headings in Daily.md");
		expect(doneText("add a summary section", "Plan.md")).toBe("Added a summary section in Plan.md");
		expect(doneText("To tidy the lists", "A.md")).toBe("Tidied the lists in A.md");
		expect(doneText("Rewrite the intro", "A.md")).toBe("Rewrote the intro in A.md");
	});

	it("spells regular, doubled and irregular past tenses", () => {
		expect(
			[
				"fix",
				"drop",
				"tag",
				"trim",
				"strip",
				"sort",
				"edit",
				"append",
				"bump",
				"copy",
				"make",
				"split",
				"unwrap",
				"merge",
				"format",
			].map(pastTense),
		).toEqual([
			"fixed",
			"dropped",
			"tagged",
			"trimmed",
			"stripped",
			"sorted",
			"edited",
			"appended",
			"bumped",
			"copied",
			"made",
			"split",
			"unwrapped",
			"merged",
			"formatted",
		]);
	});

	it("does not guess a past tense for a word it does not know is a verb", () => {
		expect(doneText("declutter the lists", "Daily.md")).toBe("Changed Daily.md: declutter the lists");
		expect(doneText("Headings cleanup", "Daily.md")).toBe("Changed Daily.md: Headings cleanup");
	});
});
