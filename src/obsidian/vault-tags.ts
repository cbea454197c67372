/**
 * The vault's tags for the composer's `#` picker, from Obsidian's metadataCache: getAllTags gives
 * each note's frontmatter `tags` and inline #tags, as Obsidian parsed them, so nothing is read or
 * parsed again. Ranked by the core's rankTags, as the sandbox ranks the same counts.
 */
import { getAllTags, type App } from "obsidian";
import { countTags, rankTags } from "../search/tag-suggest";

export function suggestVaultTags(app: App, query: string): string[] {
	const notes = app.vault.getMarkdownFiles().map((file) => {
		const cache = app.metadataCache.getFileCache(file);
		return cache ? (getAllTags(cache) ?? []) : [];
	});
	return rankTags(countTags(notes), query).map((entry) => entry.tag);
}
