/**
 * Search metadata from Obsidian's metadataCache, so the index does not parse notes again:
 * aliases, headings, tags (frontmatter and inline) and the other properties' values. A note
 * the cache has not parsed yet gives null (the index parses it itself); "changed" tells the
 * index when the cache caught up with a note, since it lags the vault's modify event.
 */
import { getAllTags, parseFrontMatterAliases, type App, type CachedMetadata } from "obsidian";
import type { NoteMetadata, NoteMetadataSource } from "../search/note-fields";
import { normalizeTag } from "../search/tags";

const NOT_PROPERTIES = new Set(["tags", "tag", "aliases", "alias", "position"]);

function propertyValues(value: unknown): string[] {
	if (value === null || value === undefined) return [];
	if (Array.isArray(value)) return value.flatMap(propertyValues);
	if (typeof value === "object") return Object.values(value as Record<string, unknown>).flatMap(propertyValues);
	if (typeof value === "string") return [value];
	if (typeof value === "number" || typeof value === "boolean") return [String(value)];
	return [];
}

export function metadataFromCache(cache: CachedMetadata): NoteMetadata {
	const frontmatter = cache.frontmatter ?? null;
	const properties: string[] = [];
	for (const [key, value] of Object.entries(frontmatter ?? {}))
		if (!NOT_PROPERTIES.has(key.toLowerCase())) properties.push(...propertyValues(value));
	return {
		aliases: parseFrontMatterAliases(frontmatter) ?? [],
		headings: (cache.headings ?? []).map((h) => h.heading),
		tags: [...new Set((getAllTags(cache) ?? []).map(normalizeTag).filter(Boolean))],
		properties,
	};
}

export function createObsidianNoteMetadata(app: App): NoteMetadataSource {
	return {
		metadata(path) {
			const cache = app.metadataCache.getCache(path);
			return cache ? metadataFromCache(cache) : null;
		},
		onResolved(listener) {
			const ref = app.metadataCache.on("changed", (file) => listener(file.path));
			return () => app.metadataCache.offref(ref);
		},
	};
}
