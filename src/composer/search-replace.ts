/**
 * executeEdit's `edits`: search/replace pairs applied without any model. Each search must match
 * exactly once, first literally (anywhere, mid-line too), then whitespace-tolerantly over whole
 * lines only (runs of spaces and tabs count as one; indentation, trailing whitespace and line
 * endings are ignored), so a tolerant match never starts or ends inside a line and splits it. All or nothing: one failing edit
 * leaves the text untouched, and every failure is reported with enough detail for the model to
 * fix its call (the nearest candidates for "not found", the line of each match for "ambiguous").
 * Edits apply in order, each to the result of the ones before it.
 */
import { similarity } from "./similarity";

export interface SearchReplace {
	search: string;
	replace: string;
}

export interface Candidate {
	/** 1-based line where the candidate block starts. */
	line: number;
	text: string;
	/** 0..1, how close the block is to the search text. */
	score: number;
}

export type EditFailure =
	| { index: number; kind: "empty-search" }
	| { index: number; kind: "not-found"; candidates: Candidate[] }
	| { index: number; kind: "ambiguous"; lines: number[] };

export type ApplyEditsResult =
	| {
			ok: true;
			text: string;
			/** Indexes of the edits that needed the whitespace-tolerant match. */ tolerant: number[];
	  }
	| { ok: false; failures: EditFailure[]; message: string };

export function applyEdits(text: string, edits: readonly SearchReplace[]): ApplyEditsResult {
	let current = text;
	const failures: EditFailure[] = [];
	const tolerant: number[] = [];
	edits.forEach((edit, index) => {
		const search = edit.search.replace(/\r\n/g, "\n");
		const replace = edit.replace.replace(/\r\n/g, "\n");
		if (search.trim() === "") {
			failures.push({ index, kind: "empty-search" });
			return;
		}
		const found = locate(current, search);
		if (found.kind === "one") {
			current = current.slice(0, found.start) + replacementFor(found, replace) + current.slice(found.end);
			if (found.tolerant) tolerant.push(index);
		} else if (found.kind === "many") {
			failures.push({ index, kind: "ambiguous", lines: found.starts.map((start) => lineOf(current, start)) });
		} else {
			failures.push({ index, kind: "not-found", candidates: nearestCandidates(current, search) });
		}
	});
	if (failures.length > 0) return { ok: false, failures, message: describeFailures(failures, edits.length) };
	return { ok: true, text: current, tolerant };
}

export type Located =
	| { kind: "one"; start: number; end: number; tolerant: false }
	| { kind: "one"; start: number; end: number; tolerant: true; indent: Indent }
	| { kind: "many"; starts: number[] }
	| { kind: "none" };

/** The first matched line's indentation in the note, and the search's own. */
interface Indent {
	note: string;
	search: string;
}

/** What goes where a search matched: a tolerant match takes the note's indentation (see reindent). */
export function replacementFor(found: Extract<Located, { kind: "one" }>, replace: string): string {
	return found.tolerant ? reindent(replace, found.indent) : replace;
}

function locate(text: string, search: string): Located {
	const exact = occurrences(text, search);
	if (exact.length === 1)
		return { kind: "one", start: exact[0] ?? 0, end: (exact[0] ?? 0) + search.length, tolerant: false };
	if (exact.length > 1) return { kind: "many", starts: exact };
	return locateLines(text, search);
}

/** Start offsets of every occurrence, overlapping ones included (so "aa" in "aaa" is ambiguous). */
function occurrences(text: string, needle: string): number[] {
	const found: number[] = [];
	for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) found.push(i);
	return found;
}

/** A line compared whitespace-tolerantly: no indentation, trailing whitespace or \r; runs of blanks as one. */
function looseLine(line: string): string {
	return line
		.replace(/\r$/, "")
		.trim()
		.replace(/[ \t]+/g, " ");
}

/**
 * The search's lines against runs of whole lines of the text. The match spans from the first
 * line's first non-blank character to the last line's last one, so indentation before it and
 * trailing whitespace (and the line ending) after it stay as they were. Also the fallback of the
 * apply model's edit blocks (edit-blocks-apply.ts).
 */
