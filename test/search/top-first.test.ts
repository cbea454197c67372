import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Slicer } from "../../src/search/pacer";
import { topFirst } from "../../src/search/top-first";
import { quickPacer } from "./support";

interface Ranked {
	covered: number;
	score: number;
	path: string;
}

const byRank = (a: Ranked, b: Ranked): number =>
	b.covered - a.covered || b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

describe("the best items first", () => {
	it("puts the best `wanted` first in the order a whole sort gives, and keeps every item", async () => {
		// Ties on covered and score are common (a common word: many notes score alike).
		const item = fc.record({
			covered: fc.integer({ min: 0, max: 2 }),
			score: fc.integer({ min: 0, max: 20 }).map((n) => n / 4),
			path: fc.stringMatching(/^n[0-9]{1,6}\.md$/),
		});
		await fc.assert(
			fc.asyncProperty(fc.array(item, { maxLength: 3000 }), fc.nat(60), async (items, wanted) => {
				const sorted = [...items].sort(byRank);
				const got = await topFirst([...items], wanted, byRank, new Slicer(quickPacer));
				expect(got.slice(0, wanted)).toEqual(sorted.slice(0, wanted));
				expect([...got].sort(byRank)).toEqual(sorted);
			}),
			{ numRuns: 40 },
		);
	});
});
