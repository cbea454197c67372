/**
 * The `#` picker's ranking (issue 33), shared by both hosts: a nested tag counts for its parents,
 * a note counts once per tag, tags that start with what was typed come first, then those with a
 * level that does, then the rest that contain it; within each, the tag more notes use first.
 */
import { describe, expect, it } from "vitest";
import { countTags, rankTags, TAG_SUGGESTION_LIMIT } from "../../src/search/tag-suggest";

const tags = (ranked: Array<{ tag: string }>): string[] => ranked.map((entry) => entry.tag);

describe("counting the vault's tags", () => {
	it("counts each note once per tag, in any case and with or without #, and a nested tag for its parents", () => {
		const counted = countTags([["#project/alpha", "Project/Alpha", "#todo"], ["project/beta"], ["#Project"], []]);
		expect(Object.fromEntries(counted.map((entry) => [entry.tag, entry.count]))).toEqual({
			project: 3,
			"project/alpha": 1,
			"project/beta": 1,
			todo: 1,
		});
	});
});

describe("ranking tags for what was typed", () => {
	const counts = [
		{ tag: "reading", count: 2 },
		{ tag: "project", count: 5 },
		{ tag: "project/alpha", count: 4 },
		{ tag: "project/beta", count: 1 },
		{ tag: "spread", count: 9 },
		{ tag: "area/reading-list", count: 7 },
		{ tag: "todo", count: 12 },
	];

	it("puts the tags that start with the query first, then a level that does, then any that contain it", () => {
		expect(tags(rankTags(counts, "rea"))).toEqual(["reading", "area/reading-list", "spread"]);
	});

	it("ranks by how many notes use a tag within each group, A-Z on a tie (a parent before its children)", () => {
		expect(tags(rankTags(counts, "pro"))).toEqual(["project", "project/alpha", "project/beta"]);
		expect(
			tags(
				rankTags(
					[
						{ tag: "b/x", count: 1 },
						{ tag: "b", count: 1 },
						{ tag: "a", count: 1 },
					],
					"",
				),
			),
		).toEqual(["a", "b", "b/x"]);
	});

	it("finds a nested tag by its last level, and by its full path", () => {
		expect(tags(rankTags(counts, "alp"))).toEqual(["project/alpha"]);
		expect(tags(rankTags(counts, "#Project/B"))).toEqual(["project/beta"]);
	});

	it("offers every tag, the most used first, when nothing is typed", () => {
		expect(tags(rankTags(counts, ""))).toEqual([
			"todo",
			"spread",
			"area/reading-list",
			"project",
			"project/alpha",
			"reading",
			"project/beta",
		]);
	});

	it("offers nothing for a query no tag contains", () => {
		expect(rankTags(counts, "zzz")).toEqual([]);
	});

	it("offers at most the limit, 20 by default", () => {
		const many = Array.from({ length: 50 }, (_, n) => ({ tag: `t${n}`, count: n }));
		expect(rankTags(many, "t")).toHaveLength(TAG_SUGGESTION_LIMIT);
		expect(TAG_SUGGESTION_LIMIT).toBe(20);
		expect(tags(rankTags(many, "t", 3))).toEqual(["t49", "t48", "t47"]);
	});
});
