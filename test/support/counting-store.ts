/**
 * A Store that counts what is written through it (write and append, in UTF-8 bytes) and passes
 * everything on to a real one: tests and benches measure how much a change costs on disk.
 */
import type { Store } from "../../src/store/store";

export class CountingStore implements Store {
	/** Bytes written or appended so far, per key. */
	readonly bytes = new Map<string, number>();
	/** Appends so far, as keys in order. */
	readonly appends: string[] = [];
	/** Whole writes so far, as keys in order. */
	readonly writes: string[] = [];
	private readonly encoder = new TextEncoder();

	constructor(readonly inner: Store) {}

	/** Bytes written or appended so far under prefix (every key when omitted). */
	written(prefix = ""): number {
		let total = 0;
		for (const [key, n] of this.bytes) if (key.startsWith(prefix)) total += n;
		return total;
	}

	/** Forgets the counts (the next measurement starts at 0). */
	reset(): void {
		this.bytes.clear();
		this.appends.length = 0;
		this.writes.length = 0;
	}

	async append(key: string, text: string): Promise<void> {
		await this.inner.append(key, text);
		this.count(key, text);
		this.appends.push(key);
	}

	read(key: string): Promise<string | null> {
		return this.inner.read(key);
	}

	async write(key: string, text: string): Promise<void> {
		await this.inner.write(key, text);
		this.count(key, text);
		this.writes.push(key);
	}

	list(prefix: string): Promise<string[]> {
		return this.inner.list(prefix);
	}

	remove(key: string): Promise<void> {
		return this.inner.remove(key);
	}

	private count(key: string, text: string): void {
		this.bytes.set(key, (this.bytes.get(key) ?? 0) + this.encoder.encode(text).length);
	}
}
