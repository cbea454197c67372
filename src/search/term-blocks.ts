/**
 * A segment's front-coded term blocks (compact-segment.ts) kept as a few long strings. A piece is
 * up to BLOCKS_PER_PIECE blocks' heads, then their blocks, all joined by NUL: exactly the saved
 * form's record of terms, so a warm start keeps the text one TextDecoder call gave it, and a save
 * writes it as it is. Where each head and block lies in its piece is kept in a typed array.
 *
 * Why not an array of strings: at 50,000 notes the index has some 143,000 blocks, and as two
 * strings each they were 285,000 objects made by a warm start; each young collection meanwhile
 * copied the ones made since the last (pauses of 12–25 ms, inside the load's slices).
 */

/** Blocks per piece (8,192 terms): also the saved form's blocks per record of terms. */
export const BLOCKS_PER_PIECE = 512;

const NUL = "\u0000";

/** One piece as saved: `count` heads, then `count` blocks, joined by NUL. */
export interface TermPiece {
	count: number;
	text: string;
}

export class TermBlocks {
	/**
	 * Made by TermBlocksBuilder. Block b's head is texts[piece[b]] from bounds[4b] to
	 * bounds[4b+1], its block from bounds[4b+2] to bounds[4b+3]; counts: blocks per piece.
	 */
	constructor(
		private readonly texts: readonly string[],
		private readonly piece: Uint32Array,
		private readonly bounds: Uint32Array,
		private readonly counts: readonly number[],
	) {}

	/**
	 * Blocks built from heads and blocks as strings (a segment being written), joined into pieces.
	 * A head is a slice of its note's folded text, which V8 keeps (13 characters or more) as a
	 * pointer into the whole note: joined, the pieces are strings of their own and hold no note.
	 */
	static of(heads: readonly string[], blocks: readonly string[]): TermBlocks {
		const builder = new TermBlocksBuilder(heads.length);
		for (let b = 0; b < heads.length; b += BLOCKS_PER_PIECE) {
			const these = heads.slice(b, b + BLOCKS_PER_PIECE);
			const text = [...these, ...blocks.slice(b, b + BLOCKS_PER_PIECE)].join(NUL);
			if (!builder.add({ count: these.length, text })) throw new Error("A term or block holds a NUL");
		}
		return builder.finish();
	}

	get count(): number {
		return this.piece.length;
	}

	/** Characters held, in all (what the memory cap counts, about a byte each). */
	get chars(): number {
		return this.texts.reduce((sum, text) => sum + text.length, 0);
	}

	head(b: number): string {
		return this.slice(b, 0);
	}

	block(b: number): string {
		return this.slice(b, 2);
	}

	/** Block b's head < term, in JavaScript's string order, without making the head a string (binary searches ask it). */
	headBefore(b: number, term: string): boolean {
		const text = this.texts[this.piece[b] ?? 0] ?? "";
		const start = this.bounds[4 * b] ?? 0;
		const length = (this.bounds[4 * b + 1] ?? 0) - start;
		const shared = Math.min(length, term.length);
		for (let i = 0; i < shared; i++) {
			const a = text.charCodeAt(start + i);
			const c = term.charCodeAt(i);
			if (a !== c) return a < c;
		}
		return length < term.length;
	}

	/** The pieces as saved (a segment read back gives back the texts it was read from). */
	*pieces(): Generator<TermPiece> {
		for (let p = 0; p < this.texts.length; p++) yield { count: this.counts[p] ?? 0, text: this.texts[p] ?? "" };
	}

	private slice(b: number, at: 0 | 2): string {
		const text = this.texts[this.piece[b] ?? 0] ?? "";
		return text.slice(this.bounds[4 * b + at] ?? 0, this.bounds[4 * b + at + 1] ?? 0);
	}
}

/** Takes pieces in order up to a known number of blocks (a saved segment's head says how many). */
export class TermBlocksBuilder {
	private readonly texts: string[] = [];
	private readonly counts: number[] = [];
	private readonly piece: Uint32Array;
	private readonly bounds: Uint32Array;
	private filled = 0;

	constructor(readonly expected: number) {
		this.piece = new Uint32Array(expected);
		this.bounds = new Uint32Array(4 * expected);
	}

	/** Every block is in. */
	get full(): boolean {
		return this.filled === this.expected;
	}

	/**
	 * Adds a piece; false (nothing added) when it does not check out: more blocks than expected,
	 * or not exactly 2 × count − 1 separators (a torn or foreign record).
	 */
	add({ count, text }: TermPiece): boolean {
		if (!Number.isSafeInteger(count) || count < 0 || this.filled + count > this.expected) return false;
		if (count === 0) return text === "";
		const cuts: number[] = [];
		for (let at = text.indexOf(NUL); at !== -1; at = text.indexOf(NUL, at + 1)) {
			if (cuts.length === 2 * count - 1) return false;
			cuts.push(at);
		}
		if (cuts.length !== 2 * count - 1) return false;
		const p = this.texts.length;
		// Piece boundaries: part k runs from (k === 0 ? 0 : cuts[k-1] + 1) to (cuts[k] ?? text.length).
		const from = (k: number): number => (k === 0 ? 0 : (cuts[k - 1] ?? 0) + 1);
		const to = (k: number): number => cuts[k] ?? text.length;
		for (let k = 0; k < count; k++) {
			const b = this.filled + k;
			this.piece[b] = p;
			this.bounds[4 * b] = from(k);
			this.bounds[4 * b + 1] = to(k);
			this.bounds[4 * b + 2] = from(count + k);
			this.bounds[4 * b + 3] = to(count + k);
		}
		this.texts.push(text);
		this.counts.push(count);
		this.filled += count;
		return true;
	}

	finish(): TermBlocks {
		if (!this.full) throw new Error("Term blocks missing");
		return new TermBlocks(this.texts, this.piece, this.bounds, this.counts);
	}
}
