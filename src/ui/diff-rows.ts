/**
 * Turns a unified diff (what history and edit results carry) into rows to display: line-level
 * changes with word-level highlights inside changed line pairs, and long unchanged stretches
 * folded into a single "N unchanged lines" row.
 */
import { diffWordsWithSpace } from "diff";
import { parseUnifiedHunks } from "./unified-hunks";

export interface DiffPart {
	text: string;
	changed: boolean;
}

export type DiffRow =
	| { kind: "context" | "added" | "removed"; oldLine?: number; newLine?: number; parts: DiffPart[] }
	| { kind: "fold"; count: number };

export interface DiffView {
	rows: DiffRow[];
	added: number;
	removed: number;
}

/** Unchanged runs longer than this (inside a hunk) are folded, keeping CONTEXT lines each side. */
const CONTEXT = 2;

export function diffRowsFromUnified(unified: string): DiffView {
	const rows: DiffRow[] = [];
	let added = 0;
	let removed = 0;
	let files;
	try {
		files = parseUnifiedHunks(unified);
	} catch {
		return { rows: [], added: 0, removed: 0 };
	}
	for (const hunks of files) {
		let previousEnd = 1;
		for (const hunk of hunks) {
			// Lines between hunks are unchanged and not in the diff at all: fold them.
			const gap = hunk.oldStart - previousEnd;
			if (gap > 0) rows.push({ kind: "fold", count: gap });
			previousEnd = hunk.oldStart + hunk.oldLines;
			const counts = hunkRows(hunk.lines, hunk.oldStart, hunk.newStart, rows);
			added += counts.added;
			removed += counts.removed;
		}
	}
	return { rows: foldContext(rows), added, removed };
}

function hunkRows(
	lines: string[],
	oldStart: number,
	newStart: number,
	rows: DiffRow[],
): { added: number; removed: number } {
	let oldLine = oldStart;
	let newLine = newStart;
	let added = 0;
	let removed = 0;
	let i = 0;
	while (i < lines.length) {
		const line = lines[i];
		if (line.startsWith("\\")) {
			i++; // "\ No newline at end of file"
			continue;
		}
		if (line.startsWith(" ")) {
			rows.push({
				kind: "context",
				oldLine: oldLine++,
				newLine: newLine++,
				parts: [{ text: line.slice(1), changed: false }],
			});
			i++;
			continue;
		}
		// A block of removals followed by additions: pair them up for word-level highlights.
		const minus: string[] = [];
		const plus: string[] = [];
		while (i < lines.length && (lines[i].startsWith("-") || lines[i].startsWith("\\"))) {
			if (lines[i].startsWith("-")) minus.push(lines[i].slice(1));
			i++;
		}
		while (i < lines.length && (lines[i].startsWith("+") || lines[i].startsWith("\\"))) {
			if (lines[i].startsWith("+")) plus.push(lines[i].slice(1));
			i++;
		}
		if (minus.length === 0 && plus.length === 0) {
			i++; // an unexpected line: skip rather than loop forever
			continue;
		}
		const paired = Math.min(minus.length, plus.length);
		const words = minus.map((text, k) => (k < paired ? wordParts(text, plus[k]) : undefined));
		minus.forEach((text, k) => {
			rows.push({ kind: "removed", oldLine: oldLine++, parts: words[k]?.before ?? [{ text, changed: false }] });
		});
		plus.forEach((text, k) => {
			rows.push({ kind: "added", newLine: newLine++, parts: words[k]?.after ?? [{ text, changed: false }] });
		});
		removed += minus.length;
		added += plus.length;
	}
	return { added, removed };
}

function wordParts(before: string, after: string): { before: DiffPart[]; after: DiffPart[] } {
	const changes = diffWordsWithSpace(before, after);
	return {
		before: changes.filter((c) => !c.added).map((c) => ({ text: c.value, changed: c.removed })),
		after: changes.filter((c) => !c.removed).map((c) => ({ text: c.value, changed: c.added })),
	};
}

/** Folds unchanged runs inside hunks that are longer than twice the kept context. */
function foldContext(rows: DiffRow[]): DiffRow[] {
	const out: DiffRow[] = [];
	let run: DiffRow[] = [];
	const flush = (atStart: boolean, atEnd: boolean): void => {
		const keepBefore = atStart ? 0 : CONTEXT;
		const keepAfter = atEnd ? 0 : CONTEXT;
		if (run.length > keepBefore + keepAfter + 1) {
			out.push(...run.slice(0, keepBefore));
			out.push({ kind: "fold", count: run.length - keepBefore - keepAfter });
			out.push(...run.slice(run.length - keepAfter));
		} else {
			out.push(...run);
		}
		run = [];
	};
	let seenChange = false;
	for (const row of rows) {
		if (row.kind === "context") {
			run.push(row);
			continue;
		}
		if (row.kind === "fold") {
			flush(!seenChange, true);
			out.push(row);
			seenChange = false;
			continue;
		}
		flush(!seenChange, false);
		seenChange = true;
		out.push(row);
	}
	flush(!seenChange, true);
	return mergeFolds(out);
}

function mergeFolds(rows: DiffRow[]): DiffRow[] {
	const out: DiffRow[] = [];
	for (const row of rows) {
		const last = out[out.length - 1];
		if (row.kind === "fold" && last?.kind === "fold")
			out[out.length - 1] = { kind: "fold", count: last.count + row.count };
		else out.push(row);
	}
	return out;
}
