/** Case-insensitive substring search inside one note's text, shared by every Vault. */
import type { SearchMatch } from "./vault";

/** Characters of context kept around a match in a snippet. */
export const SNIPPET_LENGTH = 160;

/** A window of about SNIPPET_LENGTH characters of line around the match at index. */
export function snippetAround(line: string, index: number, matchLength: number): string {
	const trimmed = line.trim();
	if (trimmed.length <= SNIPPET_LENGTH) return trimmed;
	const lead = line.length - line.trimStart().length;
	const at = Math.max(0, index - lead);
	const room = Math.max(0, SNIPPET_LENGTH - matchLength);
	let start = Math.max(0, at - Math.floor(room / 2));
	const end = Math.min(trimmed.length, start + SNIPPET_LENGTH);
	start = Math.max(0, end - SNIPPET_LENGTH);
	return (start > 0 ? "…" : "") + trimmed.slice(start, end).trim() + (end < trimmed.length ? "…" : "");
}

/** Every line of text that contains query (one match per line), up to limit. */
export function searchText(path: string, text: string, query: string, limit: number): SearchMatch[] {
	const needle = query.toLowerCase();
	const matches: SearchMatch[] = [];
	if (needle === "" || limit <= 0) return matches;
	const lines = text.split(/\r?\n/);
	for (let i = 0; i < lines.length && matches.length < limit; i++) {
		const index = lines[i].toLowerCase().indexOf(needle);
		if (index >= 0) matches.push({ path, line: i + 1, snippet: snippetAround(lines[i], index, needle.length) });
	}
	return matches;
}

/** Validates a search's arguments the same way for every Vault. */
export function checkSearchArgs(query: string, limit: number): void {
	if (typeof query !== "string") throw new TypeError("search query must be a string");
	if (!Number.isFinite(limit) || limit < 0) throw new RangeError(`search limit must be a number >= 0, got ${limit}`);
}
