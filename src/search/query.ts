/**
 * A search query, parsed and ranked. Words match loosely (prefix, one typo); "quoted phrases"
 * must all be there word for word, and are then checked as phrases against the note's text.
 * Notes that contain every word come first, then those with most, each group by BM25+ score.
 */
import type { MatchInfo, SearchOptions, SearchResult } from "minisearch";
import { EXACT, LOOSE } from "./index-schema";
import type { Slicer } from "./pacer";
import { bestFirst } from "./top-first";
import { isCommonTerm, termsOf } from "./terms";

/** What ranking asks of the index: minisearch's search, in slices. */
export interface RankedIndex {
	/** sorted false: results in any order (ranking sorts them by rank itself). */
	searchPaced(query: string, options: SearchOptions, slicer: Slicer, sorted: boolean): Promise<SearchResult[]>;
	/** The same search's scores, without a result object per note (options.filter is not applied). */
	scorePaced(query: string, options: SearchOptions, slicer: Slicer): Promise<ScoredNotes>;
}

/**
 * A search's outcome read note by note (by short id) without a result object for each: a common
 * word matches most of a big vault, and ranking needs objects only for the page
 * (flat-scorer.ts's FlatScores; scoredResults for a search that made results anyway).
 */
export interface ScoredNotes {
	/** The matching notes' short ids, in no particular order. */
	readonly order: readonly number[];
	/** The note's path; undefined for one discarded since the search began. */
	idOf(shortId: number): string | undefined;
	score(shortId: number): number;
	/** The distinct query terms the note matched. */
	queryTerms(shortId: number): readonly string[];
	/** The note's result (minisearch's shape, with its `match`); null for one discarded meanwhile. */
	result(shortId: number): SearchResult | null;
}

/** Results already made, read as ScoredNotes (short id: the position in the array). */
export function scoredResults(results: readonly SearchResult[]): ScoredNotes {
	return {
		order: results.map((_result, i) => i),
		idOf: (i) => (results[i] === undefined ? undefined : String(results[i].id)),
		score: (i) => results[i]?.score ?? 0,
		queryTerms: (i) => results[i]?.queryTerms ?? [],
		result: (i) => results[i] ?? null,
	};
}

export interface ParsedQuery {
	/** Loose words, folded. */
	words: string[];
	/** Quoted phrases, folded, spaces collapsed ("greenhouse budget"). */
	phrases: string[];
}

/** Splits a query into loose words and "quoted phrases" (an unclosed quote runs to the end). */
export function parseQuery(input: string): ParsedQuery {
	const phrases: string[] = [];
	const loose = input.replace(/["“”]([^"“”]*)(["“”]|$)/g, (_all, inner: string) => {
		const phrase = termsOf(inner).join(" ");
		if (phrase !== "") phrases.push(phrase);
		return " ";
	});
	return { words: [...new Set(termsOf(loose))], phrases: [...new Set(phrases)] };
}

export function isEmptyQuery(query: ParsedQuery): boolean {
	return query.words.length === 0 && query.phrases.length === 0;
}

export interface RankedNote {
	path: string;
	score: number;
	/** How many of the query's words and phrases the note has (common words count only when the query has nothing else). */
	covered: number;
	/**
	 * The index's results for the note; what matched (its own terms, after prefix and typo
	 * expansion) is read from them for the notes shown only (see matchedTerms): the flat scorer
	 * works a result's `match` out when it is read.
	 */
	sources: SearchResult[];
}

/** The note's own terms that matched, to pick its lines (only asked for the notes shown). */
export function matchedTerms(note: RankedNote): string[] {
	return [...new Set(note.sources.flatMap((result: { match: MatchInfo }) => Object.keys(result.match)))];
}

/** Scores differing past this many digits are ties, so incremental and rebuilt indexes rank alike. */
const SCORE_DIGITS = 1e6;

