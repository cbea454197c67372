import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sortPaced } from "../../src/search/paced-sort";
import { Slicer, type Pacer } from "../../src/search/pacer";
import { quickPacer } from "./support";

describe("a sort in slices", () => {
	it("sorts as Array.prototype.sort does, equal items kept in their order", async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(fc.nat(40), { maxLength: 9000 }), async (keys) => {
				const items = keys.map((key, at) => ({ key, at }));
				const byKey = (a: { key: number }, b: { key: number }): number => a.key - b.key;
				const sorted = await sortPaced(items, byKey, new Slicer(quickPacer));
				expect(sorted).toEqual([...items].sort(byKey));
				expect(items.map((item) => item.at)).toEqual(keys.map((_key, at) => at)); // the input is left as it was
			}),
			{ numRuns: 25 },
		);
	});

	it("yields between bounded pieces of work: 50,000 items never sorted in one go", async () => {
		// The clock is the number of comparisons made: a slice is 12 of them, so the work between two
		// yields is whatever ran without a tick (a run sorted whole, or a merge step).
		let compares = 0;
		let sinceYield = 0;
		let longest = 0;
		const pacer: Pacer = {
			now: () => compares,
			yield: () => {
				longest = Math.max(longest, sinceYield);
				sinceYield = 0;
				return quickPacer.yield();
			},
		};
		const items = Array.from({ length: 50_000 }, (_x, i) => `note ${(i * 7919) % 50_000}.md`);
		const sorted = await sortPaced(
			items,
			(a, b) => {
				compares++;
				sinceYield++;
				return a < b ? -1 : a > b ? 1 : 0;
			},
			new Slicer(pacer),
		);
		expect(sorted).toEqual([...items].sort());
		expect(compares).toBeGreaterThan(500_000);
		expect(longest).toBeLessThan(40_000);
	});
});
