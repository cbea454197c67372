/**
 * The best `wanted` items first, in order, the rest after them in no order: what a page of search
 * results needs. A search for "the" over 50,000 notes ranks 50,000 notes to show ten; sorting them
 * all was the longest block left in a big vault's warm start (byRank over 50,000 notes). One pass
 * keeps the best `wanted` in a small sorted array, in the slicer's slices.
 */
import type { Slicer } from "./pacer";

/** Past this share of the items, a whole sort is as cheap as the selection. */
const SORT_ALL_SHARE = 0.25;

export async function topFirst<T>(
	items: T[],
	wanted: number,
	compare: (a: T, b: T) => number,
	slicer: Slicer,
): Promise<T[]> {
	if (wanted >= items.length * SORT_ALL_SHARE) return items.sort(compare);
	const top: T[] = [];
	const rest: T[] = [];
	await slicer.forEach(items, (item) => {
		const last = top[top.length - 1];
		if (top.length === wanted && last !== undefined && compare(item, last) >= 0) {
			rest.push(item);
			return;
		}
		// Where it goes among the best so far (binary search; compare is a total order).
		let lo = 0;
		let hi = top.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (compare(top[mid], item) <= 0) lo = mid + 1;
			else hi = mid;
		}
		top.splice(lo, 0, item);
		if (top.length > wanted) rest.push(top.pop() as T);
	});
	return top.concat(rest);
}
