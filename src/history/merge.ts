/**
 * Line-based three-way merge (diff3 style). The `diff` package (v9) has no merge, so this builds
 * one on a line diff (line-diff.ts): diff base→ours and base→theirs, group the changed regions whose base
 * ranges overlap, take whichever side changed a region, and call a region changed by both sides
 * (differently) a conflict. Lines keep their own endings, so the result never normalizes anything.
 *
 * Used twice: a write merges the agent's change onto the user's typing (base = what the agent
 * saw), and a revert merges "after → before" of an entry onto the current text.
 */
import { diffLines } from "./line-diff";
import { splitLines } from "./text";

/** A range of lines, 0-based and half-open ([start, end)); start = end is an insertion point. */
export interface LineSpan {
	start: number;
	end: number;
}

export interface MergeConflict {
	base: LineSpan;
	ours: LineSpan;
	theirs: LineSpan;
}

export type MergeResult =
	| { ok: true; text: string }
	/** conflictLines: 1-based line numbers in `ours` (the user's current text) that clash. */
	| { ok: false; conflicts: MergeConflict[]; conflictLines: number[] };

interface Hunk {
	side: 0 | 1;
	baseStart: number;
	baseEnd: number;
	sideStart: number;
	sideEnd: number;
}

export function merge3(base: string, ours: string, theirs: string): MergeResult {
	// Speed only: the line merge gives these same texts (the tests "fast paths" pin them), without splitting.
	// Stryker disable next-line ConditionalExpression,LogicalOperator: speed-only; mergeLines answers the same text
	if (ours === theirs || base === theirs) return { ok: true, text: ours };
	// Stryker disable next-line ConditionalExpression: speed-only; mergeLines answers the same text
	if (base === ours) return { ok: true, text: theirs };
	const merged = mergeLines(splitLines(base), splitLines(ours), splitLines(theirs));
	return merged.ok ? { ok: true, text: merged.lines.join("") } : merged;
}

export type LinesMergeResult =
	{ ok: true; lines: readonly string[] } | { ok: false; conflicts: MergeConflict[]; conflictLines: number[] };

/**
 * merge3 over texts already split by splitLines (revert chains merge without re-splitting).
 * A merged result is written into `out` from index 0 (a revert chain passes the same two arrays
 * back and forth, so a large note is not reallocated at every step); `out` must not be b, o or t:
 * writing into an array it still reads duplicates and drops lines, so that throws (the history
 * answers with an error and writes nothing) rather than merge wrongly.
 */
// Stryker disable next-line ArrayDeclaration: the default target is written from index 0 and cut to length, so what it starts with never shows
export function mergeLines(
	b: readonly string[],
	o: readonly string[],
	t: readonly string[],
	out: string[] = [],
): LinesMergeResult {
	if (out === b || out === o || out === t)
		throw new Error("mergeLines: the merge target is one of the texts it merges");
	// Sorted by start; at equal starts an insertion (empty base range) comes first, so it lands
	// before a change of the line it precedes.
	const mineRegions = changedRegions(b, o, 0);
	const theirRegions = changedRegions(b, t, 1);
	// One side unchanged: the other side as is (the same array, which revert chains rely on).
	if (mineRegions.length === 0) return { ok: true, lines: t };
	if (theirRegions.length === 0) return { ok: true, lines: o };
	const all = [...mineRegions, ...theirRegions].sort(
		(x, y) => x.baseStart - y.baseStart || x.baseEnd - x.baseStart - (y.baseEnd - y.baseStart),
	);
	const conflicts: MergeConflict[] = [];
	let n = 0;
	const copy = (lines: readonly string[], from: number, to: number) => {
		for (let k = from; k < to; k++) out[n++] = lines[k];
	};
	let pos = 0;
	let i = 0;
	while (i < all.length) {
		const group = [all[i]];
		const gs = all[i].baseStart;
		let ge = all[i].baseEnd;
		for (i++; i < all.length; i++) {
			const next = all[i];
			// Overlapping ranges clash; so do two insertions at the same point (their order is unknown).
			const clashes = next.baseStart < ge || (next.baseStart === ge && gs === ge && next.baseEnd === next.baseStart);
			if (!clashes) break;
			group.push(next);
			ge = Math.max(ge, next.baseEnd);
		}
		copy(b, pos, gs);
		const ourHunks = group.filter((h) => h.side === 0);
		const theirHunks = group.filter((h) => h.side === 1);
		if (ourHunks.length > 0 && theirHunks.length > 0) {
			const mine = sideSpan(ourHunks, gs, ge);
			const theirs = sideSpan(theirHunks, gs, ge);
			if (sameLines(o, mine, t, theirs)) copy(o, mine.start, mine.end);
			else conflicts.push({ base: { start: gs, end: ge }, ours: mine, theirs });
		} else {
			// One side changed these lines (the group is all its hunks): they are taken from it as they are.
			const span = sideSpan(group, gs, ge);
			copy(group[0].side === 0 ? o : t, span.start, span.end);
		}
		pos = ge;
	}
	if (conflicts.length > 0) return { ok: false, conflicts, conflictLines: conflictLines(conflicts, o.length) };
	copy(b, pos, b.length);
	out.length = n;
	return { ok: true, lines: terminateInnerLines(out) };
}

