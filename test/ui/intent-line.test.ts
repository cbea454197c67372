import { describe, expect, it } from "vitest";
import { intentLine, intentText } from "../../src/ui/intent-line";

describe("the intent line", () => {
	it("lower-cases a description that starts with a capitalised common verb", () => {
		expect(intentText("Remove all headings", "Daily.md")).toBe("Planning to remove all headings in Daily.md");
		expect(intentText("Add a summary section at the top", "Plan.md")).toBe("Planning to add a summary section at the top in Plan.md");
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
