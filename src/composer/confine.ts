/**
 * Confined means confined (issue 34): an edit in place may change the selected passage and nothing
 * else. The apply model sees the whole note and is untrusted, so its draft is checked against the
 * passage, on model text (LF, no BOM; the editor's offsets are in it):
 * - the draft keeps everything before and after the passage: taken as it is;
 * - it also changed lines away from the passage: those changes are cut (the base's lines kept) and
 *   counted, so the user is told;
 * - it changed nothing in the passage, or changed the passage's own lines beside the passage (a
 *   rewritten paragraph around a selected sentence): refused, nothing offered.
 * The passage is found where the selection said, or (the note shifted by typing elsewhere) as its
 * only nearest occurrence; gone, it was edited meanwhile: refused, the user's text kept.
 */
import { diffLines } from "../history/line-diff";
import { splitLines } from "../history/text";

export interface Passage {
	from: number;
	to: number;
	text: string;
}

export type ConfineRefusal = "selection-changed" | "outside-only" | "beside";

export type Confined = { ok: true; proposed: string; cut: number } | { ok: false; reason: ConfineRefusal };

/** Where the passage stands in `text` now, or null when its text is no longer there. */
export function locatePassage(text: string, passage: Passage): { from: number; to: number } | null {
	const { from, text: wanted } = passage;
	if (wanted === "") return from <= text.length ? { from, to: from } : null;
	if (text.slice(from, from + wanted.length) === wanted) return { from, to: from + wanted.length };
	let best = -1;
	for (let at = text.indexOf(wanted); at !== -1; at = text.indexOf(wanted, at + 1))
		if (best === -1 || Math.abs(at - from) < Math.abs(best - from)) best = at;
	return best === -1 ? null : { from: best, to: best + wanted.length };
}

/** `proposed` cut to the passage of `base` (both model text). */
export function confineToPassage(base: string, proposed: string, passage: Passage): Confined {
	const at = locatePassage(base, passage);
	if (!at) return { ok: false, reason: "selection-changed" };
	if (proposed === base || keepsOutside(base, proposed, at)) return { ok: true, proposed, cut: 0 };
	const a = splitLines(base);
	const b = splitLines(proposed);
	const aStarts = starts(a);
	const bStarts = starts(b);
	// The passage's lines: from the start of its first line to the end of its last (newline included).
	const lineFrom = base.lastIndexOf("\n", at.from - 1) + 1;
	const nl = base.indexOf("\n", Math.max(at.from, at.to - (at.to > at.from ? 1 : 0)));
	const lineTo = nl === -1 ? base.length : nl + 1;
	let kept = "";
	let last = 0;
	let cut = 0;
	for (const region of diffLines(a, b)) {
		const from = aStarts[region.aStart];
		const to = aStarts[region.aEnd];
		const touches = from === to ? lineFrom <= from && from <= lineTo : from < lineTo && to > lineFrom;
		if (!touches) {
			cut++;
			continue;
		}
		kept += base.slice(last, from) + proposed.slice(bStarts[region.bStart], bStarts[region.bEnd]);
		last = to;
	}
	kept += base.slice(last);
	if (kept === base) return { ok: false, reason: "outside-only" };
	if (!keepsOutside(base, kept, at)) return { ok: false, reason: "beside" };
	return { ok: true, proposed: kept, cut };
}

/** Whether `text` is `base` with only [at.from, at.to) replaced. */
function keepsOutside(base: string, text: string, at: { from: number; to: number }): boolean {
	const after = base.length - at.to;
	return text.length >= at.from + after && text.startsWith(base.slice(0, at.from)) && text.endsWith(base.slice(at.to));
}

/** Each line's offset in the text, and the text's length last (index lines.length). */
function starts(lines: readonly string[]): number[] {
	const out = [0];
	for (const line of lines) out.push(out[out.length - 1] + line.length);
	return out;
}
