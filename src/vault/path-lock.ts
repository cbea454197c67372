/**
 * Serializes async work per key (a note path), so two process() calls on one note never
 * interleave their read and write. Work on different keys runs concurrently.
 */
export class PathLock {
	private readonly tails = new Map<string, Promise<unknown>>();

	run<T>(key: string, work: () => Promise<T>): Promise<T> {
		const previous = this.tails.get(key) ?? Promise.resolve();
		const result = previous.then(work, work);
		// The tail never rejects, so one failed call does not poison the next.
		const tail = result.then(
			() => undefined,
			() => undefined,
		);
		this.tails.set(key, tail);
		void tail.then(() => {
			if (this.tails.get(key) === tail) this.tails.delete(key);
		});
		return result;
	}
}
