/**
 * A search query, parsed and ranked. Words match loosely (prefix, one typo); "quoted phrases"
 * must all be there word for word, and are then checked as phrases against the note's text.
 * Notes that contain every word come first, then those with most, each group by BM25+ score.
 */
import type { MatchInfo, SearchOptions, SearchResult } from "minisearch";
import { EXACT, LOOSE } from "./index-schema";
import type { Slicer } from "./pacer";
import { topFirst } from "./top-first";
import { isCommonTerm, termsOf } from "./terms";

/** What ranking asks of the index: minisearch's search, in slices. */
export interface RankedIndex {
	/** sorted false: results in any order (ranking sorts them by rank itself). */
	searchPaced(query: string, options: SearchOptions, slicer: Slicer, sorted: boolean): Promise<SearchResult[]>;
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

/**
 * Every note matching the query, best first. Phrases are only required word by word here.
 * filter null takes every note. Thousands of notes can match a common word, so the work per
 * result is kept to a few field reads: query terms come out of the index folded already.
 * wanted: how many of the best must be in order (without phrases); the rest follow in no order.
 */
export async function rankNotes(
	index: RankedIndex,
	query: ParsedQuery,
	filter: ((path: string) => boolean) | null,
	slicer: Slicer,
	wanted = Infinity,
): Promise<RankedNote[]> {
	const accept = filter === null ? {} : { filter: (result: SearchResult) => filter(String(result.id)) };
	const phraseWords = [...new Set(query.phrases.flatMap((p) => p.split(" ")))];
	const loose =
		query.words.length > 0
			? await index.searchPaced(query.words.join(" "), { ...LOOSE, combineWith: "OR", ...accept }, slicer, false)
			: [];
	const counted = query.words.filter((word) => !isCommonTerm(word));
	const countable = new Set(counted.length > 0 ? counted : query.words);
	const coverage = (result: SearchResult): number => {
		let covered = 0;
		for (const term of result.queryTerms) if (countable.has(term)) covered++;
		return covered;
	};
	const rounded = (score: number): number => Math.round(score * SCORE_DIGITS) / SCORE_DIGITS;
	if (phraseWords.length === 0) {
		const ranked: RankedNote[] = [];
		await slicer.forEach(loose, (result) =>
			ranked.push({
				path: String(result.id),
				score: rounded(result.score),
				covered: coverage(result),
				sources: [result],
			}),
		);
		// byRank is a total order (paths differ): the results' own order does not matter.
		return topFirst(ranked, wanted, byRank, slicer);
	}
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
		note.covered += coverage(result);
		note.sources.push(result);
	}
	return [...notes.values()].map((note) => ({ ...note, score: rounded(note.score) })).sort(byRank);
}