function byRank(a: RankedNote, b: RankedNote): number {
	return b.covered - a.covered || b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/** Notes ranked: the best first, and how many matched in all. */
export interface Ranking {
	/**
	 * Without phrases: the best `wanted` notes in order (every note matches; the others are only
	 * counted). With phrases: every candidate in order (each is checked against the text).
	 */
	notes: RankedNote[];
	/** How many notes match the words (with phrases: the candidates, before the text is checked). */
	total: number;
}

/**
 * The notes matching the query, best first. Phrases are only required word by word here.
 * filter null takes every note. Thousands of notes can match a common word, so the work per
 * matching note is a few reads of the search's flat arrays, and objects are made only for the
 * notes returned: query terms come out of the index folded already.
 * wanted: how many of the best must be in order (without phrases).
 */
export async function rankNotes(
	index: RankedIndex,
	query: ParsedQuery,
	filter: ((path: string) => boolean) | null,
	slicer: Slicer,
	wanted = Infinity,
): Promise<Ranking> {
	const phraseWords = [...new Set(query.phrases.flatMap((p) => p.split(" ")))];
	const counted = query.words.filter((word) => !isCommonTerm(word));
	const countable = new Set(counted.length > 0 ? counted : query.words);
	const coverage = (terms: readonly string[]): number => {
		let covered = 0;
		for (const term of terms) if (countable.has(term)) covered++;
		return covered;
	};
	const rounded = (score: number): number => Math.round(score * SCORE_DIGITS) / SCORE_DIGITS;
	const looseOptions: SearchOptions = { ...LOOSE, combineWith: "OR" };
	if (phraseWords.length === 0) {
		if (query.words.length === 0) return { notes: [], total: 0 };
		const scored = await index.scorePaced(query.words.join(" "), looseOptions, slicer);
		return rankScored(scored, coverage, rounded, filter, slicer, wanted);
	}
	const accept = filter === null ? {} : { filter: (result: SearchResult) => filter(String(result.id)) };
	const loose =
		query.words.length > 0
			? await index.searchPaced(query.words.join(" "), { ...looseOptions, ...accept }, slicer, false)
			: [];
	const notes = new Map<string, RankedNote>();
	const exact = await index.searchPaced(
		phraseWords.join(" "),
		{ ...EXACT, combineWith: "AND", ...accept },
		slicer,
		false,
	);
	for (const result of exact) {
		notes.set(String(result.id), {
			path: String(result.id),
			score: result.score,
			covered: query.phrases.length,
			sources: [result],
		});
	}
	for (const result of loose) {
		const note = notes.get(String(result.id));
		if (!note) continue;
		note.score += result.score;
		note.covered += coverage(result.queryTerms);
		note.sources.push(result);
	}
	const ranked = [...notes.values()].map((note) => ({ ...note, score: rounded(note.score) })).sort(byRank);
	return { notes: ranked, total: ranked.length };
}

/**
 * Ranks a words-only search from its flat scores: each matching note's coverage and rounded score
 * go into typed arrays, the best `wanted` are picked by position (bestFirst), and only those
 * become RankedNotes.
 */
async function rankScored(
	scored: ScoredNotes,
	coverage: (terms: readonly string[]) => number,
	rounded: (score: number) => number,
	filter: ((path: string) => boolean) | null,
	slicer: Slicer,
	wanted: number,
): Promise<Ranking> {
	const { order } = scored;
	const shortIds = new Int32Array(order.length);
	const covers = new Uint16Array(order.length);
	const scores = new Float64Array(order.length);
	/** Coverage by the (shared) array of terms a note matched: a few distinct arrays in all. */
	const coverOf = new Map<readonly string[], number>();
	let count = 0;
	await slicer.forEach(order, (shortId) => {
		const path = scored.idOf(shortId);
		if (path === undefined || (filter !== null && !filter(path))) return;
		const terms = scored.queryTerms(shortId);
		let covered = coverOf.get(terms);
		if (covered === undefined) coverOf.set(terms, (covered = coverage(terms)));
		shortIds[count] = shortId;
		covers[count] = covered;
		scores[count] = rounded(scored.score(shortId));
		count++;
	});
	const pathAt = (i: number): string => scored.idOf(shortIds[i] ?? 0) ?? "";
	// byRank on positions: a total order (paths differ), so the search's order does not matter.
	const compare = (a: number, b: number): number => {
		const byCover = (covers[b] ?? 0) - (covers[a] ?? 0);
		if (byCover !== 0) return byCover;
		const byScore = (scores[b] ?? 0) - (scores[a] ?? 0);
		if (byScore !== 0) return byScore;
		const pa = pathAt(a);
		const pb = pathAt(b);
		return pa < pb ? -1 : pa > pb ? 1 : 0;
	};
	const best = await bestFirst(count, wanted, compare, slicer);
	const notes: RankedNote[] = [];
	for (const i of best) {
		const shortId = shortIds[i] ?? 0;
		const result = scored.result(shortId);
		if (!result) continue;
		notes.push({ path: pathAt(i), score: scores[i] ?? 0, covered: covers[i] ?? 0, sources: [result] });
	}
	return { notes, total: count };
}
