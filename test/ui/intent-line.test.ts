import { describe, expect, it } from "vitest";
import { aheadLine, aheadText, doneTitle, intentLine, pastTense } from "../../src/ui/intent-line";

describe("what an edit will do, as a title", () => {
	it("reads as a sentence of its own, whatever case or 'to' the model's description starts with", () => {
		expect(aheadLine("Remove all headings")).toBe("Remove all headings");
		expect(aheadLine("remove all headings")).toBe("Remove all headings");
		expect(aheadLine("To remove all headings")).toBe("Remove all headings");
		expect(aheadLine("declutter the lists")).toBe("Declutter the lists");
		expect(aheadLine("Headings cleanup")).toBe("Headings cleanup");
		expect(aheadLine("# Title fix")).toBe("# Title fix");
		expect(intentLine("ADD a line")).toEqual({ kind: "verb", rest: "ADD a line" });
	});

	it("as plain text for labels: the note after a middle dot, links as their text", () => {
		expect(aheadText("Remove all headings", "Daily.md")).toBe("Remove all headings · Daily.md");
		expect(aheadText("Link [[Welcome|the welcome note]] at the top", "A.md")).toBe(
			"Link the welcome note at the top · A.md",
		);
	});
});

describe("the intent line once the edit is done", () => {
	it("puts a description that starts with a known verb in the past tense", () => {
		expect(doneTitle("Remove all headings")).toBe("Removed all headings");
		expect(doneTitle("add a summary section")).toBe("Added a summary section");
		expect(doneTitle("To tidy the lists")).toBe("Tidied the lists");
		expect(doneTitle("Rewrite the intro")).toBe("Rewrote the intro");
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
		expect(doneTitle("declutter the lists")).toBe("Declutter the lists");
		expect(doneTitle("Headings cleanup")).toBe("Headings cleanup");
	});
});
