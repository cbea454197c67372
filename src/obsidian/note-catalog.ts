/**
 * findNotes' catalog in Obsidian: its own metadataCache, so nothing is parsed or read again. Tags
 * as getAllTags gives them (frontmatter and body), properties from the cached frontmatter, links
 * from resolvedLinks (links, embeds and frontmatter links, as Obsidian resolved them), mtime from
 * the file's stat, and getFirstLinkpathDest for a link the model names. Fields are read per note
 * only when a filter asks for them.
 */
import { getAllTags, type App, type TFile } from "obsidian";
import type { CatalogNote, CatalogView, NoteCatalog, PropertyValue } from "../search/note-catalog";
import { linkpathOf } from "../search/linktext";
import { normalizeTag } from "../search/tags";

function scalars(value: unknown): PropertyValue[] {
	if (value === null || value === undefined) return [];
	if (Array.isArray(value)) return value.flatMap(scalars);
	if (typeof value === "object") return Object.values(value as Record<string, unknown>).flatMap(scalars);
	if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return [value];
	return [];
}

class CachedNote implements CatalogNote {
	constructor(
		private readonly app: App,
		private readonly file: TFile,
	) {}
	get path(): string {
		return this.file.path;
	}
	get mtime(): number {
		return this.file.stat.mtime;
	}
	get tags(): readonly string[] {
		const cache = this.app.metadataCache.getFileCache(this.file);
		const tags = cache ? (getAllTags(cache) ?? []) : [];
		return [...new Set(tags.map(normalizeTag).filter(Boolean))];
	}
	get properties(): ReadonlyMap<string, readonly PropertyValue[]> {
		const frontmatter = this.app.metadataCache.getFileCache(this.file)?.frontmatter ?? {};
		const properties = new Map<string, PropertyValue[]>();
		for (const [name, value] of Object.entries(frontmatter)) {
			if (name === "position") continue;
			const key = name.toLowerCase();
			properties.set(key, [...(properties.get(key) ?? []), ...scalars(value)]);
		}
		return properties;
	}
	get links(): readonly string[] {
		return Object.keys(this.app.metadataCache.resolvedLinks[this.file.path] ?? {});
	}
}

export function createObsidianNoteCatalog(app: App): NoteCatalog {
	return {
		view(): Promise<CatalogView> {
			const notes = app.vault.getMarkdownFiles().map((file) => new CachedNote(app, file));
			const resolve = (link: string, from: string): string | null =>
				app.metadataCache.getFirstLinkpathDest(linkpathOf(link), from)?.path ?? null;
			return Promise.resolve({ notes, resolve });
		},
	};
}
