/**
 * Property tests (issue 29) for writing the accepted changes onto what the user typed while the
 * draft waited, over random notes, drafts, decisions and typing:
 * - whatever the typing, the user's text is all there: taking the written changes back out of
 *   the result (at the lines it reports) gives the current note byte for byte, and every
 *   accepted change is either written or refused;
 * - for typing at known places (new lines, lines rewritten or deleted), every accepted change
 *   that shares no line with it and does not even touch it is written, every one that shares a
 *   line or an insertion point with it is refused, and the result is the base with the typing
 *   and the written changes applied (an oracle on plain arrays).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changesBetween } from "../../../src/composer/review/changes";
import { decideReview, type WrittenChange } from "../../../src/composer/review/decide";
import { mergeOntoTyping, type TypingMerge } from "../../../src/composer/review/merge-typing";
import { splitLines } from "../../../src/history/text";
import { decisionOf, editOf, note, op, picks, textOf, type Note, type Op, type Picks } from "./arbitraries";

/** The accepted changes of a random draft of the note, as the review writes them. */
function review(base: string, baseNote: Note, ops: Op[], flip: boolean, chosen: Picks): WrittenChange[] {
	const draft = editOf(baseNote, ops, flip);
	const decision = decisionOf(
		changesBetween(base, draft).map((c) => c.changeId),
		chosen,
	);
	const outcome = decideReview(base, draft, decision);
	if (!outcome.ok) throw new Error(outcome.message);
	return outcome.written;
}

/** The result with each written change's text put back to its base text, from the bottom up. */
function withoutChanges(merged: TypingMerge, changes: readonly WrittenChange[]): string {
	const out = splitLines(merged.text);
	for (const { changeId, startLine } of [...merged.written].reverse()) {
		const change = changes.find((c) => c.changeId === changeId);
		if (!change) throw new Error(`unknown ${changeId}`);
		const after = splitLines(change.after);
		expect(out.slice(startLine - 1, startLine - 1 + after.length)).toEqual(after);
		out.splice(startLine - 1, after.length, ...splitLines(change.before));
	}
	return out.join("");
}

/** Typing at known places: base lines [start, end) became `typed` (lines no note holds). */
interface Typing {
	start: number;
	end: number;
	typed: string[];
}

/**
 * Separated typings: at least one untouched line between two, the lines rewritten or deleted
 * each once in the base, and no new line after a last line without a newline. The line diff then
 * finds exactly these places (nothing else in the note could pair with them).
 */
const typings = fc.array(fc.record({ gap: fc.nat(3), length: fc.nat(2), typed: fc.nat(2) }), { maxLength: 5 });
function placeTypings(base: readonly string[], raw: { gap: number; length: number; typed: number }[]): Typing[] {
	const out: Typing[] = [];
	let cursor = 0;
	let serial = 0;
	const once = (line: string) => base.indexOf(line) === base.lastIndexOf(line);
	for (const { gap, length, typed } of raw) {
		const start = cursor + gap;
		const end = start + length;
		if (end > base.length || (length === 0 && typed === 0)) continue;
		if (!base.slice(start, end).every(once)) continue;
		if (length === 0 && start === base.length && start > 0 && !base[start - 1].endsWith("\n")) continue;
		out.push({ start, end, typed: Array.from({ length: typed }, () => `typed ${serial++}\n`) });
		cursor = end + 1;
	}
	return out;
}

/**
 * Base lines with some ranges replaced (in document order), from the bottom up; at one point an
 * insertion goes before the lines replaced there, and insertions keep their order.
 */
function replaced(
	base: readonly string[],
	edits: readonly { start: number; end: number; lines: readonly string[] }[],
): string {
	const out = base.slice();
	const order = edits.map((e, index) => ({ ...e, index }));
	order.sort((x, y) => y.start - x.start || y.end - y.start - (x.end - x.start) || y.index - x.index);
	for (const e of order) out.splice(e.start, e.end - e.start, ...e.lines);
	return out.join("");
}

const span = (c: WrittenChange) => ({ start: c.startLine - 1, end: c.startLine - 1 + splitLines(c.before).length });

describe("writing accepted changes onto the user's typing, over random notes, drafts and typing", () => {
	it("always keeps the user's text and writes or refuses each accepted change whole", () => {
		fc.assert(
			fc.property(
				note,
				fc.array(op, { maxLength: 8 }),
				fc.boolean(),
				picks,
				fc.array(op, { maxLength: 6 }),
				fc.boolean(),
				(baseNote, ops, flip, chosen, typing, flipTyped) => {
					const base = textOf(baseNote);
					const changes = review(base, baseNote, ops, flip, chosen);
					const current = editOf(baseNote, typing, flipTyped);
					const merged = mergeOntoTyping(base, current, changes);
					const ids = [...merged.written.map((w) => w.changeId), ...merged.refused.map((r) => r.changeId)];
					expect(ids.sort()).toEqual(changes.map((c) => c.changeId).sort());
					expect(withoutChanges(merged, changes)).toBe(current);
					for (const r of merged.refused) expect(r.lines.length).toBeGreaterThan(0);
					if (current === base) expect(merged.refused).toEqual([]);
				},
			),
			{ numRuns: 600 },
		);
	});

	it("writes the changes away from the typing, refuses those inside it, and gives the base with both applied", () => {
		fc.assert(
			fc.property(
				note,
				fc.array(op, { maxLength: 8 }),
				fc.boolean(),
				picks,
				typings,
				(baseNote, ops, flip, chosen, rawTyping) => {
					const base = textOf(baseNote);
					const baseLines = splitLines(base);
					const changes = review(base, baseNote, ops, flip, chosen);
					const typing = placeTypings(baseLines, rawTyping);
					const current = replaced(
						baseLines,
						typing.map((t) => ({ start: t.start, end: t.end, lines: t.typed })),
					);
					const merged = mergeOntoTyping(base, current, changes);
					const written = new Set(merged.written.map((w) => w.changeId));

					for (const change of changes) {
						const c = span(change);
						const shares = typing.some(
							(t) =>
								(c.start < t.end && t.start < c.end) || (c.start === c.end && t.start === t.end && c.start === t.start),
						);
						const apart = typing.every((t) => c.end < t.start || t.end < c.start);
						if (shares)
							expect(written.has(change.changeId), `${change.changeId} shares lines with the typing`).toBe(false);
						if (apart) expect(written.has(change.changeId), `${change.changeId} is apart from the typing`).toBe(true);
					}
					const edits = [
						...typing.map((t) => ({ start: t.start, end: t.end, lines: t.typed })),
						...changes.filter((c) => written.has(c.changeId)).map((c) => ({ ...span(c), lines: splitLines(c.after) })),
					];
					expect(merged.text).toBe(replaced(baseLines, edits));
					for (const t of typing) for (const line of t.typed) expect(splitLines(merged.text)).toContain(line);
				},
			),
			{ numRuns: 600 },
		);
	});
});
