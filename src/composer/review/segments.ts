/**
 * One side of a changed region cut into the units a reviewer reads: a paragraph (a run of prose
 * lines), a frontmatter key with its values, a table row, a line with a link, and the "glue"
 * between them (blank lines and frontmatter fences), which is never a change on its own when a
 * neighbouring change can carry it.
 */
import { keyName, kindOf, type LineKind } from "./line-kinds";

export interface Segment {
	/** Lines [start, end) of its text. */
	start: number;
	end: number;
	/**
	 * What pairs it with a segment on the other side whatever its text: a frontmatter key's name
	 * (`key:tags`), else its kind, so a row pairs with a row, a paragraph with a paragraph and
	 * blank lines with blank lines, before anything pairs by position.
	 */
	key: string;
	glue: boolean;
}

/** How one text's lines are read (see kindOf). */
export interface LineReader {
	lines: readonly string[];
	fmEnd: number;
	splitFrontmatter: boolean;
}

export function kindAt(reader: LineReader, i: number): LineKind {
	return kindOf(reader.lines[i], i, reader.fmEnd, reader.splitFrontmatter);
}

/** The segments of lines [from, to), in order; together they cover the range exactly. */
export function segmentsOf(reader: LineReader, from: number, to: number): Segment[] {
	const segments: Segment[] = [];
	let i = from;
	while (i < to) {
		const kind = kindAt(reader, i);
		let end = i + 1;
		// A run of one kind stays whole where the kind is a run (a paragraph, blank lines, a
		// key's values); rows, links and fences are one line each.
		const extendsOver: LineKind | null =
			kind === "text" || kind === "blank" || kind === "value" ? kind : kind === "key" ? "value" : null;
		while (end < to && kindAt(reader, end) === extendsOver) end++;
		// Fences need no open/close in their key: an opening fence is the first line of both sides
		// of its region, so it can only meet the other opening fence.
		const key = kind === "key" ? `key:${keyName(reader.lines[i])}` : kind;
		segments.push({ start: i, end, key, glue: kind === "blank" || kind === "fence" });
		i = end;
	}
	return segments;
}
