/**
 * The composer's `#` picker (issue 33): the vault's tags, counted and ranked for what was typed.
 * Both hosts count their own way (Obsidian from its metadataCache, the sandbox from the note
 * catalog behind v1.context.tags) and rank here, so the same vault offers the same tags in both.
 *
 * A nested tag counts for its parents too, as Obsidian's tag pane shows them: a note tagged
 * `#project/alpha` is one of `project`'s notes, and a `project` chip adds it
 * (src/thread/context-chips.ts matches a tag and everything under it).
 */
import { rankForPicker } from "./picker-rank";
import { normalizeTag } from "./tags";

export interface TagCount {
	/** Lower case, without "#" ("project/alpha"). */
	tag: string;
	/** Notes that carry the tag or a tag under it. */
	count: number;
}

/** Tags the picker offers at most. */
export const TAG_SUGGESTION_LIMIT = 20;

/** Each note's tags (any case, "#" or not) -> every tag with its parents, and how many notes use it. */
export function countTags(notes: Iterable<readonly string[]>): TagCount[] {
	const counts = new Map<string, number>();
	for (const tags of notes) {
		const own = new Set<string>();
		for (const raw of tags) {
			const parts = normalizeTag(raw).split("/").filter(Boolean);
			for (let i = 1; i <= parts.length; i++) own.add(parts.slice(0, i).join("/"));
		}
		for (const tag of own) counts.set(tag, (counts.get(tag) ?? 0) + 1);
	}
	return [...counts].map(([tag, count]) => ({ tag, count }));
}

/**
 * The tags that match query (any case, "#" optional), best first, as picker-rank.ts orders names:
 * those that start with it, then a level that does (`alpha` finds `project/alpha`), then the rest
 * that contain it; within each, the tag more notes use first, then A-Z.
 */
export function rankTags(counts: readonly TagCount[], query: string, limit = TAG_SUGGESTION_LIMIT): TagCount[] {
	const named = counts.map((entry) => ({ name: entry.tag, count: entry.count }));
	return rankForPicker(named, normalizeTag(query), limit).map((entry) => ({ tag: entry.name, count: entry.count }));
}
