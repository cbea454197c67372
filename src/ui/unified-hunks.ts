/**
 * The hunks of a unified diff, for display: what `diff`'s parsePatch finds in the diffs Redline
 * writes (formatPatch of a history entry: an "Index:" line, a "====" line, "---"/"+++" headers,
 * hunks; and an edit's compact diff: bare hunks, perhaps truncated), including where it throws
 * (the card then shows no rows). Written here because parsePatch (4.5 KB of main.js) mostly
 * parses what Redline never writes: file names, Git's quoting and extended headers (here a
 * `diff --git` line only starts a file, like "Index:"). test/ui/unified-hunks.test.ts checks it
 * against parsePatch on random notes, edits and truncations.
 */

export interface UnifiedHunk {
	oldStart: number;
	oldLines: number;
	newStart: number;
	lines: string[];
}

const fileHeader = (line = ""): boolean => /^(---|\+\+\+)\s/.test(line);
const hunkHeader = (line: string): boolean => /^@@\s/.test(line);
const diffHeader = (line: string): boolean => /^(diff --git |Index:\s|diff( -r \w+)+\s)/.test(line);

/** The hunks of each file, as parsePatch's indexes; throws where it throws (a malformed or cut hunk, a "---" without its "+++"). */
export function parseUnifiedHunks(unified: string): UnifiedHunk[][] {
	const lines = unified.split("\n");
	const files: UnifiedHunk[][] = [];
	let i = 0;
	const fileHeaderLine = (): string | undefined => (fileHeader(lines[i]) ? lines[i++][0] : undefined);
	const file = (): void => {
		const hunks: UnifiedHunk[] = [];
		files.push(hunks);
		// Lines before the file headers; a second diff header starts the next file.
		let seenDiffHeader = false;
		for (; i < lines.length && !fileHeader(lines[i]) && !hunkHeader(lines[i]); i++) {
			if (diffHeader(lines[i])) {
				if (seenDiffHeader) return;
				seenDiffHeader = true;
			}
		}
		const headers = [fileHeaderLine(), fileHeaderLine()];
		if (headers.includes("-") !== headers.includes("+")) throw new Error("Missing file header");
		while (i < lines.length && !diffHeader(lines[i]) && !fileHeader(lines[i]) && !/^={67}/.test(lines[i])) {
			if (hunkHeader(lines[i])) hunks.push(hunk());
			else i++;
		}
	};
	const hunk = (): UnifiedHunk => {
		// parsePatch's numbering: a missing count is 1, an empty side starts after the line it names.
		const header = /@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(lines[i++]) ?? [];
		const oldLines = header[2] === undefined ? 1 : +header[2];
		const newLines = header[4] === undefined ? 1 : +header[4];
		const out: UnifiedHunk = {
			oldStart: +header[1] + (oldLines === 0 ? 1 : 0),
			oldLines,
			newStart: +header[3] + (newLines === 0 ? 1 : 0),
			lines: [],
		};
		let added = 0;
		let removed = 0;
		for (; i < lines.length && (removed < oldLines || added < newLines || lines[i].startsWith("\\")); i++) {
			const operation = lines[i] === "" && i !== lines.length - 1 ? " " : lines[i][0];
			if (!"+- \\".includes(operation ?? "x")) throw new Error("Hunk contained an invalid line");
			out.lines.push(lines[i]);
			if (operation !== "-" && operation !== "\\") added++;
			if (operation !== "+" && operation !== "\\") removed++;
		}
		// A count of 1 with no such line means 0 (as parsePatch reads it).
		if (removed === 0 && oldLines === 1) out.oldLines = 0;
		if (added !== (added === 0 && newLines === 1 ? 0 : newLines) || removed !== out.oldLines)
			throw new Error("Hunk line counts do not match");
		if (/^[+ -]/.test(lines[i] ?? "") && !fileHeader(lines[i])) throw new Error("Hunk has more lines than expected");
		return out;
	};
	while (i < lines.length) file();
	return files;
}
