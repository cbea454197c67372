/**
 * An entry's patch as the unified diff a history summary carries: what `diff`'s formatPatch
 * writes for it, written here because formatPatch (with Git headers and C-style quoting of file
 * names, about 2 KB of main.js) covers patches Redline never makes. Redline's patches have empty
 * file names and no headers (patch.ts); a stored patch is only checked for its hunks, so a name
 * formatPatch would quote (or a Git patch, from a record written by something else) is written
 * as Redline writes it: the names mean nothing here. test/history/unified-diff.test.ts checks it
 * against formatPatch.
 */
import type { StructuredPatch } from "diff";

// What formatPatch writes unquoted: printable ASCII other than a double quote or a backslash.
const plainName = (name: unknown): name is string =>
	typeof name === "string" && /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/.test(name);

export function unifiedDiff(patch: StructuredPatch): string {
	const plain = !patch.isGit && plainName(patch.oldFileName) && plainName(patch.newFileName);
	const { oldFileName, newFileName, oldHeader, newHeader } = plain
		? patch
		: { oldFileName: "", newFileName: "", oldHeader: "", newHeader: "" };
	const out = [...(oldFileName === newFileName ? [`Index: ${oldFileName}`] : []), "=".repeat(67)];
	out.push(
		`--- ${oldFileName}${oldHeader ? `\t${oldHeader}` : ""}`,
		`+++ ${newFileName}${newHeader ? `\t${newHeader}` : ""}`,
	);
	for (const hunk of patch.hunks) {
		// An empty side names the line before the change (parsePatch adds the 1 back).
		const start = (at: number, count: number): string => `${count === 0 ? at - 1 : at},${count}`;
		out.push(`@@ -${start(hunk.oldStart, hunk.oldLines)} +${start(hunk.newStart, hunk.newLines)} @@`, ...hunk.lines);
	}
	return `${out.join("\n")}\n`;
}
