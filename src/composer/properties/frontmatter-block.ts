/**
 * Where a note's frontmatter block is, as Obsidian reads it: a first line `---` (after a BOM), the
 * YAML, and the next line that is `---` again. The offsets let setProperties change the YAML and
 * keep every other byte of the note as it was. A first line `---` that is never closed is not
 * guessed at: the caller refuses the note.
 */

export interface FrontmatterBlock {
	/** Where the opening `---` line starts (1 after a BOM, else 0). */
	start: number;
	/** The YAML: from after the opening line to the start of the closing one. */
	yamlStart: number;
	yamlEnd: number;
	/** After the closing `---` line and its line ending (the body starts here). */
	end: number;
	/** The opening line's ending: the one a new line of the block gets. */
	eol: "\n" | "\r\n";
}

/** The block, null when the note has none, "unclosed" when its first line opens one that never ends. */
export function findFrontmatter(note: string): FrontmatterBlock | null | "unclosed" {
	const start = note.startsWith("\uFEFF") ? 1 : 0;
	const firstEnd = note.indexOf("\n", start);
	const first = firstEnd === -1 ? note.slice(start) : note.slice(start, firstEnd);
	if (!isFence(first)) return null;
	if (firstEnd === -1) return "unclosed";
	const eol = first.endsWith("\r") ? "\r\n" : "\n";
	const yamlStart = firstEnd + 1;
	let at = yamlStart;
	while (at <= note.length) {
		const lineEnd = note.indexOf("\n", at);
		const line = lineEnd === -1 ? note.slice(at) : note.slice(at, lineEnd);
		if (isFence(line)) return { start, yamlStart, yamlEnd: at, end: lineEnd === -1 ? note.length : lineEnd + 1, eol };
		if (lineEnd === -1) break;
		at = lineEnd + 1;
	}
	return "unclosed";
}

function isFence(line: string): boolean {
	return line.replace(/[ \t\r]+$/, "") === "---";
}
