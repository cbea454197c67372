/**
 * Links as Obsidian reads and resolves them, for a catalog that parses notes itself: the targets
 * of [[wikilinks]], ![[embeds]], [Markdown](links.md) and wikilinks in frontmatter values (none in
 * code), and the file each one leads to. Resolution follows Obsidian's documented rules: a path
 * from the vault root (".md" optional), "./" and "../" from the linking note's folder, else the
 * file whose name (and trailing folders) match, case-insensitively; when several do, the one in
 * the linking note's folder, then the shortest path.
 */
import { fenceAfter } from "../composer/sections";
import { splitFrontmatter } from "../composer/text-format";
import { basename, parentFolder } from "../vault/paths";
import { linkpathOf } from "./linktext";

const WIKILINK = /\[\[([^[\]\n]*)\]\]/g;
const MARKDOWN_LINK = /\[[^\]\n]*\]\(\s*(<[^>\n]+>|[^)\s]+)(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g;
const INLINE_CODE = /`[^`\n]*`/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function markdownTarget(raw: string): string | null {
	let target = raw.startsWith("<") ? raw.slice(1, -1) : raw;
	if (SCHEME.test(target)) return null;
	try {
		target = decodeURIComponent(target);
	} catch {
		// A stray "%": the target as written.
	}
	return linkpathOf(target);
}

/** The link paths a note's text holds, in order, repeats kept out. */
export function linkpathsIn(text: string): string[] {
	const found = new Set<string>();
	const add = (linkpath: string | null): void => {
		if (linkpath) found.add(linkpath);
	};
	const { frontmatter, body } = splitFrontmatter(text.replace(/\r\n?/g, "\n"));
	if (frontmatter) for (const match of frontmatter.block.matchAll(WIKILINK)) add(linkpathOf(match[1] ?? ""));
	let fence: string | null = null;
	for (const line of body.split("\n")) {
		const fenceLine = fenceAfter(line, fence);
		if (fenceLine !== undefined) {
			fence = fenceLine;
			continue;
		}
		if (fence !== null || !line.includes("[")) continue;
		const code = line.includes("`") ? line.replace(INLINE_CODE, "") : line;
		for (const match of code.matchAll(WIKILINK)) add(linkpathOf(match[1] ?? ""));
		for (const match of code.matchAll(MARKDOWN_LINK)) add(markdownTarget(match[1] ?? ""));
	}
	return [...found];
}

function withoutMd(path: string): string {
	return path.toLowerCase().endsWith(".md") ? path.slice(0, -3) : path;
}

/** Joins a "./" or "../" link path to a folder; null when it climbs out of the vault. */
function joinRelative(folder: string, linkpath: string): string | null {
	const parts = folder === "" ? [] : folder.split("/");
	for (const segment of linkpath.split("/")) {
		if (segment === "" || segment === ".") continue;
		if (segment === "..") {
			if (parts.length === 0) return null;
			parts.pop();
		} else parts.push(segment);
	}
	return parts.join("/");
}

/** Resolves link paths against a set of vault paths. */
export class LinkResolver {
	private readonly exact = new Set<string>();
	private readonly lower = new Map<string, string>();
	/** Lower-case file name (and, for a note, without ".md") -> paths. */
	private readonly names = new Map<string, string[]>();

	constructor(paths: Iterable<string>) {
		for (const path of paths) {
			this.exact.add(path);
			const low = path.toLowerCase();
			if (!this.lower.has(low)) this.lower.set(low, path);
			const name = basename(low);
			for (const key of new Set([name, withoutMd(name)])) {
				const list = this.names.get(key);
				if (list) list.push(path);
				else this.names.set(key, [path]);
			}
		}
	}

	resolve(link: string, from: string): string | null {
		const linkpath = linkpathOf(link).replace(/^\/+/, "");
		if (linkpath === "") return null;
		if (linkpath.startsWith("./") || linkpath.startsWith("../")) {
			const joined = joinRelative(parentFolder(from), linkpath);
			return joined === null ? null : this.byPath(joined);
		}
		return this.byPath(linkpath) ?? this.byFileName(linkpath, from);
	}

	private byPath(path: string): string | null {
		for (const candidate of [path, `${path}.md`]) {
			if (this.exact.has(candidate)) return candidate;
			const found = this.lower.get(candidate.toLowerCase());
			if (found !== undefined) return found;
		}
		return null;
	}

	private byFileName(linkpath: string, from: string): string | null {
		const wanted = linkpath.toLowerCase();
		const candidates = (this.names.get(basename(wanted)) ?? []).filter((path) => {
			const low = path.toLowerCase();
			const stem = withoutMd(low);
			return [low, stem].some((p) => p === wanted || p.endsWith(`/${wanted}`));
		});
		if (candidates.length <= 1) return candidates[0] ?? null;
		const folder = parentFolder(from);
		const rank = (path: string): [number, number, string] => [parentFolder(path) === folder ? 0 : 1, path.length, path];
		return (
			candidates
				.map((path) => ({ path, key: rank(path) }))
				.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || (a.key[2] < b.key[2] ? -1 : 1))[0]?.path ?? null
		);
	}
}
