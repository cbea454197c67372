/**
 * A note's byte-level format (BOM, line endings, trailing newline) and its frontmatter, kept
 * intact across an edit. Models see and produce "model text": no BOM, LF line endings. The
 * composer converts the note to model text before an edit and back to the note's own format
 * after it, so a CRLF note stays CRLF and a BOM stays in place whatever the model emits.
 * A note with mixed line endings keeps each line's own ending (line-endings.ts).
 */
import { hasMixedEndings, restoreLineEndings } from "./line-endings";

const BOM = "\uFEFF";

export interface NoteFormat {
	bom: boolean;
	eol: "\n" | "\r\n";
	/** How many line endings end the note (0: the last line has none). */
	trailingNewlines: number;
}

/** The format of a note as stored. CRLF wins when at least half the line endings are CRLF. */
export function detectFormat(text: string): NoteFormat {
	const bom = text.startsWith(BOM);
	const lf = countOf(text, "\n");
	const crlf = countOf(text, "\r\n");
	const eol = lf > 0 && crlf * 2 >= lf ? "\r\n" : "\n";
	const trailing = /(\r?\n)*$/.exec(text)?.[0] ?? "";
	return { bom, eol, trailingNewlines: countOf(trailing, "\n") };
}

/** The format a brand-new note gets: LF, no BOM, a final newline. */
export const DEFAULT_FORMAT: NoteFormat = { bom: false, eol: "\n", trailingNewlines: 1 };

/** The note as a model should see it: no BOM, LF line endings. */
export function toModelText(text: string): string {
	const body = text.startsWith(BOM) ? text.slice(1) : text;
	return body.replace(/\r\n/g, "\n");
}

/**
 * Model text back in the note's format: BOM restored, line endings converted, and the final
 * newlines matched to the original (models add or drop them at random; that is noise, not an edit).
 */
export function fromModelText(text: string, format: NoteFormat): string {
	let body = text.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
	if (body.length > 0) {
		body = body.replace(/\n+$/, "") + "\n".repeat(format.trailingNewlines);
	}
	if (format.eol === "\r\n") body = body.replace(/\n/g, "\r\n");
	return format.bom ? BOM + body : body;
}

/**
 * The model's new text as the note will be stored: like fromModelText with the base's format,
 * and when the base mixes CRLF and LF, each unchanged line keeps its own ending. base null: a
 * new note (DEFAULT_FORMAT).
 */
export function toNoteText(text: string, base: string | null): string {
	if (base === null) return fromModelText(text, DEFAULT_FORMAT);
	const format = detectFormat(base);
	if (!hasMixedEndings(base)) return fromModelText(text, format);
	const body = fromModelText(text, { ...format, bom: false, eol: "\n" });
	const lines = restoreLineEndings(body, base.startsWith(BOM) ? base.slice(1) : base, format.eol);
	return format.bom ? BOM + lines : lines;
}

export interface Frontmatter {
	/** The block including both `---` lines and the newline after the closing one. */
	block: string;
	/** Property names declared at the top level of the YAML (e.g. tags, status). */
	keys: string[];
}

/**
 * Splits model text into its YAML frontmatter (when the note opens with one) and the body. A
 * note may also open with a `---` divider (a thematic break) around ordinary text: only a block
 * whose lines read as YAML properties counts as frontmatter.
 */
export function splitFrontmatter(text: string): { frontmatter: Frontmatter | null; body: string } {
	const match = /^---\n([\s\S]*?\n)?---(?:\n|$)/.exec(text);
	if (!match || !looksLikeYaml(match[1] ?? "")) return { frontmatter: null, body: text };
	const yaml = match[1] ?? "";
	const keys = [...yaml.matchAll(/^([A-Za-z0-9_][^:\n]*?):/gm)].map((m) => (m[1] ?? "").trim());
	return { frontmatter: { block: match[0], keys }, body: text.slice(match[0].length) };
}

const YAML_KEY = /^[A-Za-z0-9_"'][^:\n]*:(\s|$)/;
// Nested values, list items, comments, block scalars' lines: indented, "- x", "# ...".
const YAML_OTHER = /^(\s+\S|-(\s|$)|#)/;

/** An empty block, or lines that are all YAML with at least one top-level property. */
function looksLikeYaml(yaml: string): boolean {
	const lines = yaml.split("\n").filter((line) => line.trim() !== "");
	if (lines.length === 0) return true;
	return (
		lines.some((line) => YAML_KEY.test(line)) && lines.every((line) => YAML_KEY.test(line) || YAML_OTHER.test(line))
	);
}

/** Words that say an edit is about the properties block. */
const FRONTMATTER_WORDS = /\b(front ?matter|propert(y|ies)|metadata|yaml|tags?|alias(es)?)\b/i;

/**
 * Whether an edit described by `description` may change the note's frontmatter: it names the
 * frontmatter itself (properties, tags, yaml, ...) or one of its property names ("set status to
 * done"). Anything else keeps the original block.
 */
export function mayTouchFrontmatter(description: string, frontmatter: Frontmatter): boolean {
	if (FRONTMATTER_WORDS.test(description)) return true;
	const lower = description.toLowerCase();
	return frontmatter.keys.some(
		(key) => key.length >= 2 && new RegExp(`\\b${escapeRegExp(key.toLowerCase())}\\b`).test(lower),
	);
}

/**
 * The rule (see src/composer/README.md): when the original note has frontmatter and the
 * description does not concern it, the original block is restored verbatim, whether the model
 * dropped it, reformatted it or altered it. Both texts are model text. Returns the text to write
 * and whether the block was restored.
 */
export function keepFrontmatter(
	original: string,
	proposed: string,
	description: string,
): { text: string; restored: boolean } {
	const before = splitFrontmatter(original).frontmatter;
	if (!before || mayTouchFrontmatter(description, before)) return { text: proposed, restored: false };
	const after = splitFrontmatter(proposed);
	if (after.frontmatter?.block === before.block) return { text: proposed, restored: false };
	const body = after.body.replace(/^\n+/, "");
	const separator = before.block.endsWith("\n") ? "" : "\n";
	const originalGap = /^\n*/.exec(splitFrontmatter(original).body)?.[0] ?? "";
	return { text: before.block + separator + originalGap + body, restored: true };
}

export function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function countOf(text: string, needle: string): number {
	let count = 0;
	for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) count++;
	return count;
}
