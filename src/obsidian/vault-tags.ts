/**
 * The vault's tags for the composer's `#` picker, from Obsidian's metadataCache: getAllTags gives
 * each note's frontmatter `tags` and inline #tags, as Obsidian parsed them, so nothing is read or
 * parsed again. Ranked by the core's rankTags, as the sandbox ranks the same counts. The picker
 * asks on every keystroke, so the counts are kept until the cache reports a note parsed or
 * deleted (a rename changes no tag); the listeners go with the view that owns them.
 */
import { getAllTags, type App, type Component } from "obsidian";
import { countTags, rankTags, type TagCount } from "../search/tag-suggest";

export class VaultTags {
	private counts: TagCount[] | null = null;

	constructor(
		private readonly app: App,
		owner: Component,
	) {
		const stale = (): void => {
			this.counts = null;
		};
		owner.registerEvent(app.metadataCache.on("changed", stale));
		owner.registerEvent(app.metadataCache.on("deleted", stale));
	}

	suggest(query: string): string[] {
		this.counts ??= this.count();
		return rankTags(this.counts, query).map((entry) => entry.tag);
	}

	private count(): TagCount[] {
		const notes = this.app.vault.getMarkdownFiles().map((file) => {
			const cache = this.app.metadataCache.getFileCache(file);
			return cache ? (getAllTags(cache) ?? []) : [];
		});
		return countTags(notes);
	}
}
