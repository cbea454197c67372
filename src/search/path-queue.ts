/**
 * The paths waiting to be (re)indexed, in arrival order, each once. A Set alone would do, but
 * taking its first element again and again walks over every deleted slot before it, which made
 * a 10,000-note build quadratic; an array with a read position does not.
 */
export class PathQueue {
	private items: string[] = [];
	private head = 0;
	private readonly waiting = new Set<string>();

	get size(): number {
		return this.waiting.size;
	}

	has(path: string): boolean {
		return this.waiting.has(path);
	}

	/** Adds path unless it is already waiting; true when added. */
	add(path: string): boolean {
		if (this.waiting.has(path)) return false;
		this.waiting.add(path);
		this.items.push(path);
		return true;
	}

	/** Takes up to n paths, oldest first. */
	take(n: number): string[] {
		const taken = this.items.slice(this.head, this.head + n);
		this.head += taken.length;
		for (const path of taken) this.waiting.delete(path);
		if (this.head === this.items.length) {
			this.items = [];
			this.head = 0;
		}
		return taken;
	}
}
