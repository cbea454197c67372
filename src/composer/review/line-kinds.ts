/**
 * What a line of a note is, as far as cutting a draft into reviewable changes cares: the user
 * reads a frontmatter key, a table row and a line with a link as a thing of its own, and a blank
 * line as the edge of a paragraph. Only the line's text and its place decide (never a guess at
 * intent), so the same note always cuts the same way.
 */

export type LineKind =
	/** Empty or whitespace only: the edge of a paragraph. */
	| "blank"
	/** The `---` that opens or closes the frontmatter. */
	| "fence"
	/** A top-level frontmatter key (`tags:`): starts a key group. */
	| "key"
	/** A frontmatter line under a key (`  - a`, a folded value): belongs to that key's group. */
	| "value"
	/** A table row, the delimiter row included. */
	| "row"
	/** A line with a Markdown link, a wikilink or an embed, or a bare URL. */
	| "link"
	/** Anything else: prose, headings, list items, code. */
	| "text";

const BLANK = /^\s*$/;
const FENCE = /^---[ \t]*\n?$/;
// Keys are plain YAML keys at column 0: not a list item, a comment or an indented value.
const KEY = /^[^\s#:-][^:]*:(?:\s|$)/;
const ROW = /^\s*\|/;
const LINK = /\[\[[^\]\n]+\]\]|\[[^\]\n]*\]\([^)\n]+\)|<[a-z][a-z0-9+.-]*:[^>\s]+>|\bhttps?:\/\/\S/i;

/**
 * The index of the line that closes the frontmatter, or -1 when the note has none: the first
 * line is `---` and a later `---` closes it (a note that opens with `---` and never closes it
 * has a divider, not frontmatter).
 */
export function frontmatterEnd(lines: readonly string[]): number {
	if (!FENCE.test(lines[0] ?? "")) return -1;
	return lines.findIndex((line, i) => i > 0 && FENCE.test(line));
}

/**
 * The kind of line i. `fmEnd` is the closing fence's index, or -1. With `splitFrontmatter` false
 * (the other text has no frontmatter, so the whole block comes or goes), every line of the
 * frontmatter is "text": the block stays one paragraph, and a half-accepted block cannot leave
 * an unclosed `---` behind.
 */
export function kindOf(line: string, i: number, fmEnd: number, splitFrontmatter: boolean): LineKind {
	if (i <= fmEnd) {
		if (!splitFrontmatter) return "text";
		if (i === 0 || i === fmEnd) return "fence";
		if (BLANK.test(line)) return "blank";
		return KEY.test(line) ? "key" : "value";
	}
	if (BLANK.test(line)) return "blank";
	if (ROW.test(line)) return "row";
	return LINK.test(line) ? "link" : "text";
}

/** The key a frontmatter key line names (`tags` for `tags: [a]`). */
export function keyName(line: string): string {
	return line.slice(0, line.indexOf(":")).trim();
}
