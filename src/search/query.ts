/**
 * A search query, parsed and ranked. Words match loosely (prefix, one typo); "quoted phrases"
 * must all be there word for word, and are then checked as phrases against the note's text.
 * Notes that contain every word come first, then those with most, each group by BM25+ score.
 */
import type MiniSearch from "minisearch";
import type { SearchResult } from "minisearch";
import { EXACT, LOOSE, type IndexedDocument } from "./index-schema";
import { fold, isCommonTerm, termsOf } from "./terms";

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
	/** The note's own terms that matched (after prefix and typo expansion), to pick lines. */
	terms: string[];
}

/** Scores differing past this many digits are ties, so incremental and rebuilt indexes rank alike. */
const SCORE_DIGITS = 1e6;

/** Every note matching the query, best first. Phrases are only required word by word here. */
export function rankNotes(index: MiniSearch<IndexedDocument>, query: ParsedQuery, filter: (path: string) => boolean): RankedNote[] {
	const accept = (result: SearchResult): boolean => filter(String(result.id));
	const phraseWords = [...new Set(query.phrases.flatMap((p) => p.split(" ")))];
	const loose = query.words.length > 0 ? index.search(query.words.join(" "), { ...LOOSE, combineWith: "OR", filter: accept }) : [];
	const counted = query.words.filter((word) => !isCommonTerm(word));
	const countable = new Set(counted.length > 0 ? counted : query.words);
	const notes = new Map<string, RankedNote>();
	const add = (result: SearchResult, covered: number): void => {
		const path = String(result.id);
		const note = notes.get(path) ?? { path, score: 0, covered: 0, terms: [] };
		note.score += result.score;
		note.covered += covered;
		for (const term of Object.keys(result.match)) if (!note.terms.includes(term)) note.terms.push(term);
		notes.set(path, note);
	};
	const coverage = (result: SearchResult): number => new Set(result.queryTerms.map(fold).filter((t) => countable.has(t))).size;
	if (phraseWords.length > 0) {
		for (const result of index.search(phraseWords.join(" "), { ...EXACT, combineWith: "AND", filter: accept })) add(result, query.phrases.length);
		for (const result of loose) if (notes.has(String(result.id))) add(result, coverage(result));
	} else {
		for (const result of loose) add(result, coverage(result));
	}
	return [...notes.values()]
		.map((note) => ({ ...note, score: Math.round(note.score * SCORE_DIGITS) / SCORE_DIGITS }))
		.sort((a, b) => b.covered - a.covered || b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
