/**
 * The ranking specifications, one set for every host: MemoryVault, FolderVault and the Obsidian
 * fake each run exactly these against the fixture vault (test/fixtures/search-vault).
 */
import { describe, expect, it } from "vitest";
import type { SearchPage, SearchRequest } from "../../src/search/note-search";

export interface SearchUnderTest {
	search(request: SearchRequest): Promise<SearchPage>;
	cleanup?: () => Promise<void> | void;
}

export function describeRankingSpecs(name: string, open: () => Promise<SearchUnderTest>): void {
	describe(`search ranking on ${name}`, () => {
		async function paths(query: string, extra: Partial<SearchRequest> = {}): Promise<string[]> {
			const under = await open();
			try {
				return (await under.search({ query, limit: 20, ...extra })).hits.map((hit) => hit.path);
			} finally {
				await under.cleanup?.();
			}
		}

		it("ranks a title match above a body match", async () => {
			expect(await paths("garden")).toEqual(["Garden.md", "Journal/Weekend.md"]);
		});

		it("ranks an alias match above a body match", async () => {
			expect(await paths("standup")).toEqual(["Meeting notes.md", "Journal/Monday.md"]);
		});

		it("ranks a property match above a body match", async () => {
			expect(await paths("italian")).toEqual(["Recipes/Soup.md", "Recipes/Dessert.md"]);
		});

		it("ranks notes with every word above a title match of one word, words in any order", async () => {
			const found = await paths("budget greenhouse");
			expect(found.slice(0, 2).sort()).toEqual(["Journal/Costs.md", "Projects/Spring plans.md"]);
			expect(found).toContain("Projects/Budget.md");
			expect(found.indexOf("Projects/Budget.md")).toBeGreaterThan(1);
		});

		it("matches a quoted phrase only where its words stand together in that order", async () => {
			expect(await paths('"greenhouse budget"')).toEqual(["Projects/Spring plans.md"]);
			expect(await paths('"budget greenhouse"')).toEqual([]);
		});

		it("filters by tag, from the frontmatter or inline, including tags below it", async () => {
			expect((await paths("plan", { tag: "project" })).sort()).toEqual([
				"Projects/Budget.md",
				"Projects/Spring plans.md",
			]);
			expect(await paths("pasta", { tag: "#project" })).toEqual(["Recipes/Soup.md"]);
			expect(await paths("pasta", { tag: "finance" })).toEqual([]);
		});

		it("filters by folder", async () => {
			expect(await paths("pasta", { folder: "Recipes" })).toEqual(
				expect.arrayContaining(["Recipes/Pasta.md", "Recipes/Soup.md"]),
			);
			expect(await paths("budget", { folder: "Journal" })).toEqual(["Journal/Costs.md"]);
		});

		it("folds accents and case, in the query and in the note", async () => {
			// Words short enough, or far enough from the accented form, that no typo rule could match them.
			expect(await paths("cafe")).toEqual(["Café.md"]);
			expect(await paths("brulee")).toEqual(["Café.md"]);
			expect(await paths("CRÈME BRÛLÉE")).toEqual(["Café.md"]);
			expect(await paths("reunion elodie")).toEqual(["Café.md"]);
		});

		it("finds a word by its prefix", async () => {
			expect(await paths("garde")).toEqual(["Garden.md", "Journal/Weekend.md"]);
		});

		it("forgives one typo in a word of five letters or more, not in shorter words", async () => {
			expect(await paths("tiramsu")).toEqual(["Recipes/Dessert.md"]);
			expect((await paths("giovani")).sort()).toEqual(["Recipes/Dessert.md", "Recipes/Pasta.md"]);
			expect(await paths("bens")).toEqual([]);
		});

		it("gives each note its best lines with line numbers", async () => {
			const under = await open();
			try {
				const page = await under.search({ query: "greenhouse budget", limit: 5 });
				const spring = page.hits.find((hit) => hit.path === "Projects/Spring plans.md");
				expect(spring?.lines[0]).toEqual({ line: 7, snippet: "The greenhouse budget for spring is 400 euros." });
				expect(spring?.tags).toEqual(["project"]);
				expect(spring).toMatchObject({ title: "Spring plans", covered: 2, of: 2 });
			} finally {
				await under.cleanup?.();
			}
		});
	});
}
