/**
 * What the composer's picker is open for, from the text before the cursor (issue 33): `[[` picks
 * a note (link-query.ts), `#` a tag and `/` a folder, each only at the start of a word, so a URL
 * or a path typed in a sentence ("a/b") opens nothing. start: where the trigger begins.
 */
import { rankForPicker } from "../search/picker-rank";
import { openLinkQuery } from "./link-query";

export type ChipQuery = { kind: "note" | "tag" | "folder"; start: number; query: string };

export function openChipQuery(text: string, cursor: number): ChipQuery | null {
	const link = openLinkQuery(text, cursor);
	if (link) return { kind: "note", ...link };
	const before = text.slice(0, cursor);
	const match = /(^|\s)([#/])([^\s#/]*(?:\/[^\s#/]*)*)$/u.exec(before);
	if (!match) return null;
	const start = match.index + match[1].length;
	const query = match[3];
	if (match[2] === "#") return /^[^\d\s]/u.test(query) || query === "" ? { kind: "tag", start, query } : null;
	return { kind: "folder", start, query };
}

/**
 * The `/` picker's folders: every folder of the notes' paths ("Projects/Alpha"), ranked for query
 * as the `#` picker's tags are (src/search/picker-rank.ts: those that start with it first, then the
 * folder with more notes under it), at most limit.
 */
export function suggestFolders(paths: readonly string[], query: string, limit: number): string[] {
	const counts = new Map<string, number>();
	for (const path of paths) {
		const parts = path.split("/");
		for (let i = 1; i < parts.length; i++) {
			const folder = parts.slice(0, i).join("/");
			counts.set(folder, (counts.get(folder) ?? 0) + 1);
		}
	}
	const folders = [...counts].map(([name, count]) => ({ name, count }));
	return rankForPicker(folders, query, limit).map((folder) => folder.name);
}
