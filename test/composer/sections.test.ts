import { describe, expect, it } from "vitest";
import { sectionsNamedIn, splitSections } from "../../src/composer/sections";

const note = [
	"---",
	"title: x",
	"# not a heading",
	"---",
	"Intro",
	"# Alpha",
	"a",
	"## Beta",
	"b",
	"```",
	"# in code",
	"```",
	"# Gamma",
	"g",
	"",
].join("\n");

describe("sections", () => {
	it("splits at headings outside frontmatter and code, each section including its subsections", () => {
		const sections = splitSections(note);
		expect(sections.map((s) => [s.heading, s.level])).toEqual([
			[null, 0],
			["Alpha", 1],
			["Beta", 2],
			["Gamma", 1],
		]);
		const alpha = sections[1];
		expect(note.slice(alpha.start, alpha.end)).toBe("# Alpha\na\n## Beta\nb\n```\n# in code\n```\n");
		expect(note.slice(sections[3].start, sections[3].end)).toBe("# Gamma\ng\n");
	});

	it("picks the sections whose heading the description names, outermost first", () => {
		const sections = splitSections(note);
		expect(sectionsNamedIn("tidy the beta and alpha parts", sections).map((s) => s.heading)).toEqual(["Alpha"]);
		expect(sectionsNamedIn("add a line under Gamma", sections).map((s) => s.heading)).toEqual(["Gamma"]);
		expect(sectionsNamedIn("fix typos everywhere", sections)).toEqual([]);
	});

	it("matches whole words only", () => {
		expect(sectionsNamedIn("alphabetize the list", splitSections(note))).toEqual([]);
	});
});
