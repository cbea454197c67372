/**
 * minisearch's search, scored into flat arrays (issue 32). minisearch's termResults keeps, per
 * matching note, an object with a score, an array of query terms and a `match` object keyed by
 * term (a dictionary per note), and looks each note's field lengths up in a Map: a search for
 * "the" over 20,000 notes (85,000 postings) took 130–250 ms of main thread, most of a warm
 * start's longest block. Here each query term's scores go into a Float64Array by short id, field
 * lengths come from a flat array, and a note's `match` is worked out only when it is read (the
 * page's hits), from the terms the query expanded to.
 *
 * The arithmetic is minisearch's, step for step and in the same order (BM25+ per field, the
 * prefix and typo weights, the sum per query term, then across query terms, times the number of
 * query terms matched), so scores are equal to the last bit: test/search/note-minisearch.test.ts
 * compares them with minisearch's own index. Options this does not cover (boostDocument, query
 * trees, the wildcard) go to minisearch's own search, which main.js leaves out (a throw naming it:
 * build/cuts/method-stand-ins.mjs): Redline's ranking asks only what this answers.
 */
import type { SearchOptions, SearchResult } from "minisearch";
import type { PostingView, TermData } from "./term-store";

/** minisearch's defaults for what a search's options may leave out (its defaultSearchOptions). */
const DEFAULT_WEIGHTS = { fuzzy: 0.45, prefix: 0.375 };
const DEFAULT_BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const DEFAULT_MAX_FUZZY = 6;

/** What the scorer reads of the index. */
export interface ScoredIndex {
	fields: readonly string[];
	fieldIds: Readonly<Record<string, number>>;
	documentCount: number;
	averages: readonly number[];
	/** Notes' lengths in each field (distinct words): lengths[shortId * fieldCount + fieldId]. */
	lengths: Uint32Array;
	fieldCount: number;
	/** The note's id (its path) by short id. */
	readonly idOf: (shortId: number) => string | undefined;
	get(term: string): TermData | undefined;
	atPrefix(prefix: string): Map<string, TermData>;
	fuzzyGet(term: string, maxDistance: number): Map<string, [TermData, number]>;
	/** The search's own terms from the query text (the index's tokenize and processTerm). */
	terms(query: string): string[];
	/** One past the largest short id a posting may name. */
	size: number;
}

/** A term the query expanded to, with the postings of each field that has it. */
interface Derived {
	term: string;
	fields: (PostingView | undefined)[];
}

/** One result, shaped as minisearch's; `match` and `terms` are worked out when first read. */
class FlatResult {
	private matched: Record<string, string[]> | null = null;

	constructor(
		readonly id: string,
		readonly score: number,
		readonly queryTerms: string[],
		private readonly shortId: number,
		private readonly derived: readonly Derived[],
		private readonly fields: readonly string[],
	) {}

	/** The note's terms the query matched, each with its fields (minisearch's `match`). */
	get match(): Record<string, string[]> {
		if (this.matched) return this.matched;
		const match: Record<string, string[]> = {};
		for (const { term, fields } of this.derived)
			fields.forEach((postings, f) => {
				if (!postings?.has(this.shortId)) return;
				const field = this.fields[f] ?? "";
				const list = Object.hasOwn(match, term) ? match[term] : undefined;
				if (!list) match[term] = [field];
				else if (!list.includes(field)) list.push(field);
			});
		this.matched = match;
		return match;
	}

	get terms(): string[] {
		return Object.keys(this.match);
	}
}

/** Queries and options the flat scorer answers as minisearch would; the others go to minisearch. */
export function flatScorable(query: unknown, options: SearchOptions): query is string {
	const combine = (options.combineWith ?? "or").toLowerCase();
	return (
		typeof query === "string" &&
		options.boostDocument == null &&
		options.tokenize == null &&
		options.processTerm == null &&
		(combine === "or" || combine === "and")
	);
}

/** Postings scored, or results built, between two of the scorer's steps (see flatSteps). */
export const SEARCH_STEP = 8192;

/**
 * minisearch's search(query, options) for a string query, scored into flat arrays. options: the
 * index's search options with the search's own over them (as minisearch merges them).
 */
export function flatSearch(index: ScoredIndex, query: string, options: SearchOptions): SearchResult[] {
	const steps = flatSteps(index, query, options);
	for (;;) {
		const next = steps.next();
		if (next.done) return next.value;
	}
}

