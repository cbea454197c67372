/**
 * The best few lines of a note for a result: lines holding the most matched terms (and any
 * phrase), with 1-based line numbers and a snippet. Also the phrase check: the folded substring
 * scan that decides whether a "quoted phrase" really is in the note.
 */
import { snippetAround } from "../vault/search";
import { fold, termsOf } from "./terms";

export interface MatchingLine {
	line: number;
	snippet: string;
}

/** Lines shown per note at most. */
export const LINES_PER_NOTE = 3;

function squash(text: string): string {
	return fold(text).replace(/\s+/g, " ");
}

/** True when every phrase occurs in the title or in one line of the text (case and accents folded). */
export function hasPhrases(title: string, text: string, phrases: readonly string[]): boolean {
	if (phrases.length === 0) return true;
	const lines = [title, ...text.split(/\r?\n/)].map(squash);
	return phrases.every((phrase) => lines.some((line) => line.includes(phrase)));
}

/** The best lines for terms (folded note terms) and phrases, best first, at most LINES_PER_NOTE. */
export function matchingLines(
	text: string,
	terms: readonly string[],
	phrases: readonly string[],
	limit = LINES_PER_NOTE,
): MatchingLine[] {
	const wanted = new Set(terms);
	const scored: { line: number; score: number; text: string; at: number; length: number }[] = [];
	const lines = text.split(/\r?\n/);
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i] ?? "";
		if (line.trim() === "") continue;
		const folded = fold(line);
		let score = 0;
		let at = -1;
		let length = 0;
		for (const phrase of phrases) {
			const index = squash(line).indexOf(phrase);
			if (index >= 0) {
				score += 2;
				if (at < 0) [at, length] = [index, phrase.length];
			}
		}
		const seen = new Set<string>();
		for (const term of termsOf(line)) {
			if (!wanted.has(term) || seen.has(term)) continue;
			seen.add(term);
			score++;
			if (at < 0) [at, length] = [Math.max(0, folded.indexOf(term)), term.length];
		}
		if (score > 0) scored.push({ line: i + 1, score, text: line, at, length });
	}
	return scored
		.sort((a, b) => b.score - a.score || a.line - b.line)
		.slice(0, limit)
		.map((m) => ({ line: m.line, snippet: snippetAround(m.text, m.at, m.length) }));
}
