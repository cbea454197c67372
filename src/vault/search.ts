/** Snippets: a window of a long line around a match, for search results. */

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
