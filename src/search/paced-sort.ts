/**
 * A stable sort in the slicer's slices, for lists as long as a big vault: Array.prototype.sort is
 * one block, and sorting 50,000 paths (ObsidianVault.list at a warm start) held the event loop for
 * most of 100 ms. Runs of RUN items are sorted whole (about a millisecond each), then merged
 * pairwise with a tick every MERGE_STEP items.
 */
import type { Slicer } from "./pacer";

const RUN = 2048;
const MERGE_STEP = 1024;

/** A new array: items sorted by compare, equal items in their order (as Array.prototype.sort). */
export async function sortPaced<T>(items: readonly T[], compare: (a: T, b: T) => number, slicer: Slicer): Promise<T[]> {
	let runs: T[][] = [];
	for (let at = 0; at < items.length; at += RUN) {
		runs.push(items.slice(at, at + RUN).sort(compare));
		await slicer.tick();
	}
	while (runs.length > 1) {
		const merged: T[][] = [];
		for (let i = 0; i < runs.length; i += 2) {
			const [a, b] = [runs[i] ?? [], runs[i + 1]];
			merged.push(b === undefined ? a : await mergePaced(a, b, compare, slicer));
		}
		runs = merged;
	}
	return runs[0] ?? [];
}

/** a and b merged; on a tie a's item first (a holds the earlier items), so the sort stays stable. */
async function mergePaced<T>(a: T[], b: T[], compare: (a: T, b: T) => number, slicer: Slicer): Promise<T[]> {
	const out: T[] = [];
	let i = 0;
	let j = 0;
	while (i < a.length && j < b.length) {
		out.push(compare(b[j], a[i]) < 0 ? b[j++] : a[i++]);
		if (out.length % MERGE_STEP === 0) await slicer.tick();
	}
	for (; i < a.length; i++) out.push(a[i]);
	for (; j < b.length; j++) out.push(b[j]);
	return out;
}
