/**
 * The links of a note, found as Obsidian finds them, with where each stands in the text, so a
 * move (move-links.ts) can rewrite exactly the link's target and keep every other byte:
 * `[[target#heading|alias]]`, `![[embed]]`, `[text](path.md)`, `[text](<path with spaces.md>)`
 * and `[text](path%20encoded.md)`. Links inside code (fenced blocks, inline code) are text, not
 * links, as in Obsidian. External URLs (a scheme, `//`) are not note links.
 */

export interface NoteLink {
	kind: "wiki" | "markdown";
	/** Where the target (the path part, without `#heading` or `|alias`) starts and ends in the text. */
	start: number;
	end: number;
	/** The target as written (still URL-encoded for a markdown link; without the angle brackets). */
	raw: string;
	/** The target as a path: `%20` and the like decoded for a markdown link. */
	linkpath: string;
	/** A markdown link written `<...>`. */
	angle: boolean;
}

const WIKI = /!?\[\[([^\]|#\n]*)(#[^\]|\n]*)?(\|[^\]\n]*)?\]\]/g;
const MARKDOWN = /!?\[(?:[^\]\n]|\\\])*\]\((<[^>\n]+>|[^)\s<]+)(?:\s+"[^"\n]*")?\)/g;
const SCHEME = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** The note's links, in text order, outside code. */
export function findLinks(text: string): NoteLink[] {
	const code = codeRanges(text);
	const inCode = (at: number) => code.some(([from, to]) => at >= from && at < to);
	const links: NoteLink[] = [];
	for (const match of text.matchAll(WIKI)) {
		if (inCode(match.index)) continue;
		const raw = match[1];
		if (raw.trim() === "") continue;
		const start = match.index + match[0].indexOf("[[") + 2;
		links.push({ kind: "wiki", start, end: start + raw.length, raw, linkpath: raw.trim(), angle: false });
	}
	for (const match of text.matchAll(MARKDOWN)) {
		if (inCode(match.index)) continue;
		const written = match[1];
		const angle = written.startsWith("<");
		const target = angle ? written.slice(1, -1) : written;
		const hash = target.indexOf("#");
		const raw = hash === -1 ? target : target.slice(0, hash);
		if (raw === "" || SCHEME.test(raw)) continue;
		const start = match.index + match[0].lastIndexOf("](" + written) + 2 + (angle ? 1 : 0);
		links.push({ kind: "markdown", start, end: start + raw.length, raw, linkpath: decode(raw), angle });
	}
	return links.sort((a, b) => a.start - b.start);
}

function decode(raw: string): string {
	try {
		return decodeURI(raw);
	} catch {
		return raw;
	}
}

/** [start, end) of fenced code blocks and inline code spans. */
function codeRanges(text: string): Array<[number, number]> {
	const ranges: Array<[number, number]> = [];
	const fence = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm;
	for (const match of text.matchAll(fence)) ranges.push([match.index, match.index + match[0].length]);
	const inline = /(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g;
	for (const match of text.matchAll(inline)) {
		const at = match.index;
		if (!ranges.some(([from, to]) => at >= from && at < to)) ranges.push([at, at + match[0].length]);
	}
	return ranges;
}
