/**
 * The lines a write changed, from its history entry's unified diff (the history records exactly
 * what was written, typing merged in): each run of added lines on the new side as one 1-based,
 * inclusive range of the note as written. A deletion adds no line and marks none. A diff the
 * parser refuses marks nothing.
 */
import { parseUnifiedHunks } from "../ui/unified-hunks";
import type { LineRange } from "./written-lines";

export function writtenRanges(unified: string): LineRange[] {
	let files;
	try {
		files = parseUnifiedHunks(unified);
	} catch {
		return [];
	}
	const ranges: LineRange[] = [];
	for (const hunk of files.flat()) {
		let line = hunk.newStart;
		for (const text of hunk.lines) {
			const op = text === "" ? " " : text[0];
			if (op === "-" || op === "\\") continue;
			const last = ranges.at(-1);
			if (op === "+") {
				if (last && last.to === line - 1) last.to = line;
				else ranges.push({ from: line, to: line });
			}
			line++;
		}
	}
	return ranges;
}
