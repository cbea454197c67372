/**
 * The compact unified diff a successful edit reports back, so the main model can check its work
 * without reading the note again. Computed on model text (LF), truncated to a few KB.
 */
import { structuredPatch } from "diff";

export const MAX_DIFF_CHARS = 3000;

export interface CompactDiff {
	diff: string;
	added: number;
	removed: number;
	truncated: boolean;
}

/** Starts the last line of a diff cut to MAX_DIFF_CHARS (what the model reads; a card shows the whole patch). */
const CUT_MARK = "… (diff truncated:";

/** Whether this compact diff was cut: the rest of the edit's patch is only in the note's history. */
export function isCutDiff(diff: string): boolean {
	const last = diff.slice(diff.lastIndexOf("\n") + 1);
	return last.startsWith(CUT_MARK);
}

/**
 * A cut diff without its mark, its last hunk's header counting only the lines left: every line is
 * a true line of the patch, and it parses as a diff again (a card shows it when the history no
 * longer holds the whole patch).
 */
export function wholeHunksOf(diff: string): string {
	if (!isCutDiff(diff)) return diff;
	const lines = diff.split("\n").slice(0, -1);
	let header = -1;
	for (let i = lines.length - 1; i >= 0 && header === -1; i--) if (lines[i].startsWith("@@ ")) header = i;
	const start = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(lines[header] ?? "");
	if (!start) return "";
	const body = lines.slice(header + 1);
	const old = body.filter((line) => line.startsWith(" ") || line.startsWith("-")).length;
	const added = body.filter((line) => line.startsWith(" ") || line.startsWith("+")).length;
	return [...lines.slice(0, header), `@@ -${start[1]},${old} +${start[2]},${added} @@`, ...body].join("\n");
}

export function compactDiff(before: string, after: string, maxChars = MAX_DIFF_CHARS): CompactDiff {
	const patch = structuredPatch("before", "after", before, after, "", "", { context: 2 });
	let added = 0;
	let removed = 0;
	const out: string[] = [];
	for (const hunk of patch.hunks) {
		out.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`);
		for (const line of hunk.lines) {
			if (line.startsWith("\\")) continue; // "\ No newline at end of file": noise here
			if (line.startsWith("+")) added++;
			else if (line.startsWith("-")) removed++;
			out.push(line);
		}
	}
	const full = out.join("\n");
	if (full.length <= maxChars) return { diff: full, added, removed, truncated: false };
	const cut = full.lastIndexOf("\n", maxChars);
	const kept = full.slice(0, cut > 0 ? cut : maxChars);
	return {
		diff: `${kept}\n${CUT_MARK} ${full.length - kept.length} more characters)`,
		added,
		removed,
		truncated: true,
	};
}
