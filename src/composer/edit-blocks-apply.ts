/**
 * Applies the apply model's edit blocks to the note (model text), in order, each to the result of
 * the ones before, all or nothing. A block stands for whole lines: its SEARCH must match whole
 * lines of the note exactly once (literally; failing that, with executeEdit's whitespace-tolerant
 * match from search-replace.ts, still on whole lines, never mid-line), and an empty REPLACE
 * deletes those lines with their line ending. Refused: an empty SEARCH on a non-empty note, a
 * SEARCH that matches nowhere or several places, and a block that overlaps an earlier one (its
 * SEARCH reaches into lines an earlier block wrote, or across lines it deleted), since such a
 * block was written against a note that never existed.
 *
 * BlockApplier takes blocks one at a time, so the composer can check each block while the reply
 * still streams and stop a hopeless reply early; applyEditBlocks is the whole-list form.
 */
import type { EditBlock } from "./edit-blocks";
import { locateLines, nearestCandidates, replacementFor } from "./search-replace";
import type { Candidate, Located } from "./search-replace";

export type BlockFailure =
	| { index: number; kind: "empty-search" }
	| { index: number; kind: "not-found"; candidates: Candidate[] }
	| { index: number; kind: "ambiguous"; lines: number[] }
	| { index: number; kind: "overlapping"; with: number };

export type AppliedBlocks =
	| {
			ok: true;
			text: string;
			/** Indexes of the blocks that needed the whitespace-tolerant match. */ tolerant: number[];
	  }
	| { ok: false; failure: BlockFailure; message: string };

/** Text an earlier block wrote (a point for a deletion), in the current text's offsets. */
interface Region {
	start: number;
	end: number;
	index: number;
}

export class BlockApplier {
	private current: string;
	// Stryker disable next-line ArrayDeclaration: a list that starts with a non-region (a string) is the same as an empty one: every comparison with its missing start and end is false
	private readonly regions: Region[] = [];
	private count = 0;
	private failure: BlockFailure | undefined;
	readonly tolerant: number[] = [];

	constructor(note: string) {
		this.current = note;
	}

	/** The note with every block applied so far. */
	get text(): string {
		return this.current;
	}

	/** Applies the next block; returns why it cannot be applied (and every later call returns that too). */
	apply(block: EditBlock): BlockFailure | undefined {
		if (this.failure) return this.failure;
		const index = this.count++;
		this.failure = this.place(block, index);
		return this.failure;
	}

	private place(block: EditBlock, index: number): BlockFailure | undefined {
		const replace = block.replace.join("\n");
		if (block.search.every((line) => line.trim() === "")) {
			// An empty SEARCH writes a note that is empty; it cannot say where to go in any other.
			if (this.current !== "" || block.search.length > 0) return { index, kind: "empty-search" };
			this.current = replace;
			this.regions.push({ start: 0, end: replace.length, index });
			return undefined;
		}
		const search = block.search.join("\n");
		const span = findLines(this.current, search);
		if (span.kind === "many")
			return { index, kind: "ambiguous", lines: span.starts.map((start) => lineOf(this.current, start)) };
		if (span.kind === "none") return { index, kind: "not-found", candidates: nearestCandidates(this.current, search) };
		const overlapped = this.regions.find((r) => span.start < r.end && r.start < span.end);
		if (overlapped) return { index, kind: "overlapping", with: overlapped.index };

		let { start, end } = span;
		let replacement = replacementFor(span, replace);
		if (block.replace.length === 0) {
			// Delete the whole lines (a tolerant match leaves out their indentation and trailing
			// blanks) with one line ending: the one after them, or the one before the last line.
			start = lineStartOf(this.current, start);
			end = lineEndOf(this.current, end);
			if (this.current[end] === "\n") end++;
			else if (start > 0) start--;
			replacement = "";
		}
		this.current = this.current.slice(0, start) + replacement + this.current.slice(end);
		const delta = replacement.length - (end - start);
		for (const region of this.regions) {
			if (region.start >= end) {
				region.start += delta;
				region.end += delta;
			}
		}
		this.regions.push({ start, end: start + replacement.length, index });
		if (span.tolerant) this.tolerant.push(index);
		return undefined;
	}
}

export function applyEditBlocks(note: string, blocks: readonly EditBlock[]): AppliedBlocks {
	const applier = new BlockApplier(note);
	for (const block of blocks) {
		const failure = applier.apply(block);
		if (failure) return { ok: false, failure, message: describeBlockFailure(failure) };
	}
	return { ok: true, text: applier.text, tolerant: [...applier.tolerant] };
}

/**
 * Where `search` (whole lines) occurs: literally as whole lines (a literal match inside a line
 * does not count, unlike executeEdit's), else through executeEdit's tolerant match, which is
 * whole lines only.
 */
function findLines(text: string, search: string): Located {
	const exact: number[] = [];
	for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + 1)) {
		if (isLineStart(text, at) && isLineEnd(text, at + search.length)) exact.push(at);
	}
	if (exact.length > 1) return { kind: "many", starts: exact };
	const first = exact[0];
	// Stryker disable next-line StringLiteral: place() tells matches apart only by "many" and "none"; any other kind is the one match
	if (first !== undefined) return { kind: "one", start: first, end: first + search.length, tolerant: false };
	return locateLines(text, search);
}

function isLineStart(text: string, at: number): boolean {
	return at === 0 || text[at - 1] === "\n";
}

function isLineEnd(text: string, at: number): boolean {
	return at === text.length || text[at] === "\n";
}

function lineStartOf(text: string, at: number): number {
	return text.lastIndexOf("\n", at - 1) + 1;
}

function lineEndOf(text: string, at: number): number {
	const end = text.indexOf("\n", at);
	return end === -1 ? text.length : end;
}

function lineOf(text: string, offset: number): number {
	let line = 1;
	for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
	return line;
}

/** The refusal in words the main model (and the user, in the card) can act on. */
export function describeBlockFailure(failure: BlockFailure): string {
	const which = `Edit block ${failure.index + 1}`;
	const why = ((): string => {
		switch (failure.kind) {
			case "empty-search":
				return "has an empty SEARCH, which can only write an empty note";
			case "ambiguous":
				return `has a SEARCH that matches ${failure.lines.length} places (lines ${failure.lines.join(", ")})`;
			case "overlapping":
				return `overlaps edit block ${failure.with + 1} (its SEARCH reaches into lines that block changed)`;
			case "not-found": {
				const near = failure.candidates[0];
				return `has a SEARCH that is not in the note${near ? ` (nearest: line ${near.line}, ${JSON.stringify(near.text.replace(/\n[\s\S]*/, ""))})` : ""}`;
			}
		}
	})();
	return `${which} ${why}; no block was applied (blocks apply all or nothing).`;
}
