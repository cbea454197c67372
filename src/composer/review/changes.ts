/**
 * The changes of a validated draft, as the review shows them and `edit_proposed` carries them:
 * `{ changeId, before, after, startLine }`, in document order. Both texts are model text (LF, no
 * BOM). Applying every change to the base gives the draft byte for byte (apply-subset.ts).
 *
 * Rules (issue 29):
 * - A change is a contiguous group of changed lines (the project's line diff, history/line-diff),
 *   cut so that each is about one thing: a paragraph (cut at blank lines), a frontmatter key with
 *   its values, a table row, a line with a link (pieces.ts). Blank lines that changed go with the
 *   paragraph after them (else before them): accepting one paragraph never leaves a stray or
 *   missing blank line that belonged to another.
 * - Frontmatter is cut by key only when both texts have it; a block added or removed whole is
 *   one change, so no choice can leave a `---` unclosed.
 * - A change that holds a last line without a newline (the base's or the draft's) also holds every
 *   change after it in its region: taken apart, accepting one without the other would glue two
 *   lines together.
 * - `before` and `after` are whole lines with their newlines; either may be empty (an insertion,
 *   a deletion).
 * - `startLine` is the 1-based line of the base where `before` starts. For an insertion it is the
 *   line the text goes before: 1 at the top and in an empty note, lineCount + 1 at the end (the
 *   lines as splitLines counts them: a final newline ends the last line, it starts none).
 * - changeIds are "c1", "c2", … in document order: a pure function of (base, draft), so a restart
 *   that recomputes them from the kept draft re-arms the same ids.
 */
import { diffLines, type Region } from "../../history/line-diff";
import { splitLines } from "../../history/text";
import { frontmatterEnd } from "./line-kinds";
import { mergeGlue, pairSegments, type Piece } from "./pieces";
import { segmentsOf, type LineReader } from "./segments";

export interface ReviewChange {
	changeId: string;
	/** The base's lines that the change replaces ("" for an insertion). */
	before: string;
	/** The draft's lines that replace them ("" for a deletion). */
	after: string;
	/** 1-based line of the base where `before` starts (an insertion: the line it goes before). */
	startLine: number;
}

export function changesBetween(base: string, draft: string): ReviewChange[] {
	const a = splitLines(base);
	const b = splitLines(draft);
	const fmA = frontmatterEnd(a);
	const fmB = frontmatterEnd(b);
	const splitFrontmatter = fmA !== -1 && fmB !== -1;
	const readA: LineReader = { lines: a, fmEnd: fmA, splitFrontmatter };
	const readB: LineReader = { lines: b, fmEnd: fmB, splitFrontmatter };
	const pieces: Piece[] = [];
	for (const region of diffLines(a, b)) {
		const paired = pairSegments(
			region,
			segmentsOf(readA, region.aStart, region.aEnd),
			segmentsOf(readB, region.bStart, region.bEnd),
			a,
			b,
		);
		for (const piece of mergeGlue(paired)) pieces.push(piece);
	}
	return keepLastLinesWhole(pieces, a, b).map((p, i) => ({
		changeId: `c${i + 1}`,
		before: a.slice(p.aStart, p.aEnd).join(""),
		after: b.slice(p.bStart, p.bEnd).join(""),
		startLine: p.aStart + 1,
	}));
}

/**
 * Joins the first piece that holds an unterminated last line with every piece after it. Only the
 * last line of a text lacks a newline, so such a piece ends its text and what follows it is, in
 * the other text, a run of insertions or deletions right behind it.
 */
function keepLastLinesWhole(pieces: Piece[], a: readonly string[], b: readonly string[]): Region[] {
	const open = (lines: readonly string[], start: number, end: number): boolean =>
		end > start && !lines[end - 1].endsWith("\n");
	const k = pieces.findIndex((p) => open(a, p.aStart, p.aEnd) || open(b, p.bStart, p.bEnd));
	if (k === -1) return pieces;
	const last = pieces[pieces.length - 1];
	const joined: Region = { aStart: pieces[k].aStart, aEnd: last.aEnd, bStart: pieces[k].bStart, bEnd: last.bEnd };
	return [...pieces.slice(0, k), joined];
}
