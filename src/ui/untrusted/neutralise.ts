/**
 * Makes a model's Markdown safe to hand to a host's renderer (Obsidian's MarkdownRenderer, the
 * sandbox's own), before anything reaches a live document: in Chromium an <img> starts fetching as
 * soon as its src is set, so cleaning the rendered DOM afterwards would be too late.
 *
 * Markup is recognised by where it stands, as CommonMark reads it:
 * - code (fenced blocks and inline spans) is taken out whole and replaced by a marker; the reply's
 *   code never reaches the host's renderer, so no other plugin's code-block or inline-code
 *   processor (dataview, dataviewjs, templater...) runs on it, and `![](...)` in code stays text;
 * - outside code, every `<` becomes `&lt;`: raw HTML (tags, comments, autolinks) shows as text;
 * - an inline image becomes a marker (the page shows a placeholder that loads only on a click),
 *   an embed `![[x]]` becomes the link `[[x]]`, and any other `![` is escaped, so a reference
 *   image is a plain link.
 * A misreading errs on the safe side: what is taken for code is never rendered by the host at all,
 * and no fence the host could see is left (every backtick run is code or escaped, and so is every
 * run of three tildes), so no block reaches another plugin's processor.
 */

export type CodePiece = { kind: "block"; lang: string; text: string } | { kind: "inline"; text: string };

export interface ImagePiece {
	alt: string;
	url: string;
}

export type Piece = { kind: "code"; code: CodePiece } | { kind: "image"; image: ImagePiece };

export interface Neutralised {
	/** The Markdown to render: no code, no HTML, no image; markers where they stood. */
	markdown: string;
	/** What each marker stands for, by index. */
	pieces: Piece[];
	/** Matches a marker in rendered text; group 1 is the piece's index. */
	marker: RegExp;
}