/**
 * The same search in steps of at most SEARCH_STEP postings or results: the caller yields to the
 * host between them (a search for "the" over 50,000 notes scores some 200,000 postings). Each
 * step yields how much it did. The index may change between steps (the worker indexing): the
 * scores are those of the index as each term's postings were read, and notes discarded meanwhile
 * are left out. sorted false leaves the results in minisearch's map order, for a caller that
 * sorts them its own way.
 */
export function* flatSteps(
	index: ScoredIndex,
	query: string,
	options: SearchOptions,
	sorted = true,
): Generator<number, SearchResult[]> {
	const scores = yield* scoreSteps(index, query, options);
	const results: SearchResult[] = [];
	let work = 0;
	for (const shortId of scores.order) {
		if (++work === SEARCH_STEP) {
			yield work;
			work = 0;
		}
		const result = scores.result(shortId);
		if (result && (options.filter == null || options.filter(result))) results.push(result);
	}
	// minisearch's byScore (a stable sort over the map's order); left out for a caller that sorts anyway.
	if (sorted) results.sort((x, y) => y.score - x.score);
	return results;
}

/**
 * The search's scoring, in steps of at most SEARCH_STEP postings, without a result object: what
 * ranking reads (FlatScores). options.filter is not applied here (it takes a result).
 */
export function* scoreSteps(index: ScoredIndex, query: string, options: SearchOptions): Generator<number, FlatScores> {
	const terms = index.terms(query);
	if (terms.length === 0)
		return new FlatScores([], new Float64Array(0), new Uint32Array(0), [], [], [], [], [], index.idOf);
	const fields = options.fields ?? index.fields;
	const boost = options.boost ?? {};
	const boosts = fields.map((field) => (Object.hasOwn(boost, field) ? boost[field] : 0) || 1);
	const weights = { ...DEFAULT_WEIGHTS, ...options.weights };
	const { k, b, d } = options.bm25 ?? DEFAULT_BM25;
	const maxFuzzy = options.maxFuzzy ?? DEFAULT_MAX_FUZZY;
	const and = (options.combineWith ?? "or").toLowerCase() === "and";
	// Read once: what the scores are computed against, even if the index changes between steps.
	const { size, documentCount, lengths, fieldCount } = index;
	const averages = [...index.averages];
	/** The sum over query terms so far, by short id. */
	const total = new Float64Array(size);
	/** The current query term's sum, by short id (minisearch sums per query term, then across them). */
	const perTerm = new Float64Array(size);
	/** Which query term (index + 1) a note was last counted for, so each note is listed once per term. */
	const seenFor = new Uint32Array(size);
	/** Which query terms each note matched: a flag array per query term. */
	const matched: Uint8Array[] = [];
	/** Notes in the order minisearch's combined result map holds them. */
	let order: number[] = [];
	const inOrder = new Uint8Array(size);
	const derived: Derived[] = [];
	const distinct = [...new Set(terms)];
	/** Which distinct query terms each note matched, a bit each (the first 31; more share the last bit). */
	const masks = new Uint32Array(size);
	let work = 0;

	for (let t = 0; t < terms.length; t++) {
		const term = terms[t] ?? "";
		const fuzzy = typeof options.fuzzy === "function" ? options.fuzzy(term, t, terms) : options.fuzzy || false;
		const prefix = typeof options.prefix === "function" ? options.prefix(term, t, terms) : options.prefix === true;
		const termBoost = typeof options.boostTerm === "function" ? options.boostTerm(term, t, terms) : 1;
		const these: number[] = [];
		/** The terms this query term expanded to, with their weights (minisearch's order: itself, prefix, typo). */
		const expanded: [string, number, TermData | undefined][] = [[term, 1, index.get(term)]];
		let fuzzyMatches: Map<string, [TermData, number]> | undefined;
		if (fuzzy) {
			const share = fuzzy === true ? 0.2 : fuzzy;
			const maxDistance = share < 1 ? Math.min(maxFuzzy, Math.round(term.length * share)) : share;
			if (maxDistance) fuzzyMatches = index.fuzzyGet(term, maxDistance);
		}
		if (prefix)
			for (const [found, data] of index.atPrefix(term)) {
				const distance = found.length - term.length;
				if (!distance) continue;
				// Also a typo match: scored as a prefix match only (as minisearch does).
				fuzzyMatches?.delete(found);
				expanded.push([found, (weights.prefix * found.length) / (found.length + 0.3 * distance), data]);
			}
		if (fuzzyMatches)
			for (const [found, [data, distance]] of fuzzyMatches) {
				if (!distance) continue;
				expanded.push([found, (weights.fuzzy * found.length) / (found.length + distance), data]);
			}
		// minisearch's termResults: BM25+ per field, in its order of operations.
		for (const [derivedTerm, weight, data] of expanded) {
			if (!data) continue;
			const entry: Derived = { term: derivedTerm, fields: [] };
			derived.push(entry);
			for (let f = 0; f < fields.length; f++) {
				const fieldId = index.fieldIds[fields[f] ?? ""] ?? f;
				const postings = data.get(fieldId);
				entry.fields[f] = postings;
				if (!postings) continue;
				const ids = postings.keys();
				const freqs = postings.frequencies;
				const average = averages[fieldId] ?? 0;
				const invDocFreq = Math.log(1 + (documentCount - ids.length + 0.5) / (ids.length + 0.5));
				const scale = weight * termBoost * (boosts[f] ?? 1) * 1;
				for (let j = 0; j < ids.length; j++) {
					const shortId = ids[j] ?? 0;
					if (shortId >= size) continue; // added since the search began
					const termFreq = freqs[j] ?? 0;
					const fieldLength = lengths[shortId * fieldCount + fieldId] ?? 0;
					const raw = invDocFreq * (d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / average)));
					if (seenFor[shortId] !== t + 1) {
						seenFor[shortId] = t + 1;
						perTerm[shortId] = scale * raw;
						these.push(shortId);
					} else perTerm[shortId] = (perTerm[shortId] ?? 0) + scale * raw;
					if (++work === SEARCH_STEP) {
						yield work;
						work = 0;
					}
				}
			}
		}
		const flags = new Uint8Array(size);
		const bit = 2 ** Math.min(31, distinct.indexOf(term));
		for (const shortId of these) {
			flags[shortId] = 1;
			masks[shortId] = (masks[shortId] ?? 0) | bit;
			total[shortId] = (total[shortId] ?? 0) + (perTerm[shortId] ?? 0);
		}
		matched.push(flags);
		if (and) {
			// AND keeps the notes every term so far matched, in the order of the last term's map.
			order = t === 0 ? these : these.filter((shortId) => matched.every((flag) => flag[shortId] === 1));
		} else
			for (const shortId of these)
				if (!inOrder[shortId]) {
					inOrder[shortId] = 1;
					order.push(shortId);
				}
	}

	return new FlatScores(order, total, masks, distinct, terms, matched, derived, fields, index.idOf);
}

