/**
 * A note with mixed line endings (some CRLF, some LF: pasted text, files merged by sync) keeps
 * each unchanged line's own ending after an edit. Models see LF only, so the new text is matched
 * to the old one line by line: a kept line gets its old ending back, a line that replaced
 * another gets that line's ending, and only a new line gets the note's usual ending.
 */
import { diffLines } from "../history/line-diff";

/** Whether the text has both CRLF and bare LF line endings. */
export function hasMixedEndings(text: string): boolean {
	return text.includes("\r\n") && /(^|[^\r])\n/.test(text);
}

/**
 * body: the new text with LF endings (no BOM); base: the note as stored (no BOM); eol: the
 * ending for lines that are new. Returns body with every line's ending chosen as above.
 */
export function restoreLineEndings(body: string, base: string, eol: "\n" | "\r\n"): string {
	const baseParts = base.split("\n");
	const baseLines = baseParts.map((part) => part.replace(/\r$/, ""));
	// The ending after base line j; the last part has none.
	const baseEnding = (j: number): string | undefined =>
		j < baseParts.length - 1 ? ((baseParts[j] ?? "").endsWith("\r") ? "\r\n" : "\n") : undefined;
	const lines = body.split("\n");
	const from: Array<number | undefined> = new Array<number | undefined>(lines.length);
	let a = 0;
	let b = 0;
	for (const region of diffLines(baseLines, lines)) {
		for (; b < region.bStart; a++, b++) from[b] = a;
		// A line that replaced another, position for position, takes that line's ending.
		for (let k = 0; region.bStart + k < region.bEnd; k++)
			if (region.aStart + k < region.aEnd) from[region.bStart + k] = region.aStart + k;
		a = region.aEnd;
		b = region.bEnd;
	}
	for (; b < lines.length; a++, b++) from[b] = a;
	let out = "";
	for (let i = 0; i < lines.length; i++) {
		out += lines[i] ?? "";
		if (i < lines.length - 1) {
			const j = from[i];
			out += (j === undefined ? undefined : baseEnding(j)) ?? eol;
		}
	}
	return out;
}
