/**
 * Entry patches: the `diff` package's StructuredPatch format (so any consumer can format or
 * apply them with `diff`), built and applied here on split lines because the package's own
 * structuredPatch/applyPatch take hundreds of ms on a 1 MB note. Patches carry no context lines
 * and no file names: they are only applied to texts known to be exactly their after-text (the
 * removed lines are checked), so an entry costs about twice the changed text.
 */
import type { StructuredPatch, StructuredPatchHunk } from "diff";
import { diffLines } from "./line-diff";
import { splitLines } from "./text";

const NO_EOL = "\\ No newline at end of file";

export function makePatch(before: string, after: string): StructuredPatch {
	return patchOfLines(splitLines(before), splitLines(after));
}

export function patchOfLines(a: readonly string[], b: readonly string[]): StructuredPatch {
	const hunks = diffLines(a, b).map((r): StructuredPatchHunk => {
		const lines: string[] = [];
		for (let i = r.aStart; i < r.aEnd; i++) pushLine(lines, "-", a[i]);
		for (let i = r.bStart; i < r.bEnd; i++) pushLine(lines, "+", b[i]);
		// The diff package's numbering (1-based; an empty side names the line the change sits before).
		return {
			oldStart: r.aStart + 1,
			oldLines: r.aEnd - r.aStart,
			newStart: r.bStart + 1,
			newLines: r.bEnd - r.bStart,
			lines,
		};
	});
	return { oldFileName: "", newFileName: "", oldHeader: undefined, newHeader: undefined, hunks };
}

function pushLine(out: string[], prefix: string, line: string): void {
	if (line.endsWith("\n")) out.push(prefix + line.slice(0, -1));
	else out.push(prefix + line, NO_EOL);
}

/** The old and new lines of a hunk, with their line endings restored. */
function sides(hunk: StructuredPatchHunk): { old: string[]; new: string[] } {
	const old: string[] = [];
	const added: string[] = [];
	for (let i = 0; i < hunk.lines.length; i++) {
		const line = hunk.lines[i];
		if (line === NO_EOL) continue;
		const text = line.slice(1) + (hunk.lines[i + 1] === NO_EOL ? "" : "\n");
		if (line[0] !== "+") old.push(text);
		if (line[0] !== "-") added.push(text);
	}
	return { old, new: added };
}

/** Undoes a patch on its exact after-text (as lines); false when the text does not match. */
export function unapplyLines(patch: StructuredPatch, after: readonly string[]): string[] | false {
	const out = after.slice();
	return unapplyInPlace(patch, out) ? out : false;
}

/**
 * unapplyLines on an array the caller owns: no copy, which matters on a large note (an array past
 * ~16k lines is a large-object allocation in V8, about a millisecond each). On false the array
 * is left part-way and must be discarded.
 */
export function unapplyInPlace(patch: StructuredPatch, lines: string[]): boolean {
	for (let h = patch.hunks.length - 1; h >= 0; h--) {
		const hunk = patch.hunks[h];
		const { old, new: added } = sides(hunk);
		const at = hunk.newStart - 1;
		if (added.length !== hunk.newLines || at < 0 || at + added.length > lines.length) return false;
		for (let i = 0; i < added.length; i++) if (lines[at + i] !== added[i]) return false;
		replaceRange(lines, at, added.length, old);
	}
	return true;
}

/**
 * Applies a patch forward, in place, on its exact before-text (as lines); false when the text does
 * not match (the array is then left part-way and must be discarded). Replaying a note's appended
 * entries (record-log.ts) walks forward from the base this way.
 */
export function applyInPlace(patch: StructuredPatch, lines: string[]): boolean {
	// Last hunk first: a hunk's old numbering is unchanged by the hunks after it.
	for (let h = patch.hunks.length - 1; h >= 0; h--) {
		const hunk = patch.hunks[h];
		const { old, new: added } = sides(hunk);
		const at = hunk.oldStart - 1;
		if (old.length !== hunk.oldLines || at < 0 || at + old.length > lines.length) return false;
		for (let i = 0; i < old.length; i++) if (lines[at + i] !== old[i]) return false;
		replaceRange(lines, at, old.length, added);
	}
	return true;
}

/** lines.splice(at, count, ...items) without spreading (a rewrite's hunk can exceed the argument limit). */
function replaceRange(lines: string[], at: number, count: number, items: readonly string[]): void {
	if (items.length === count) {
		for (let i = 0; i < count; i++) lines[at + i] = items[i];
		return;
	}
	if (items.length <= 4096) {
		lines.splice(at, count, ...items);
		return;
	}
	const tail = lines.splice(at + count);
	lines.length = at;
	for (const item of items) lines.push(item);
	for (const item of tail) lines.push(item);
}

/** Lines added and removed by a patch. */
export function countLines(patch: StructuredPatch): { added: number; removed: number } {
	let added = 0;
	let removed = 0;
	for (const hunk of patch.hunks) {
		added += hunk.newLines;
		removed += hunk.oldLines;
	}
	return { added, removed };
}
