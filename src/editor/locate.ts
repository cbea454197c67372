/**
 * Where each proposed change stands in the note as it is now. A change names the base's lines
 * (`before`) and the line where they started; the user may have typed since, above a change or
 * between two. A change is found at its line moved by as much as the change before it moved,
 * else at its own line, else at the one place within NEAR lines of it where its text starts a
 * line. Found twice, or not at all (the user edited inside it), it is left out: the editor does
 * not guess, and the pane's card still shows it. Changes never overlap, in document order.
 */
import type { Text } from "@codemirror/state";
import type { ProposedChange } from "./review";

export interface Located {
	from: number;
	to: number;
}

const NEAR = 200;

/** `before` at `from`, as whole lines: from a line start to a line end (or the next line's start); "" (an insertion) at a line start. */
export function holds(doc: Text, from: number, before: string): Located | null {
	const to = from + before.length;
	if (from < 0 || to > doc.length || doc.lineAt(from).from !== from || doc.sliceString(from, to) !== before)
		return null;
	return !before || before.endsWith("\n") || doc.lineAt(to).to === to ? { from, to } : null;
}

/**
 * The start of 1-based line `n`. A base's line count + 1 (an insertion at the end) is the empty
 * line after its final newline; a base without one never has a pure insertion after its last line.
 */
function lineStart(doc: Text, n: number): number {
	return n >= 1 && n <= doc.lines ? doc.line(n).from : -1;
}

/** `hints`: where each change started before the last edit, mapped through it (tried first). */
export function locateChanges(
	doc: Text,
	changes: readonly ProposedChange[],
	hints?: ReadonlyMap<string, number>,
): Map<string, Located> {
	const found = new Map<string, Located>();
	let shift = 0;
	let floor = 0;
	for (const change of [...changes].sort((a, b) => a.startLine - b.startLine)) {
		const { before, startLine } = change;
		const at = (from: number | undefined): Located | null =>
			from !== undefined && from >= floor ? holds(doc, from, before) : null;
		let place =
			at(hints?.get(change.changeId)) ?? at(lineStart(doc, startLine + shift)) ?? at(lineStart(doc, startLine));
		if (!place && before) {
			const center = startLine + shift;
			for (let n = Math.max(1, center - NEAR); n <= Math.min(doc.lines, center + NEAR); n++) {
				const there = at(lineStart(doc, n));
				if (there && place) {
					place = null;
					break;
				}
				place ??= there;
			}
		}
		if (!place) continue;
		found.set(change.changeId, place);
		shift = doc.lineAt(place.from).number - startLine;
		floor = place.to;
	}
	return found;
}
