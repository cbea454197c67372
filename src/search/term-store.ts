/**
 * What minisearch's search reads as its `_index` (get, atPrefix, fuzzyGet), answered from the
 * compact segments plus the small radix tree of notes added since the last seal (the delta), so
 * minisearch's own scoring (BM25+, prefix and typo weights, boosts) ranks exactly as before.
 *
 * Postings of notes discarded since are skipped here (live), so a term's document frequency
 * counts live notes only, as minisearch's after a vacuum: stale postings cost memory until the
 * segment is rewritten, never ranking.
 */
import type { CompactSegment, FieldPostings } from "./compact-segment";

/** What minisearch's delta tree is: its SearchableMap, typed by the parts used here. */
export interface DeltaTree {
	get(term: string): FieldPostings | undefined;
	atPrefix(prefix: string): Iterable<[string, FieldPostings]>;
	fuzzyGet(term: string, maxDistance: number): Map<string, [FieldPostings, number]>;
	readonly size: number;
}

/**
 * One field's live postings of a term, shaped as the Map minisearch's termResults reads: ids and
 * frequencies in typed arrays (no object or array of numbers per posting for a search to hold).
 */
export class PostingView {
	private cursor = 0;
	/** Whether ids ascend (they do within a segment; across segments and the delta, mostly). */
	private ascending: boolean | null = null;
	constructor(
		private readonly ids: Uint32Array,
		private readonly freqs: Uint32Array,
	) {}

	/** The frequencies, in the order keys() gives the ids (for the flat scorer). */
	get frequencies(): Uint32Array {
		return this.freqs;
	}

	/** Whether shortId has a posting here (only a page's hits ask: no index is built for it). */
	has(shortId: number): boolean {
		const ids = this.ids;
		this.ascending ??= ids.every((id, j) => j === 0 || (ids[j - 1] ?? 0) < id);
		if (!this.ascending) return ids.includes(shortId);
		let lo = 0;
		let hi = ids.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if ((ids[mid] ?? 0) < shortId) lo = mid + 1;
			else hi = mid;
		}
		return ids[lo] === shortId;
	}

	get size(): number {
		return this.ids.length;
	}

	keys(): Uint32Array {
		this.cursor = 0;
		return this.ids;
	}

	/** termResults asks for each id in the order keys() gave them: a cursor, not a search. */
	get(shortId: number): number | undefined {
		if (this.ids[this.cursor] === shortId) return this.freqs[this.cursor++];
		const at = this.ids.indexOf(shortId);
		if (at < 0) return undefined;
		this.cursor = at + 1;
		return this.freqs[at];
	}
}

/** A term's postings across segments and the delta, by field, as minisearch's per-term Map. */
export class TermData {
	constructor(
		private readonly parts: [CompactSegment, number][],
		private readonly delta: FieldPostings | undefined,
		private readonly live: (shortId: number) => boolean,
	) {}

	get(fieldId: number): PostingView | undefined {
		const found: [Uint32Array, Uint32Array][] = [];
		let total = 0;
		for (const [segment, index] of this.parts) {
			const postings = segment.postingsOf(index, fieldId, this.live);
			if (!postings) continue;
			found.push(postings);
			total += postings[0].length;
		}
		const delta = this.delta?.get(fieldId);
		if (delta) for (const id of delta.keys()) if (this.live(id)) total++;
		if (total === 0) return undefined;
		// One segment's arrays are taken as they are; several (and the delta) are joined once.
		const only = found[0];
		if (found.length === 1 && only && only[0].length === total) return new PostingView(only[0], only[1]);
		const ids = new Uint32Array(total);
		const freqs = new Uint32Array(total);
		let at = 0;
		for (const [segmentIds, segmentFreqs] of found) {
			ids.set(segmentIds, at);
			freqs.set(segmentFreqs, at);
			at += segmentIds.length;
		}
		if (delta)
			for (const [id, freq] of delta)
				if (this.live(id)) {
					ids[at] = id;
					freqs[at] = freq;
					at++;
				}
		return new PostingView(ids, freqs);
	}
}

/** A term found by prefix or typo: where its postings are, and its edit distance. */
interface Found {
	parts: [CompactSegment, number][];
	delta?: FieldPostings;
	distance: number;
}

export class TermStore {
	constructor(
		readonly segments: () => readonly CompactSegment[],
		readonly delta: () => DeltaTree,
		private readonly live: (shortId: number) => boolean,
	) {}

	get(term: string): TermData | undefined {
		const parts: [CompactSegment, number][] = [];
		for (const segment of this.segments()) {
			const i = segment.find(term);
			if (i >= 0) parts.push([segment, i]);
		}
		const delta = this.delta().get(term);
		return parts.length > 0 || delta ? new TermData(parts, delta, this.live) : undefined;
	}

	private data(e: Found): TermData {
		return new TermData(e.parts, e.delta, this.live);
	}

	private collect(found: Map<string, Found>, term: string, distance: number): Found {
		let entry = found.get(term);
		if (!entry) found.set(term, (entry = { parts: [], distance }));
		return entry;
	}

	atPrefix(prefix: string): Map<string, TermData> {
		const found = new Map<string, Found>();
		for (const segment of this.segments()) {
			const [from, to] = segment.prefixRange(prefix);
			for (let i = from; i < to; i++) this.collect(found, segment.termAt(i), 0).parts.push([segment, i]);
		}
		for (const [term, data] of this.delta().atPrefix(prefix)) this.collect(found, term, 0).delta = data;
		return new Map([...found].map(([term, e]) => [term, this.data(e)]));
	}

	fuzzyGet(term: string, maxDistance: number): Map<string, [TermData, number]> {
		const found = new Map<string, Found>();
		for (const segment of this.segments())
			segment.fuzzy(term, maxDistance, (i, distance) =>
				this.collect(found, segment.termAt(i), distance).parts.push([segment, i]),
			);
		for (const [key, [data, distance]] of this.delta().fuzzyGet(term, maxDistance))
			this.collect(found, key, distance).delta = data;
		return new Map([...found].map(([key, e]) => [key, [this.data(e), e.distance]]));
	}
}
