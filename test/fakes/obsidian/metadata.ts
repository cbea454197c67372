/**
 * MetadataCache and its helpers (getAllTags, parseFrontMatterAliases). Like Obsidian, it parses a
 * note after the vault reports it, and fires "changed" a moment later (not inside the vault
 * event), so a reader may briefly see the previous metadata. Notes seeded before load are cached.
 * The parser is deliberately the fake's own (not Redline's), so tests of the Obsidian path do not
 * check Redline's parser against itself.
 */
import type * as O from "obsidian";
import { Events } from "./events";
import type { Shape } from "./shape";
import { TFile, type Vault } from "./vault";
import { setTimeout } from "../../../src/node/timers";

const at = (line: number): O.Pos => ({ start: { line, col: 0, offset: 0 }, end: { line, col: 0, offset: 0 } });

function yamlValue(raw: string): unknown {
	const v = raw.trim();
	if (v.startsWith("[") && v.endsWith("]"))
		return v
			.slice(1, -1)
			.split(",")
			.map((s) => s.trim().replace(/^["']|["']$/g, ""))
			.filter(Boolean);
	return v.replace(/^["']|["']$/g, "");
}

/** What Obsidian would cache for a note: frontmatter, headings, inline tags. */
export function parseForCache(text: string): O.CachedMetadata {
	const lines = text.replace(/\r\n/g, "\n").split("\n");
	const cache: O.CachedMetadata = {};
	let i = 0;
	if (lines[0] === "---") {
		const end = lines.indexOf("---", 1);
		if (end > 0) {
			const fm: O.FrontMatterCache = {};
			let key: string | null = null;
			for (const line of lines.slice(1, end)) {
				const item = /^\s*-\s+(.*)$/.exec(line);
				const pair = /^([\w-]+):\s*(.*)$/.exec(line);
				if (item && key) (fm[key] as unknown[]).push(yamlValue(item[1] ?? ""));
				else if (pair) {
					key = pair[1] ?? "";
					fm[key] = (pair[2] ?? "").trim() === "" ? [] : yamlValue(pair[2] ?? "");
				}
			}
			cache.frontmatter = fm;
			cache.frontmatterPosition = { start: at(0).start, end: at(end).end };
			i = end + 1;
		}
	}
	const headings: O.HeadingCache[] = [];
	const tags: O.TagCache[] = [];
	for (; i < lines.length; i++) {
		const line = lines[i] ?? "";
		const heading = /^(#{1,6})\s+(.+?)\s*$/.exec(line);
		if (heading) headings.push({ heading: heading[2] ?? "", level: (heading[1] ?? "").length, position: at(i) });
		for (const tag of line.matchAll(/(?:^|\s)(#[\w/-]*[A-Za-z_/-][\w/-]*)/g))
			if (!heading || tag.index > 0) tags.push({ tag: tag[1] ?? "", position: at(i) });
	}
	if (headings.length > 0) cache.headings = headings;
	if (tags.length > 0) cache.tags = tags;
	return cache;
}

export class MetadataCache extends Events implements Shape<O.MetadataCache, "getFileCache" | "getCache"> {
	private readonly caches = new Map<string, O.CachedMetadata>();

	constructor(private readonly vault: Vault) {
		super();
		vault.internalListener = (name, [file, oldPath]) => {
			if (!(file instanceof TFile)) return;
			if (name === "create" || name === "modify") this.parseLater(file);
			else if (name === "delete") {
				const previous = this.caches.get(file.path) ?? null;
				this.caches.delete(file.path);
				this.trigger("deleted", file, previous);
			} else if (name === "rename" && typeof oldPath === "string") {
				const cache = this.caches.get(oldPath);
				this.caches.delete(oldPath);
				if (cache) this.caches.set(file.path, cache);
			}
		};
	}

	getFileCache(file: O.TFile): O.CachedMetadata | null {
		return this.getCache(file.path);
	}
	getCache(path: string): O.CachedMetadata | null {
		if (
			!this.caches.has(path) &&
			this.vault.text(path) !== undefined &&
			path.endsWith(".md") &&
			this.vault.isSeeded(path)
		)
			this.parseNow(path);
		return this.caches.get(path) ?? null;
	}

	private parseNow(path: string): void {
		const text = this.vault.text(path);
		if (text !== undefined) this.caches.set(path, parseForCache(text));
	}

	private parseLater(file: TFile): void {
		if (file.extension !== "md") return;
		setTimeout(() => {
			const text = this.vault.text(file.path);
			if (text === undefined) return;
			const cache = parseForCache(text);
			this.caches.set(file.path, cache);
			this.trigger("changed", file, text, cache);
		}, 0);
	}
}

/** Frontmatter tags and inline tags, each with "#", as Obsidian's getAllTags gives them. */
export function getAllTags(cache: O.CachedMetadata): string[] | null {
	const tags: string[] = [];
	const fm = cache.frontmatter?.tags as unknown;
	const fmTags = Array.isArray(fm) ? fm : typeof fm === "string" ? fm.split(/[\s,]+/) : [];
	for (const tag of fmTags) if (typeof tag === "string" && tag !== "") tags.push(tag.startsWith("#") ? tag : `#${tag}`);
	for (const tag of cache.tags ?? []) tags.push(tag.tag);
	return tags;
}

export function parseFrontMatterAliases(frontmatter: O.FrontMatterCache | null): string[] | null {
	const value = frontmatter?.aliases as unknown;
	if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
	if (typeof value === "string")
		return value
			.split(",")
			.map((s) => s.trim())
			.filter(Boolean);
	return null;
}
