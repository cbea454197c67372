/**
 * The notes' field lengths in one typed array (issue 32): `width` numbers a note, by short id.
 * minisearch keeps them as `_fieldLength`, a Map of an array per note: at 50,000 notes, 50,000
 * arrays and Map entries made on every warm start (each note of each loaded segment), then
 * garbage for the collector. This is that Map's shape (get, set, delete, has, size, iteration)
 * over the array the flat scorer reads directly (`values`). get() gives a view: read it at once,
 * it is not kept current when the table grows.
 */
export class FieldLengths {
	private table: Uint32Array;
	/** 1 where a note's lengths are set. */
	private present: Uint8Array;
	private count = 0;

	constructor(
		readonly width: number,
		capacity = 1024,
	) {
		this.table = new Uint32Array(capacity * width);
		this.present = new Uint8Array(capacity);
	}

	/** Every note's lengths, width a note by short id (zeros where none are set). */
	get values(): Uint32Array {
		return this.table;
	}

	get size(): number {
		return this.count;
	}

	has(shortId: number): boolean {
		return this.present[shortId] === 1;
	}

	get(shortId: number): Uint32Array | undefined {
		if (this.present[shortId] !== 1) return undefined;
		return this.table.subarray(shortId * this.width, (shortId + 1) * this.width);
	}

	/** Copies lengths in (a field past them is 0). */
	set(shortId: number, lengths: ArrayLike<number>): this {
		return this.setFrom(shortId, lengths, 0);
	}

	/** Copies in width numbers of source from offset (a load's column of every note's lengths: no view per note). */
	setFrom(shortId: number, source: ArrayLike<number>, offset: number): this {
		if (shortId >= this.present.length) this.grow(shortId + 1);
		const at = shortId * this.width;
		for (let f = 0; f < this.width; f++)
			this.table[at + f] = offset + f < source.length ? (source[offset + f] ?? 0) : 0;
		if (this.present[shortId] !== 1) this.count++;
		this.present[shortId] = 1;
		return this;
	}

	delete(shortId: number): boolean {
		if (this.present[shortId] !== 1) return false;
		this.present[shortId] = 0;
		this.table.fill(0, shortId * this.width, (shortId + 1) * this.width);
		this.count--;
		return true;
	}

	clear(): void {
		this.table.fill(0);
		this.present.fill(0);
		this.count = 0;
	}

	*entries(): Generator<[number, Uint32Array]> {
		for (let id = 0; id < this.present.length; id++) {
			const lengths = this.get(id);
			if (lengths) yield [id, lengths];
		}
	}

	[Symbol.iterator](): Generator<[number, Uint32Array]> {
		return this.entries();
	}

	private grow(notes: number): void {
		const capacity = Math.max(notes, this.present.length * 2);
		const table = new Uint32Array(capacity * this.width);
		table.set(this.table);
		const present = new Uint8Array(capacity);
		present.set(this.present);
		this.table = table;
		this.present = present;
	}
}
