import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Slicer } from "../../src/search/pacer";
import { bestFirst } from "../../src/search/top-first";
import { quickPacer } from "./support";

interface Ranked {
	covered: number;
	score: number;
	path: string;
}

const byRank = (a: Ranked, b: Ranked): number =>
	b.covered - a.covered || b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

describe("the best items first", () => {
	it("gives the best `wanted` positions in the order a whole sort gives", async () => {
		// Ties on covered and score are common (a common word: many notes score alike); paths differ.
		const item = fc.record({
			covered: fc.integer({ min: 0, max: 2 }),
			score: fc.integer({ min: 0, max: 20 }).map((n) => n / 4),
		});
		await fc.assert(
			fc.asyncProperty(
				fc.array(item, { maxLength: 3000 }),
				fc.oneof(fc.nat(60), fc.constant(Infinity)),
				async (drawn, wanted) => {
					const items = drawn.map((x, i) => ({ ...x, path: `n${(i * 7919) % 10007}.md` }));
					const sorted = [...items].sort(byRank);
					const got = await bestFirst(
						items.length,
						wanted,
						(a, b) => byRank(items[a], items[b]),
						new Slicer(quickPacer),
					);
					expect(got.map((i) => items[i])).toEqual(sorted.slice(0, wanted));
					expect(new Set(got).size).toBe(got.length);
				},
			),
			{ numRuns: 40 },
		);
	});
});
