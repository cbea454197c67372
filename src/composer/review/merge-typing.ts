/**
 * The 3-way step of review before write: the user may type into the note while a draft waits for
 * review, so the accepted changes (drafted against `base`) are written onto the note as it is
 * now (`current`). Each change stands on its own:
 * - a change whose base lines the user did not touch is applied at its place in the current
 *   text (shifted by the lines the user added or removed above it);
 * - a change that shares a base line with the user's typing, or is an insertion at the very
 *   point where the user inserted (no order of the two is right), is refused and named with the
 *   lines of the current note it clashes with; the others are still written;
 * - the user's typing is always kept, byte for byte: the result is the current text with the
 *   kept changes placed into it, and nothing else.
 * Touching is not sharing: text the user typed on the line before or after a change leaves it
 * applicable, as in the history's merge (history/merge.ts, which refuses the whole write on one
 * clash, so it is not reused here).
 *
 * The changes must fit `base` (as decideReview returns them: in order, not overlapping, `before`
 * at `startLine`); their `after` is written as is.
 */
import { diffLines } from "../../history/line-diff";
import { splitLines } from "../../history/text";
import type { ReviewChange } from "./changes";

export interface TypingMerge {
	/** The current text with the kept changes placed into it. */
	text: string;
	/** The changes written, in document order, each with the 1-based line of `text` where its new lines start. */
	written: { changeId: string; startLine: number }[];
	/** The changes refused, in document order, each with the 1-based lines of `current` it clashes with. */
	refused: { changeId: string; lines: number[] }[];
}

/** Base lines [start, end) replaced by `lines`; `open` when the last of them lacks a newline. */
interface Replacement {
	start: number;
	end: number;
	lines: readonly string[];
	open: boolean;
}

export function mergeOntoTyping(base: string, current: string, changes: readonly ReviewChange[]): TypingMerge {
	const b = splitLines(base);
	const c = splitLines(current);
	const typing = diffLines(b, c).map((r) => ({
		...replacement(r.aStart, r.aEnd, c.slice(r.bStart, r.bEnd)),
		currentStart: r.bStart,
		currentEnd: r.bEnd,
	}));
	const kept: (Replacement & { changeId: string })[] = [];
	const refused: TypingMerge["refused"] = [];
	for (const change of changes) {
		const start = change.startLine - 1;
		const own = {
			...replacement(start, start + splitLines(change.before).length, splitLines(change.after)),
			changeId: change.changeId,
		};
		const hit = typing.filter((t) => clashes(own, t));
		if (hit.length === 0) kept.push(own);
		else
			refused.push({
				changeId: change.changeId,
				lines: hit.flatMap((t) => linesOf(t.currentStart, t.currentEnd, c.length)),
			});
	}

	// In base order; at one point an insertion goes before the lines replaced there (as in the
	// history's merge). Two insertions never share a point here: that is a clash.
	const all: (Replacement & { changeId?: string })[] = [...typing, ...kept];
	all.sort((x, y) => x.start - y.start || x.end - x.start - (y.end - y.start));
	const out: string[] = [];
	// A loop, not push(...lines): a spread passes every line as an argument on the stack.
	const copy = (lines: readonly string[], from: number, to: number): void => {
		for (let k = from; k < to; k++) out.push(lines[k]);
	};
	const written: TypingMerge["written"] = [];
	let pos = 0;
	for (const item of all) {
		copy(b, pos, item.start);
		if (item.changeId !== undefined) written.push({ changeId: item.changeId, startLine: out.length + 1 });
		copy(item.lines, 0, item.lines.length);
		pos = item.end;
	}
	copy(b, pos, b.length);
	return { text: out.join(""), written, refused };
}

function replacement(start: number, end: number, lines: readonly string[]): Replacement {
	return { start, end, lines, open: lines.length > 0 && !lines[lines.length - 1].endsWith("\n") };
}

function clashes(x: Replacement, y: Replacement): boolean {
	if (x.start < y.end && y.start < x.end) return true;
	if (x.start === x.end && y.start === y.end && x.start === y.start) return true;
	// Only a text's last line lacks a newline; whatever came right after it would join that line.
	return (x.end === y.start && x.open) || (y.end === x.start && y.open);
}

/** Lines [start, end) of a text of `count` lines, 1-based; a point names the line it sits before (or the last). */
function linesOf(start: number, end: number, count: number): number[] {
	if (end > start) return Array.from({ length: end - start }, (_, k) => start + k + 1);
	return [Math.max(1, Math.min(start + 1, count))];
}