/**
 * A search's outcome before any result object is made: which notes matched (short ids, in
 * minisearch's map order), their scores and the query terms each matched, read from the scorer's
 * flat arrays. Ranking a common word reads these for every matching note and makes results only
 * for the page: a search for "the" over 50,000 notes made 50,000 result objects (and ranking as
 * many again), which lived across the search's steps, so each young collection meanwhile copied
 * them (12–26 ms pauses in a big vault's warm start).
 */
export class FlatScores {
	/** Notes that matched the same query terms share one array of them (read only), by mask. */
	private readonly termSets = new Map<number, string[]>();

	constructor(
		/** The matching notes' short ids, in the order minisearch's combined result map holds them. */
		readonly order: readonly number[],
		private readonly total: Float64Array,
		private readonly masks: Uint32Array,
		private readonly distinct: readonly string[],
		private readonly terms: readonly string[],
		private readonly matched: readonly Uint8Array[],
		private readonly derived: readonly Derived[],
		private readonly fields: readonly string[],
		/** The note's id (its path), undefined for a note discarded since the search began. */
		readonly idOf: (shortId: number) => string | undefined,
	) {}

	/** The distinct query terms the note matched, in the query's order (shared between notes). */
	queryTerms(shortId: number): string[] {
		const { distinct, terms, matched } = this;
		const mask = distinct.length <= 31 ? (this.masks[shortId] ?? 0) : -1 - shortId;
		let shared = this.termSets.get(mask);
		if (!shared) {
			shared = distinct.filter((term) => terms.some((q, t) => q === term && matched[t]?.[shortId] === 1));
			this.termSets.set(mask, shared);
		}
		return shared;
	}

	/** minisearch's score: the sum over query terms, times how many distinct ones matched. */
	score(shortId: number): number {
		return (this.total[shortId] ?? 0) * (this.queryTerms(shortId).length || 1);
	}

	/** The note's result, shaped as minisearch's; null for a note discarded since the search began. */
	result(shortId: number): SearchResult | null {
		const id = this.idOf(shortId);
		if (id === undefined) return null;
		const queryTerms = this.queryTerms(shortId);
		return new FlatResult(id, this.score(shortId), queryTerms, shortId, this.derived, this.fields);
	}
}
