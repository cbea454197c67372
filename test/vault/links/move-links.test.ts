/**
 * Moving a note rewrites the links that lead to it as Obsidian does, in the style each had, and
 * leaves every other byte of every note alone.
 */
import { describe, expect, it } from "vitest";
import { planMoveLinks } from "../../../src/vault/links/move-links";

function move(notes: Record<string, string>, from: string, to: string, others: string[] = []): Record<string, string> {
	const map = new Map(Object.entries(notes));
	const paths = new Set([...map.keys(), ...others]);
	return Object.fromEntries(planMoveLinks(map, paths, from, to).texts);
}

describe("moving a note rewrites the links to it", () => {
	it("a shortest wikilink stays shortest when the name still finds the note", () => {
		expect(move({ "Plan.md": "x", "Daily.md": "see [[Plan]] today\n" }, "Plan.md", "Archive/Plan.md")).toEqual({});
	});

	it("a renamed note's shortest wikilink takes the new name, keeping the heading and the alias", () => {
		expect(
			move({ "Plan.md": "x", "Daily.md": "see [[Plan#Goals|the plan]] and [[Plan]]\n" }, "Plan.md", "Roadmap.md"),
		).toEqual({ "Daily.md": "see [[Roadmap#Goals|the plan]] and [[Roadmap]]\n" });
	});

	it("a shortest wikilink becomes a path when another note has the same name", () => {
		expect(
			move({ "Plan.md": "x", "Old/Roadmap.md": "y", "Daily.md": "[[Plan]]\n" }, "Plan.md", "Work/Roadmap.md"),
		).toEqual({ "Daily.md": "[[Work/Roadmap]]\n" });
	});

	it("a path wikilink and an embed become the new path", () => {
		expect(
			move(
				{ "Projects/Plan.md": "x", "Daily.md": "[[Projects/Plan]]\n![[Projects/Plan#Goals]]\n" },
				"Projects/Plan.md",
				"Archive/Plan.md",
			),
		).toEqual({ "Daily.md": "[[Archive/Plan]]\n![[Archive/Plan#Goals]]\n" });
	});

	it("a Markdown link keeps its .md, its heading, and its <...> or %20 spelling", () => {
		const notes = {
			"Plan.md": "x",
			"Daily.md": "[a](Plan.md#Goals) [b](<Plan.md>) [c](Plan%20old.md)\n",
		};
		expect(move(notes, "Plan.md", "My Plans/Big Plan.md", ["Plan old.md"])).toEqual({
			"Daily.md": "[a](My%20Plans/Big%20Plan.md#Goals) [b](<My Plans/Big Plan.md>) [c](Plan%20old.md)\n",
		});
		expect(move({ "Plan old.md": "x", "Daily.md": "[c](Plan%20old.md)\n" }, "Plan old.md", "Done/Plan new.md")).toEqual(
			{
				"Daily.md": "[c](Done/Plan%20new.md)\n",
			},
		);
	});

	it("a relative Markdown link stays relative to the note it stands in", () => {
		expect(
			move(
				{ "Projects/Plan.md": "x", "Journal/Day.md": "[p](../Projects/Plan.md)\n" },
				"Projects/Plan.md",
				"Archive/2025/Plan.md",
			),
		).toEqual({ "Journal/Day.md": "[p](../Archive/2025/Plan.md)\n" });
	});

	it("in the moved note, relative links are rewritten to lead where they led, and links to itself follow it", () => {
		const notes = {
			"Projects/Plan.md": "[s](./Spec.md) [o](../Ideas.md) [[Spec]] [[Plan#Top]]\n",
			"Projects/Spec.md": "s",
			"Ideas.md": "i",
		};
		expect(move(notes, "Projects/Plan.md", "Archive/2025/Plan.md")).toEqual({
			"Projects/Plan.md": "[s](../../Projects/Spec.md) [o](../../Ideas.md) [[Spec]] [[Plan#Top]]\n",
		});
	});

	it("leaves links in code, external URLs and links to other notes alone", () => {
		const daily = "`[[Plan]]`\n```\n[[Plan]]\n```\n[w](https://x.org/Plan.md) [[Other]]\n";
		expect(move({ "Plan.md": "x", "Other.md": "o", "Daily.md": daily }, "Plan.md", "Roadmap.md")).toEqual({});
	});

	it("finds the note whatever the case of the link, as Obsidian does", () => {
		expect(
			move({ "Projects/Plan.md": "x", "Daily.md": "[[plan]] [[projects/PLAN|p]]\n" }, "Projects/Plan.md", "Roadmap.md"),
		).toEqual({
			"Daily.md": "[[Roadmap]] [[Roadmap|p]]\n",
		});
	});

	it("leaves hidden notes alone, as Obsidian does not see them", () => {
		expect(move({ "Plan.md": "x", ".drafts/Note.md": "[[Plan]]\n" }, "Plan.md", "Roadmap.md")).toEqual({});
	});
});
