/**
 * How the composer's pickers order what they offer (issue 33): the names that start with what was
 * typed first, then those with a level ("a/b" has two) that does, then the rest that contain it,
 * all case-insensitive; within each, the name more notes use first, then A-Z (a parent before its
 * children). Nothing typed: every name, most used first. Tags (tag-suggest.ts) and folders
 * (src/ui/chip-query.ts) are ranked by it, so `#` and `/` behave alike.
 */

export interface Counted {
	name: string;
	/** Notes the name stands for: a tag's notes, a folder's. */
	count: number;
}

export function rankForPicker<T extends Counted>(entries: readonly T[], query: string, limit: number): T[] {
	const needle = query.toLowerCase();
	const ranked: Array<{ entry: T; rank: number; key: string }> = [];
	for (const entry of entries) {
		const key = entry.name.toLowerCase();
		const rank = matchRank(key, needle);
		if (rank !== null) ranked.push({ entry, rank, key });
	}
	ranked.sort(
		(a, b) =>
			a.rank - b.rank ||
			b.entry.count - a.entry.count ||
			(a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
			(a.entry.name < b.entry.name ? -1 : a.entry.name > b.entry.name ? 1 : 0),
	);
	return ranked.slice(0, Math.max(0, limit)).map(({ entry }) => entry);
}

function matchRank(name: string, needle: string): number | null {
	if (needle === "" || name.startsWith(needle)) return 0;
	if (name.split("/").some((level) => level.startsWith(needle))) return 1;
	return name.includes(needle) ? 2 : null;
}
