/**
 * An immutable part of the index in a few flat arrays (issue 32): minisearch keeps every posting
 * as a Map entry under a radix tree of Maps, about 80 bytes a posting; here a posting is 6 bytes.
 * - Terms, sorted, front-coded in blocks of BLOCK: each block keeps its first term whole (its
 *   head, which binary searches compare without decoding anything) and the others as (length of
 *   the prefix shared with the previous term, the rest) in one string; heads and blocks are
 *   kept in a few long strings (term-blocks.ts).
 * - Postings: for term i, keys[starts[i] .. starts[i+1]) sorted, each fieldId * 2^28 + shortId,
 *   with the frequency beside it in freqs (capped at 65,535).
 * - docs: the short ids whose postings it holds, sorted (what a vacuum or a partial load counts).
 * Term order is JavaScript's string order (UTF-16 code units), the order minisearch's tree walks.
 */

import { TermBlocks } from "./term-blocks";

export const BLOCK = 16;
/**
 * Added to the two lengths before a term in a block, so they are printable characters: as control
 * characters JSON wrote each as a six-character escape, and the saved form parsed them one by one.
 */
const LENGTH_BASE = 48;
/** The longest shared prefix or rest a block can say. */
const MAX_LENGTH = 0xffff - LENGTH_BASE;
/** A posting's key: fieldId * DOC_SPAN + shortId. */
export const DOC_SPAN = 2 ** 28;
const MAX_FREQ = 65_535;

/** One term's postings as they are added: fieldId -> shortId -> frequency. */
export type FieldPostings = Map<number, Map<number, number>>;

export interface SegmentParts {
	terms: TermBlocks;
	starts: Uint32Array;
	keys: Uint32Array;
	freqs: Uint16Array;
	docs: Uint32Array;
}

export class CompactSegment {
	readonly termCount: number;
	/** The Store keys of the chunks that hold it, once saved (persisted-index.ts). */
	savedAs: string[] | null = null;
	private decodedBlock = -1;
	private decoded: string[] = [];

	constructor(readonly parts: SegmentParts) {
		this.termCount = parts.starts.length - 1;
	}

	private measured = -1;

	/**
	 * Bytes its arrays and strings take (about: a string counts a byte a character). Counted once:
	 * the mobile cap asks for the index's size before each note it indexes.
	 */
	get bytes(): number {
		if (this.measured < 0) this.measured = this.count();
		return this.measured;
	}

	private count(): number {
		const { terms, starts, keys, freqs, docs } = this.parts;
		// Each block's four bounds and piece number: 20 bytes.
		const strings = terms.chars + terms.count * 20;
		return strings + starts.byteLength + keys.byteLength + freqs.byteLength + docs.byteLength;
	}

	get postings(): number {
		return this.parts.keys.length;
	}

	private block(b: number): string[] {
		if (b === this.decodedBlock) return this.decoded;
		const blocks = this.parts.terms;
		const terms = [blocks.head(b)];
		const code = blocks.block(b);
		let previous = terms[0] ?? "";
		for (let i = 0; i < code.length;) {
			const shared = code.charCodeAt(i) - LENGTH_BASE;
			const rest = code.charCodeAt(i + 1) - LENGTH_BASE;
			previous = previous.slice(0, shared) + code.slice(i + 2, i + 2 + rest);
			terms.push(previous);
			i += 2 + rest;
		}
		this.decodedBlock = b;
		this.decoded = terms;
		return terms;
	}

	termAt(i: number): string {
		return this.block(Math.floor(i / BLOCK))[i % BLOCK] ?? "";
	}

	/** The first index whose term is >= term (termCount when none). */
	lowerBound(term: string, lo = 0, hi = this.termCount): number {
		// The block: the last whose head is < term, found without decoding.
		const blocks = this.parts.terms;
		let bLo = Math.floor(lo / BLOCK);
		let bHi = Math.ceil(hi / BLOCK);
		while (bLo < bHi) {
			const mid = (bLo + bHi) >> 1;
			if (blocks.headBefore(mid, term)) bLo = mid + 1;
			else bHi = mid;
		}
		// Every head before bLo is < term: the answer is in block bLo - 1, or is bLo's head.
		let i = Math.max(lo, (bLo - 1) * BLOCK);
		const end = Math.min(hi, bLo * BLOCK);
		while (i < end && this.termAt(i) < term) i++;
		return Math.max(i, lo);
	}

	/** The index of term, or -1. */
	find(term: string): number {
		const i = this.lowerBound(term);
		return i < this.termCount && this.termAt(i) === term ? i : -1;
	}

	/** The indexes of the terms that start with prefix: [from, to). */
	prefixRange(prefix: string, lo = 0, hi = this.termCount): [number, number] {
		const from = this.lowerBound(prefix, lo, hi);
		// Terms starting with prefix sort before prefix + the highest code unit.
		const to = this.lowerBound(prefix + "\uffff", from, hi);
		let end = to;
		while (end < hi && this.termAt(end).startsWith(prefix)) end++;
		return [from, end];
	}

