import { describe, expect, it } from "vitest";
import { Slicer } from "../../src/search/pacer";
import { topFirst } from "../../src/search/top-first";
import { quickPacer } from "./support";

/** mulberry32: deterministic. */
function random(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

interface Ranked {
	covered: number;
	score: number;
	path: string;
}

const byRank = (a: Ranked, b: Ranked): number =>
	b.covered - a.covered || b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

describe("the best items first", () => {
	it("puts the best `wanted` first in the order a whole sort gives, and keeps every item", async () => {
		for (let seed = 1; seed <= 40; seed++) {
			const next = random(seed);
			const count = Math.floor(next() * 3000);
			// Ties on covered and score are common (a common word: many notes score alike).
			const items: Ranked[] = Array.from({ length: count }, (_, i) => ({
				covered: Math.floor(next() * 3),
				score: Math.round(next() * 20) / 4,
				path: `n${Math.floor(next() * 1e6)}-${i}.md`,
			}));
			const wanted = Math.floor(next() * 60);
			const sorted = [...items].sort(byRank);
			const got = await topFirst([...items], wanted, byRank, new Slicer(quickPacer));
			expect(got.slice(0, wanted)).toEqual(sorted.slice(0, wanted));
			expect([...got].sort(byRank)).toEqual(sorted);
		}
	});
});
