/**
 * A cheap string similarity (Dice coefficient over character bigrams), 0..1. Used to find the
 * lines nearest to a search text that did not match; linear in the strings' length, unlike an
 * edit distance, so scanning a 200 KB note stays fast.
 */
export function similarity(a: string, b: string): number {
	if (a === b) return a === "" ? 0 : 1;
	if (a.length < 2 || b.length < 2) return a.toLowerCase() === b.toLowerCase() && a !== "" ? 1 : 0;
	const grams = new Map<string, number>();
	for (let i = 0; i < a.length - 1; i++) {
		const gram = a.slice(i, i + 2).toLowerCase();
		grams.set(gram, (grams.get(gram) ?? 0) + 1);
	}
	let shared = 0;
	for (let i = 0; i < b.length - 1; i++) {
		const gram = b.slice(i, i + 2).toLowerCase();
		const left = grams.get(gram) ?? 0;
		if (left > 0) {
			shared++;
			grams.set(gram, left - 1);
		}
	}
	return (2 * shared) / (a.length - 1 + (b.length - 1));
}
