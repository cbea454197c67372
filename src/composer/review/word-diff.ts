/**
 * The redline inside one change: `before` → `after` as runs of same, removed and added text, for
 * the card and the editor to strike and mark. It lives beside the changes (not in ui/) because
 * every reader of a change needs the same words: the pane's card, the editor extension of both
 * hosts, and the result that tells the model what the user rewrote.
 *
 * Tokens are words (letters, marks, digits, `_`), single punctuation characters, runs of spaces
 * and single newlines, so "Hello, world." → "Hello world!" reads as two small changes, not as
 * two words replaced. Same-text that is only spaces between two changes joins them ("the quick"
 * → "a slow" is one removal and one addition, not four alternating runs). The diff is the
 * project's own (history/line-diff) on the part between the common start and end. A long part
 * is diffed only when most of its words are on both sides: a rewritten section reads better as
 * the old text struck and the new one marked than as confetti, and the diff's cost grows with
 * the number of differences, so a rewrite is where it is slow (about 0.1 s for 1,000 words).
 */
import { diffLines } from "../../history/line-diff";

export interface WordRun {
	kind: "same" | "removed" | "added";
	text: string;
}

const TOKEN = /[\p{L}\p{M}\p{N}_]+|[^\S\n]+|\n|[^\p{L}\p{M}\p{N}_\s]/gu;
/**
 * The same tokens for text that is all ASCII (most notes): compiling the Unicode classes costs
 * about 2 ms the first time, on the way to the first redline a pane paints.
 */
const ASCII_TOKEN = /[A-Za-z0-9_]+|[^\S\n]+|\n|[^A-Za-z0-9_\s]/g;
// eslint-disable-next-line no-control-regex -- ASCII is exactly the code points 0 to 127
const ASCII = /^[\x00-\x7f]*$/;

/** The text's tokens (see the top of the file). */
export function tokens(text: string): string[] {
	return text.match(ASCII.test(text) ? ASCII_TOKEN : TOKEN) ?? [];
}
const SPACES = /^[^\S\n]+$/;

/** A stretch of the two texts: the same on both sides, or a change (either side may be empty). */
type Stretch = { same: string } | { removed: string; added: string };
const isSame = (s: Stretch): s is { same: string } => "same" in s;

/** Tokens in a middle part up to which it is always diffed: below it any diff is quick. */
const SMALL = 200;
/** Tokens in a middle part past which it is never diffed (one removal, one addition). */
const LARGE = 4000;

export function wordDiff(before: string, after: string): WordRun[] {
	const a = tokens(before);
	const b = tokens(after);
	let pre = 0;
	while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
	let suf = 0;
	while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
	const midA = a.slice(pre, a.length - suf);
	const midB = b.slice(pre, b.length - suf);
	const stretches: Stretch[] = [];
	if (pre > 0) stretches.push({ same: a.slice(0, pre).join("") });
	if (worthDiffing(midA, midB)) {
		let i = 0;
		for (const r of diffLines(midA, midB)) {
			if (r.aStart > i) stretches.push({ same: midA.slice(i, r.aStart).join("") });
			stretches.push({ removed: midA.slice(r.aStart, r.aEnd).join(""), added: midB.slice(r.bStart, r.bEnd).join("") });
			i = r.aEnd;
		}
		// Nothing same follows the last region: the middle's last tokens differ.
	} else {
		stretches.push({ removed: midA.join(""), added: midB.join("") });
	}
	if (suf > 0) stretches.push({ same: a.slice(a.length - suf).join("") });
	return toRuns(joinAcrossSpaces(stretches));
}

/** Small parts always; large ones when at least half the words of the longer side are in both. */
function worthDiffing(a: readonly string[], b: readonly string[]): boolean {
	const total = a.length + b.length;
	if (total <= SMALL) return true;
	if (total > LARGE) return false;
	const counts = new Map<string, number>();
	let wordsA = 0;
	for (const token of a) {
		if (/^\s/.test(token)) continue;
		wordsA++;
		counts.set(token, (counts.get(token) ?? 0) + 1);
	}
	let wordsB = 0;
	let shared = 0;
	for (const token of b) {
		if (/^\s/.test(token)) continue;
		wordsB++;
		const left = counts.get(token) ?? 0;
		if (left > 0) {
			shared++;
			counts.set(token, left - 1);
		}
	}
	return shared * 2 >= Math.max(wordsA, wordsB);
}

/** Spaces alone between two changes become part of both: one phrase changed, not word by word. */
function joinAcrossSpaces(stretches: readonly Stretch[]): Stretch[] {
	const out: Stretch[] = [];
	for (let k = 0; k < stretches.length; k++) {
		let s = stretches[k];
		const prev = out.at(-1);
		if (isSame(s) && SPACES.test(s.same) && prev !== undefined && k + 1 < stretches.length)
			s = { removed: s.same, added: s.same };
		if (prev && !isSame(prev) && !isSame(s))
			out[out.length - 1] = { removed: prev.removed + s.removed, added: prev.added + s.added };
		else out.push(s);
	}
	return out;
}

function toRuns(stretches: readonly Stretch[]): WordRun[] {
	const runs: WordRun[] = [];
	for (const s of stretches) {
		if (isSame(s)) runs.push({ kind: "same", text: s.same });
		else {
			if (s.removed !== "") runs.push({ kind: "removed", text: s.removed });
			if (s.added !== "") runs.push({ kind: "added", text: s.added });
		}
	}
	return runs;
}
