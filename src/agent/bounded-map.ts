/**
 * Maps items through an async function with at most `limit` calls in flight, answers in the
 * items' order. Drafts of one reply run this way (issue 31): side by side, so eight intents take
 * about two drafts' time, yet bounded, so a reply that declares forty does not open forty model
 * streams at once against a provider's rate limit.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
	const results = new Array<R>(items.length);
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < items.length) {
			const index = next++;
			results[index] = await fn(items[index]);
		}
	};
	const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
	await Promise.all(workers);
	return results;
}
