/**
 * A card title's text in parts: the model's own words may hold [[wikilinks]] ("Link [[Welcome]]
 * at the top"), which a title shows as links to their notes (or as their text when no note has
 * that name), never as brackets. Only `[[target]]`, `[[target|text]]` and `[[target#heading]]`
 * are links; anything else is text as written.
 */

export type TitlePart = { kind: "text"; text: string } | { kind: "link"; target: string; text: string };

const WIKILINK = /\[\[([^[\]|\n]+?)(?:\|([^[\]\n]+?))?\]\]/g;

export function titleParts(text: string): TitlePart[] {
	const parts: TitlePart[] = [];
	let at = 0;
	for (const match of text.matchAll(WIKILINK)) {
		if (match.index > at) parts.push({ kind: "text", text: text.slice(at, match.index) });
		const target = match[1].trim();
		const shown = match[2]?.trim() || target.replace(/#.*$/, "").trim() || target;
		parts.push({ kind: "link", target, text: shown });
		at = match.index + match[0].length;
	}
	if (at < text.length) parts.push({ kind: "text", text: text.slice(at) });
	return parts;
}

/** The text a person reads: each link as its text (for labels and plain-text titles). */
export function titleText(text: string): string {
	return titleParts(text)
		.map((part) => part.text)
		.join("");
}

/**
 * The note a link's target names among the vault's paths, as Obsidian resolves it: the path
 * itself (with or without ".md"), else a note of that name, the one with the shortest path.
 */
export function resolveLink(target: string, paths: readonly string[]): string | undefined {
	const name = target.replace(/#.*$/, "").trim().toLowerCase();
	if (name === "") return undefined;
	const exact = paths.find((path) => {
		const lower = path.toLowerCase();
		return lower === name || lower === `${name}.md`;
	});
	if (exact !== undefined) return exact;
	const named = paths.filter((path) => {
		const base = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
		return base === `${name}.md` || base === name;
	});
	return named.sort((a, b) => a.length - b.length)[0];
}
