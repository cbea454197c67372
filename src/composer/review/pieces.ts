/**
 * Cutting one changed region of the line diff into pieces a reviewer can take or leave one by
 * one. Any cut keeps the draft exact (the pieces still tile the region); the cuts only decide
 * what reads as one change:
 * - segments with the same key pair up first (a frontmatter key with itself, a row with a row,
 *   blank lines with blank lines), through the project's line diff run on the keys;
 * - between those anchors, the remaining non-glue segments pair in order, each taking the glue
 *   (blank lines) before it, and what one side has left over is an insertion or a deletion;
 * - a piece of glue only joins the change after it, else the one before it, when they touch.
 */
import { diffLines, type Region } from "../../history/line-diff";
import type { Segment } from "./segments";

/** Base lines [aStart, aEnd) became draft lines [bStart, bEnd); glueOnly: only blank lines or fences. */
export interface Piece extends Region {
	glueOnly: boolean;
}

/** The pieces of a region whose sides are cut into `old` and `neu` (in order, identical pieces left out). */
export function pairSegments(
	region: Region,
	old: readonly Segment[],
	neu: readonly Segment[],
	a: readonly string[],
	b: readonly string[],
): Piece[] {
	const pieces: Piece[] = [];
	const posA = (i: number): number => (i < old.length ? old[i].start : region.aEnd);
	const posB = (j: number): number => (j < neu.length ? neu[j].start : region.bEnd);
	const glue = (segs: readonly Segment[], from: number, to: number): boolean =>
		segs.slice(from, to).every((s) => s.glue);
	const add = (o0: number, o1: number, n0: number, n1: number): void => {
		const piece = {
			aStart: posA(o0),
			aEnd: posA(o1),
			bStart: posB(n0),
			bEnd: posB(n1),
			glueOnly: glue(old, o0, o1) && glue(neu, n0, n1),
		};
		if (!sameLines(a, b, piece)) pieces.push(piece);
	};
	const unmatched = diffLines(
		old.map((s) => s.key),
		neu.map((s) => s.key),
	);
	unmatched.push({ aStart: old.length, aEnd: old.length, bStart: neu.length, bEnd: neu.length });
	let o = 0;
	let n = 0;
	for (const run of unmatched) {
		for (; o < run.aStart; o++, n++) add(o, o + 1, n, n + 1);
		pairInOrder(old, neu, run, add);
		o = run.aEnd;
		n = run.bEnd;
	}
	return pieces;
}

/** Pairs the k-th non-glue segment of one side with the k-th of the other, each with the glue before it. */
function pairInOrder(
	old: readonly Segment[],
	neu: readonly Segment[],
	run: Region,
	add: (o0: number, o1: number, n0: number, n1: number) => void,
): void {
	const nextSolid = (segs: readonly Segment[], from: number, to: number): number => {
		let i = from;
		while (i < to && segs[i].glue) i++;
		return i;
	};
	let o = run.aStart;
	let n = run.bStart;
	while (o < run.aEnd || n < run.bEnd) {
		const so = nextSolid(old, o, run.aEnd);
		const sn = nextSolid(neu, n, run.bEnd);
		if (so < run.aEnd && sn < run.bEnd) {
			add(o, so + 1, n, sn + 1);
			o = so + 1;
			n = sn + 1;
		} else if (so < run.aEnd) {
			// Only the base has paragraphs left: each is a deletion; the draft's glue goes with the first.
			add(o, so + 1, n, run.bEnd);
			o = so + 1;
			n = run.bEnd;
		} else {
			// Only the draft has paragraphs left (or glue only, which joins a neighbour later).
			add(o, run.aEnd, n, Math.min(sn + 1, run.bEnd));
			o = run.aEnd;
			n = Math.min(sn + 1, run.bEnd);
		}
	}
}

function sameLines(a: readonly string[], b: readonly string[], r: Region): boolean {
	if (r.aEnd - r.aStart !== r.bEnd - r.bStart) return false;
	for (let i = 0; i < r.aEnd - r.aStart; i++) if (a[r.aStart + i] !== b[r.bStart + i]) return false;
	return true;
}

/**
 * Whether y starts where x ends. Only identical pieces (lines on both sides) can lie between two
 * pieces of a region, so meeting in the base is meeting in the draft too.
 */
const touches = (x: Region, y: Region): boolean => x.aEnd === y.aStart;
const join = (x: Piece, y: Piece): Piece => ({
	aStart: x.aStart,
	aEnd: y.aEnd,
	bStart: x.bStart,
	bEnd: y.bEnd,
	glueOnly: x.glueOnly && y.glueOnly,
});

/** Glue-only pieces joined to the change after them, else the one before them, when they touch. */
export function mergeGlue(pieces: readonly Piece[]): Piece[] {
	const out: Piece[] = [];
	let pending: Piece | null = null;
	const settle = (g: Piece): void => {
		const last = out.at(-1);
		if (last && touches(last, g)) out[out.length - 1] = join(last, g);
		else out.push(g);
	};
	for (let piece of pieces) {
		if (pending && touches(pending, piece)) piece = join(pending, piece);
		else if (pending) settle(pending);
		pending = null;
		if (piece.glueOnly) pending = piece;
		else out.push(piece);
	}
	if (pending) settle(pending);
	return out;
}
