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
	 * What pairs it with a segment on the other side whatever its text: the frontmatter key's
	 * name, "blank", a fence. Null for prose, rows and links, which pair by position only.
	 */
	key: string | null;
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
		const extendsOver: LineKind | null = kind === "text" || kind === "blank" || kind === "value" ? kind : kind === "key" ? "value" : null;
		while (extendsOver !== null && end < to && kindAt(reader, end) === extendsOver) end++;
		segments.push({ start: i, end, key: keyOf(kind, reader.lines[i], i), glue: kind === "blank" || kind === "fence" });
		i = end;
	}
	return segments;
}

function keyOf(kind: LineKind, line: string, i: number): string | null {
	if (kind === "key") return `key:${keyName(line)}`;
	if (kind === "blank") return "blank";
	if (kind === "fence") return i === 0 ? "fence:open" : "fence:close";
	return null;
}