/**
 * A side's last line may lack a line ending (the user deleted the final newline); once the other
 * side's lines land after it, it is no longer last and needs one, or two lines would fuse into one.
 */
function terminateInnerLines(lines: string[]): string[] {
	// Almost always every inner line has its newline: the note's line ending is looked for only once one lacks it.
	let eol: string | undefined;
	for (let k = 0; k < lines.length - 1; k++) {
		if (lines[k].endsWith("\n")) continue;
		eol ??= lines.some((line) => line.endsWith("\r\n")) ? "\r\n" : "\n";
		lines[k] += eol;
	}
	return lines;
}

/** Maximal runs of change between base and one side, in line indices of both. */
function changedRegions(base: readonly string[], side: readonly string[], which: 0 | 1): Hunk[] {
	return diffLines(base, side).map((r) => ({
		side: which,
		baseStart: r.aStart,
		baseEnd: r.aEnd,
		sideStart: r.bStart,
		sideEnd: r.bEnd,
	}));
}

/** The lines of one side covering base [gs, ge), from that side's hunks in the group (at least one). */
function sideSpan(hunks: readonly Hunk[], gs: number, ge: number): LineSpan {
	const first = hunks[0];
	const last = hunks[hunks.length - 1];
	// Outside its own regions a side equals base, so the offsets at the group's ends carry over.
	return { start: first.sideStart - (first.baseStart - gs), end: last.sideEnd + (ge - last.baseEnd) };
}

function sameLines(a: readonly string[], sa: LineSpan, b: readonly string[], sb: LineSpan): boolean {
	if (sa.end - sa.start !== sb.end - sb.start) return false;
	// Stryker disable next-line EqualityOperator: one line past the spans both sides read the same base line (a side's regions are maximal, so its next one starts past the group)
	for (let k = 0; k < sa.end - sa.start; k++) {
		if (a[sa.start + k] !== b[sb.start + k]) return false;
	}
	return true;
}

function conflictLines(conflicts: MergeConflict[], oursLength: number): number[] {
	const lines = new Set<number>();
	for (const c of conflicts) {
		// An insertion point names the line it sits before (or the last line at the end).
		const first = Math.min(c.ours.start + 1, Math.max(oursLength, 1));
		const last = Math.max(first, Math.min(c.ours.end, Math.max(oursLength, 1)));
		for (let line = first; line <= last; line++) lines.add(line);
	}
	// Groups come in base order and each side maps base order onto its own, so the lines already ascend.
	return [...lines];
}

/** "line 4" / "lines 4-6" / "lines 2, 7-9" for messages. */
export function describeLines(lines: number[]): string {
	if (lines.length === 0) return "no lines";
	const parts: string[] = [];
	let start = lines[0];
	let prev = start;
	for (const line of [...lines.slice(1), Number.NaN]) {
		if (line === prev + 1) {
			prev = line;
			continue;
		}
		parts.push(start === prev ? `${start}` : `${start}-${prev}`);
		start = line;
		prev = line;
	}
	return `${lines.length === 1 ? "line" : "lines"} ${parts.join(", ")}`;
}
