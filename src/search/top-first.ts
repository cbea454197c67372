/**
 * The best `wanted` of `count` items, in order: what a page of search results needs. A search for
 * "the" over 50,000 notes ranks 50,000 notes to show ten; sorting them all was the longest block
 * left in a big vault's warm start. One pass keeps the best `wanted` in a small sorted array, in
 * the slicer's slices. Items are positions (0 .. count-1) that compare reads its keys by (typed
 * arrays in ranking), so the pass makes no object per item.
 */
import type { Slicer } from "./pacer";

/** Past this share of the items, a whole sort is as cheap as the selection. */
const SORT_ALL_SHARE = 0.25;

/** compare: a total order on positions. Returns the best min(wanted, count) positions, best first. */
export async function bestFirst(
	count: number,
	wanted: number,
	compare: (a: number, b: number) => number,
	slicer: Slicer,
): Promise<number[]> {
	if (wanted >= count * SORT_ALL_SHARE) {
		const all = Array.from({ length: count }, (_item, i) => i).sort(compare);
		return all.length > wanted ? all.slice(0, wanted) : all;
	}
	const top: number[] = [];
	await slicer.forEach(positions(count), (item) => {
		const last = top[top.length - 1];
		if (top.length === wanted && last !== undefined && compare(item, last) >= 0) return;
		// Where it goes among the best so far (binary search; compare is a total order).
		let lo = 0;
		let hi = top.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (compare(top[mid] ?? 0, item) <= 0) lo = mid + 1;
			else hi = mid;
		}
		top.splice(lo, 0, item);
		if (top.length > wanted) top.pop();
	});
	return top;
}

function* positions(count: number): Generator<number> {
	for (let i = 0; i < count; i++) yield i;
}