export function locateLines(text: string, search: string): Located {
	const searchLines = search.split("\n");
	while (searchLines.length > 0 && looseLine(searchLines[0] ?? "") === "") searchLines.shift();
	while (searchLines.length > 0 && looseLine(searchLines[searchLines.length - 1] ?? "") === "") searchLines.pop();
	if (searchLines.length === 0) return { kind: "none" };
	const wanted = searchLines.map(looseLine);
	const lines = text.split("\n");
	const starts: number[] = [];
	let offset = 0;
	for (const line of lines) {
		starts.push(offset);
		offset += line.length + 1;
	}
	const loose = lines.map(looseLine);
	const found: number[] = [];
	for (let k = 0; k + wanted.length <= lines.length; k++) {
		if (wanted.every((want, m) => loose[k + m] === want)) found.push(k);
	}
	if (found.length === 0) return { kind: "none" };
	const spanOf = (k: number) => {
		const first = lines[k] ?? "";
		const lastIndex = k + wanted.length - 1;
		const last = lines[lastIndex] ?? "";
		return {
			start: (starts[k] ?? 0) + (first.length - first.trimStart().length),
			end: (starts[lastIndex] ?? 0) + last.replace(/[ \t\r]+$/, "").length,
			first,
		};
	};
	if (found.length > 1) return { kind: "many", starts: found.map((k) => spanOf(k).start) };
	const span = spanOf(found[0] ?? 0);
	const indent = { note: leadingBlanks(span.first), search: leadingBlanks(searchLines[0] ?? "") };
	return { kind: "one", start: span.start, end: span.end, tolerant: true, indent };
}

function leadingBlanks(line: string): string {
	return /^[ \t]*/.exec(line)?.[0] ?? "";
}

/** The replacement indented like the matched lines: the search's indentation becomes the note's. */
function reindent(replace: string, indent: Indent): string {
	return replace
		.split("\n")
		.map((line, index) => {
			const rest = line.startsWith(indent.search)
				? line.slice(indent.search.length)
				: index === 0
					? line.trimStart()
					: null;
			// The first line's indentation stays in the note, before the match.
			if (index === 0) return rest ?? line;
			return rest === null || line.trim() === "" ? line : indent.note + rest;
		})
		.join("\n");
}

function lineOf(text: string, offset: number): number {
	let line = 1;
	for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
	return line;
}

const MAX_CANDIDATES = 3;
const CANDIDATE_PREVIEW_LINES = 6;

/** The blocks of the text (as many lines as the search) most similar to the search. */
export function nearestCandidates(text: string, search: string): Candidate[] {
	const lines = text.split("\n");
	const wanted = search.replace(/^\n+|\n+$/g, "").split("\n");
	const size = Math.min(wanted.length, lines.length);
	const scored: Candidate[] = [];
	// Line-by-line similarity of aligned windows: cheap enough for a 200 KB note.
	const lineScores = new Map<string, number>();
	const score = (a: string, b: string): number => {
		const key = `${a}\u0000${b}`;
		let s = lineScores.get(key);
		if (s === undefined) {
			s = similarity(a.trim(), b.trim());
			lineScores.set(key, s);
		}
		return s;
	};
	for (let start = 0; start + size <= lines.length; start++) {
		let total = 0;
		for (let k = 0; k < size; k++) total += score(lines[start + k] ?? "", wanted[k] ?? "");
		const block = lines.slice(start, start + size);
		if (block.every((l) => l.trim() === "")) continue;
		scored.push({
			line: start + 1,
			text: block.slice(0, CANDIDATE_PREVIEW_LINES).join("\n"),
			score: total / Math.max(1, wanted.length),
		});
	}
	scored.sort((a, b) => b.score - a.score || a.line - b.line);
	const picked: Candidate[] = [];
	for (const candidate of scored) {
		if (picked.length >= MAX_CANDIDATES || candidate.score <= 0) break;
		// Overlapping windows around one spot say the same thing: keep the best of them.
		if (picked.some((p) => Math.abs(p.line - candidate.line) < size)) continue;
		picked.push({ ...candidate, score: Math.round(candidate.score * 100) / 100 });
	}
	return picked;
}

function describeFailures(failures: EditFailure[], total: number): string {
	const parts = failures.map((failure) => {
		const which = total > 1 ? `Edit ${failure.index + 1}` : "The edit";
		if (failure.kind === "empty-search") return `${which}: the search text is empty.`;
		if (failure.kind === "ambiguous") {
			return `${which}: the search text matches ${failure.lines.length} places (lines ${failure.lines.join(", ")}); include more surrounding lines so it matches exactly one.`;
		}
		if (failure.candidates.length === 0)
			return `${which}: the search text was not found, and nothing in the note resembles it.`;
		const near = failure.candidates.map((c) => `line ${c.line} (similarity ${c.score}):\n${c.text}`).join("\n---\n");
		return `${which}: the search text was not found. Nearest candidates:\n${near}`;
	});
	return `No edit was applied (edits apply all or nothing).\n${parts.join("\n")}`;
}
