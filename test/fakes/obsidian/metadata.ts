/**
 * MetadataCache and its helpers (getAllTags, parseFrontMatterAliases). Like Obsidian, it parses a
 * note after the vault reports it, and fires "changed" a moment later (not inside the vault
 * event), so a reader may briefly see the previous metadata. Notes seeded before load are cached.
 * The parser is deliberately the fake's own (not Redline's), so tests of the Obsidian path do not
 * check Redline's parser against itself: frontmatter, headings, tags, links ([[x]], [x](y.md)),
 * embeds (![[x]]) and frontmatter links, none inside fenced code. resolvedLinks and
 * getFirstLinkpathDest resolve as Obsidian documents: a path from the root (".md" optional),
 * "./" or "../" from the note's folder, else by file name, the note's own folder first, then the
 * shortest path.
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
	const frontmatterLinks: O.FrontmatterLinkCache[] = [];
	for (const [key, value] of Object.entries(cache.frontmatter ?? {}))
		for (const item of Array.isArray(value) ? value : [value])
			if (typeof item === "string" && /^\[\[[^\]]+\]\]$/.test(item))
				frontmatterLinks.push({ key, original: item, link: (item.slice(2, -2).split("|")[0] ?? "").trim() });
	const headings: O.HeadingCache[] = [];
	const tags: O.TagCache[] = [];
	const links: O.LinkCache[] = [];
	const embeds: O.EmbedCache[] = [];
	let fenced = false;
	for (; i < lines.length; i++) {
		const line = lines[i] ?? "";
		if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
		if (fenced || /^\s*(```|~~~)/.test(line)) continue;
		const heading = /^(#{1,6})\s+(.+?)\s*$/.exec(line);
		if (heading) headings.push({ heading: heading[2] ?? "", level: (heading[1] ?? "").length, position: at(i) });
		for (const tag of line.matchAll(/(?:^|\s)(#[\w/-]*[A-Za-z_/-][\w/-]*)/g))
			if (!heading || tag.index > 0) tags.push({ tag: tag[1] ?? "", position: at(i) });
		for (const m of line.matchAll(/(!?)\[\[([^\]|]+)(?:\|([^\]]*))?\]\]/g)) {
			const ref = { link: (m[2] ?? "").trim(), original: m[0], position: at(i), displayText: m[3] ?? m[2] ?? "" };
			(m[1] ? embeds : links).push(ref);
		}
		for (const m of line.matchAll(/(!?)\[([^\]]*)\]\(([^)\s]+)\)/g)) {
			const target = m[3] ?? "";
			if (/^[a-z]+:/i.test(target)) continue;
			const ref = { link: decodeURIComponent(target), original: m[0], position: at(i), displayText: m[2] ?? "" };
			(m[1] ? embeds : links).push(ref);
		}
	}
	if (headings.length > 0) cache.headings = headings;
	if (tags.length > 0) cache.tags = tags;
	if (links.length > 0) cache.links = links;
	if (embeds.length > 0) cache.embeds = embeds;
	if (frontmatterLinks.length > 0) cache.frontmatterLinks = frontmatterLinks;
	return cache;
}

/** The path part of a link: "Plan#Goals" -> "Plan" (Obsidian's getLinkpath). */
export function getLinkpath(linktext: string): string {
	const hash = linktext.indexOf("#");
	return hash < 0 ? linktext : linktext.slice(0, hash);
}

export class MetadataCache
	extends Events
	implements Shape<O.MetadataCache, "getFileCache" | "getCache" | "getFirstLinkpathDest" | "resolvedLinks">
{
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

	/**
	 * Each note's links, embeds and frontmatter links that lead to a file, by destination, with
	 * counts. Obsidian keeps it up to date as it parses; here it is worked out when read, from
	 * what is cached (a note modified but not parsed yet shows its previous links, as in Obsidian).
	 */
	get resolvedLinks(): Record<string, Record<string, number>> {
		const resolved: Record<string, Record<string, number>> = {};
		for (const file of this.vault.getMarkdownFiles()) {
			const cache = this.getCache(file.path);
			const counts: Record<string, number> = {};
			for (const ref of [...(cache?.links ?? []), ...(cache?.embeds ?? []), ...(cache?.frontmatterLinks ?? [])]) {
				const dest = this.getFirstLinkpathDest(getLinkpath(ref.link), file.path);
				if (dest) counts[dest.path] = (counts[dest.path] ?? 0) + 1;
			}
			resolved[file.path] = counts;
		}
		return resolved;
	}

	getFirstLinkpathDest(linkpath: string, sourcePath: string): TFile | null {
		const path = getLinkpath(linkpath).replace(/^\/+/, "");
		if (path === "") return this.vault.getFileByPath(sourcePath);
		const byPath = (p: string): TFile | null => this.vault.getFileByPath(p) ?? this.vault.getFileByPath(`${p}.md`);
		const folder = sourcePath.includes("/") ? sourcePath.slice(0, sourcePath.lastIndexOf("/")) : "";
		if (path.startsWith("./") || path.startsWith("../")) {
			const parts = folder === "" ? [] : folder.split("/");
			for (const part of path.split("/"))
				if (part === "..") parts.pop();
				else if (part !== "." && part !== "") parts.push(part);
			return byPath(parts.join("/"));
		}
		const exact = byPath(path);
		if (exact) return exact;
		const want = path.toLowerCase();
		const matches = (p: string): boolean => p === want || p.endsWith(`/${want}`);
		const candidates = this.vault.getFiles().filter((f) => {
			const p = f.path.toLowerCase();
			return matches(p) || (f.extension === "md" && matches(p.slice(0, -3)));
		});
		const rank = (f: TFile): number => (f.parent?.path === (folder || "/") ? 0 : 1);
		candidates.sort((a, b) => rank(a) - rank(b) || a.path.length - b.path.length || a.path.localeCompare(b.path));
		return candidates[0] ?? null;
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