/** A fence after any container prefix: quote markers and list markers, nested on one line too. */
const FENCE_OPEN = /^((?:[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t])))*[ \t]*)(`{3,}|~{3,})(.*)$/;

export function neutraliseMarkdown(markdown: string, nonce: string = randomNonce()): Neutralised {
	const pieces: Piece[] = [];
	const markerFor = (piece: Piece): string => {
		pieces.push(piece);
		// Letters and digits only, so no Markdown rule can split or decorate it.
		return `RLX${nonce}P${pieces.length - 1}Z`;
	};
	const withoutBlocks = takeFencedBlocks(markdown.replace(/\r\n?/g, "\n"), markerFor);
	return {
		markdown: neutraliseInline(withoutBlocks, markerFor),
		pieces,
		marker: new RegExp(`RLX${nonce}P(\\d+)Z`, "g"),
	};
}

/** Letters and digits a reply cannot guess, so it cannot write a marker of its own. */
function randomNonce(): string {
	return Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join("");
}

/** Fenced code blocks (also inside quotes and list items), each replaced by one marker line. */
function takeFencedBlocks(text: string, markerFor: (piece: Piece) => string): string {
	const lines = text.split("\n");
	const out: string[] = [];
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i];
		const open = FENCE_OPEN.exec(line);
		// A backtick fence's info string has no backtick (otherwise it is inline code).
		if (!open || (open[2].startsWith("`") && open[3].includes("`"))) {
			out.push(line);
			continue;
		}
		const [, prefix, fence, info] = open;
		const depth = prefix.split(">").length - 1;
		const indent = prefix.replace(/^(?:[ \t]*>)*/, "").length;
		const close = new RegExp(
			`^(?:[ \\t]*>){0,${depth}}[ \\t]*${fence[0] === "`" ? "`" : "~"}{${fence.length},}[ \\t]*$`,
		);
		const body: string[] = [];
		i++;
		for (; i < lines.length && !close.test(lines[i]); i++) body.push(stripPrefix(lines[i], depth, indent));
		const lang = info.trim().split(/\s/)[0];
		out.push(prefix + markerFor({ kind: "code", code: { kind: "block", lang, text: body.join("\n") } }));
	}
	return out.join("\n");
}

function stripPrefix(line: string, depth: number, indent: number): string {
	let rest = line;
	for (let d = 0; d < depth; d++) rest = rest.replace(/^[ \t]*>[ \t]?/, "");
	return rest.replace(new RegExp(`^ {0,${indent}}`), "");
}

const PUNCTUATION = /[!-/:-@[-`{-~]/;

/** Inline code, HTML, images and embeds in text that holds no fenced block any more. */
function neutraliseInline(text: string, markerFor: (piece: Piece) => string): string {
	let out = "";
	let i = 0;
	while (i < text.length) {
		const ch = text[i];
		const next = text.charAt(i + 1);
		if (ch === "\\" && PUNCTUATION.test(next)) {
			out += next === "<" ? "&lt;" : `\\${next}`;
			i += 2;
			continue;
		}
		if (ch === "`") {
			const run = runLength(text, i, "`");
			const end = closingRun(text, i + run, run);
			if (end < 0) {
				out += "\\`".repeat(run);
			} else {
				out += markerFor({ kind: "code", code: { kind: "inline", text: codeSpanText(text.slice(i + run, end)) } });
			}
			i = end < 0 ? i + run : end + run;
			continue;
		}
		if (ch === "<") {
			out += "&lt;";
			i++;
			continue;
		}
		if (ch === "~" && text.startsWith("~~~", i)) {
			// A tilde fence this pass did not take out must not open one for the host's renderer
			// (backticks cannot: each run is code here or escaped).
			const run = runLength(text, i, "~");
			out += "\\~".repeat(run);
			i += run;
			continue;
		}
		if (ch === "!" && text[i + 1] === "[") {
			if (text[i + 2] === "[") {
				// An embed shows another note's (or file's) content: it becomes a link to it.
				out += "[";
				i += 2;
				continue;
			}
			const image = inlineImage(text, i + 1);
			if (image) {
				out += markerFor({ kind: "image", image: { alt: image.alt, url: image.url } });
				i = image.end;
			} else {
				out += "\\!";
				i++;
			}
			continue;
		}
		out += ch;
		i++;
	}
	return out;
}

function runLength(text: string, start: number, ch: string): number {
	let n = 0;
	while (text[start + n] === ch) n++;
	return n;
}

/** Where a backtick run of exactly `run` starts after `from`, within the paragraph; -1 if none. */
function closingRun(text: string, from: number, run: number): number {
	// A blank line (blank space and quote markers only, however long) ends the paragraph.
	const blankLine = /\n[ \t>]*\n/y;
	let i = from;
	while (i < text.length) {
		blankLine.lastIndex = i;
		if (blankLine.test(text)) return -1;
		if (text[i] === "`") {
			const n = runLength(text, i, "`");
			if (n === run) return i;
			i += n;
			continue;
		}
		i++;
	}
	return -1;
}

/** CommonMark: line endings become spaces, and one space each side is stripped when both are there. */
function codeSpanText(raw: string): string {
	const text = raw.replace(/\n/g, " ");
	return text.startsWith(" ") && text.endsWith(" ") && text.trim() !== "" ? text.slice(1, -1) : text;
}

/** `[alt](destination "title")` from the `[` at `start`, or null when it is no inline image. */
function inlineImage(text: string, start: number): { alt: string; url: string; end: number } | null {
	let depth = 0;
	let i = start;
	for (; i < text.length; i++) {
		const ch = text[i];
		if (ch === "\\") {
			i++;
			continue;
		}
		if (ch === "[") depth++;
		else if (ch === "]" && --depth === 0) break;
	}
	if (i >= text.length || text[i + 1] !== "(") return null;
	const alt = text.slice(start + 1, i);
	let j = i + 2;
	while (text[j] === " " || text[j] === "\t" || text[j] === "\n") j++;
	let url = "";
	if (text[j] === "<") {
		const close = text.indexOf(">", j);
		if (close < 0) return null;
		url = text.slice(j + 1, close);
		j = close + 1;
	} else {
		let parens = 0;
		const from = j;
		for (; j < text.length; j++) {
			const ch = text[j] ?? "";
			if (ch === "\\") {
				j++;
				continue;
			}
			if (/\s/.test(ch)) break;
			if (ch === "(") parens++;
			else if (ch === ")") {
				if (parens === 0) break;
				parens--;
			}
		}
		url = text.slice(from, j);
	}
	// An optional title, then the closing parenthesis.
	const rest = /^\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\))?\s*\)/.exec(text.slice(j));
	if (!rest) return null;
	return { alt, url, end: j + rest[0].length };
}