	/**
	 * Every term within maxDistance edits (Levenshtein, in code units) of query: a walk of the
	 * sorted terms as the trie they are, each branch found by binary search, pruned once no cell
	 * of its row is within reach (minisearch's fuzzySearch, on this layout).
	 */
	fuzzy(query: string, maxDistance: number, found: (index: number, distance: number) => void): void {
		const first = Array.from({ length: query.length + 1 }, (_, j) => j);
		const walk = (lo: number, hi: number, depth: number, row: number[]): void => {
			let i = lo;
			if (i < hi && this.termAt(i).length === depth) {
				const distance = row[query.length] ?? Infinity;
				if (distance <= maxDistance) found(i, distance);
				i++;
			}
			while (i < hi) {
				const term = this.termAt(i);
				const c = term.charCodeAt(depth);
				const branch = term.slice(0, depth + 1);
				const [, end] = this.prefixRange(branch, i, hi);
				const next = [(row[0] ?? 0) + 1];
				let best = next[0] ?? 0;
				for (let j = 1; j <= query.length; j++) {
					const cost = query.charCodeAt(j - 1) === c ? 0 : 1;
					const cell = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + cost);
					next.push(cell);
					if (cell < best) best = cell;
				}
				if (best <= maxDistance) walk(i, end, depth + 1, next);
				i = end;
			}
		};
		walk(0, this.termCount, 0, first);
	}

	/**
	 * Term i's postings in one field, live ones only: [shortIds, frequencies], in typed arrays (a
	 * common word's run is most of the vault's notes, and a search holds it until its page is made:
	 * as arrays of numbers grown by push, young collections copied them and their growth).
	 */
	postingsOf(i: number, fieldId: number, live: (shortId: number) => boolean): [Uint32Array, Uint32Array] | null {
		const { starts, keys, freqs } = this.parts;
		const from = starts[i] ?? 0;
		const to = starts[i + 1] ?? 0;
		const base = fieldId * DOC_SPAN;
		// Keys are sorted: the field's run is found by binary search, at both ends.
		const lo = firstAtLeast(keys, base, from, to);
		const end = firstAtLeast(keys, base + DOC_SPAN, lo, to);
		if (end === lo) return null;
		const ids = new Uint32Array(end - lo);
		const frequencies = new Uint32Array(end - lo);
		let n = 0;
		for (let j = lo; j < end; j++) {
			const shortId = (keys[j] ?? 0) - base;
			if (live(shortId)) {
				ids[n] = shortId;
				frequencies[n] = freqs[j] ?? 0;
				n++;
			}
		}
		if (n === 0) return null;
		return n === ids.length ? [ids, frequencies] : [ids.subarray(0, n), frequencies.subarray(0, n)];
	}
}

/** The first index in [from, to) of sorted keys whose key is >= value (to when none). */
function firstAtLeast(keys: Uint32Array, value: number, from: number, to: number): number {
	let lo = from;
	let hi = to;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if ((keys[mid] ?? 0) < value) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** Builds segments term by term, in sorted order. */
export class SegmentWriter {
	private readonly heads: string[] = [];
	private readonly blocks: string[] = [];
	/** The block being written, in parts joined when it is full (a join is one flat string, not a rope of slices). */
	private block: string[] = [];
	private previous = "";
	private terms = 0;
	private readonly starts: number[] = [0];
	private readonly keys: Uint32Array;
	private readonly freqs: Uint16Array;
	private used = 0;
	private readonly docs = new Set<number>();

	/** capacity: at least the postings it will be given (the delta's count, or the merged segments'). */
	constructor(capacity: number) {
		this.keys = new Uint32Array(Math.max(16, capacity));
		this.freqs = new Uint16Array(Math.max(16, capacity));
	}

	/** Adds a term (greater than the last) with its postings: [key, frequency] pairs sorted by key. */
	add(term: string, keys: ArrayLike<number>, freqs: ArrayLike<number>): void {
		if (keys.length === 0) return;
		if (this.terms % BLOCK === 0) {
			if (this.terms > 0) this.blocks.push(this.block.join(""));
			this.heads.push(term);
			this.block = [];
		} else {
			let shared = 0;
			const limit = Math.min(term.length, this.previous.length, MAX_LENGTH);
			while (shared < limit && term.charCodeAt(shared) === this.previous.charCodeAt(shared)) shared++;
			const rest = term.slice(shared, shared + MAX_LENGTH);
			this.block.push(String.fromCharCode(shared + LENGTH_BASE, rest.length + LENGTH_BASE), rest);
		}
		this.previous = term;
		this.terms++;
		for (let j = 0; j < keys.length; j++) {
			const key = keys[j] ?? 0;
			this.keys[this.used] = key;
			this.freqs[this.used] = Math.min(MAX_FREQ, freqs[j] ?? 0);
			this.docs.add(key % DOC_SPAN);
			this.used++;
		}
		this.starts.push(this.used);
	}

	finish(): CompactSegment {
		if (this.terms > 0) this.blocks.push(this.block.join(""));
		return new CompactSegment({
			terms: TermBlocks.of(this.heads, this.blocks),
			starts: Uint32Array.from(this.starts),
			keys: this.keys.slice(0, this.used),
			freqs: this.freqs.slice(0, this.used),
			docs: Uint32Array.from([...this.docs].sort((a, b) => a - b)),
		});
	}
}

/** A term's postings from a FieldPostings map, as sorted keys and frequencies (live ones only). */
export function flatten(data: FieldPostings, live: (shortId: number) => boolean): [number[], number[]] {
	const keys: number[] = [];
	const freqs: number[] = [];
	for (const fieldId of [...data.keys()].sort((a, b) => a - b)) {
		const postings = data.get(fieldId);
		if (!postings) continue;
		const ids = [...postings.keys()].filter(live).sort((a, b) => a - b);
		for (const id of ids) {
			keys.push(fieldId * DOC_SPAN + id);
			freqs.push(postings.get(id) ?? 0);
		}
	}
	return [keys, freqs];
}
