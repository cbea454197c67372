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
		diff: `${kept}\n… (diff truncated: ${full.length - kept.length} more characters)`,
		added,
		removed,
		truncated: true,
	};
}
