/**
 * Scripting the apply model: what Redline's apply requests carry (src/composer/apply.ts puts the
 * note between <<<BEGIN>>> and <<<END>>>, and a `modify` in the Edits format asks for edit blocks
 * in its system message) and a reply in the format asked. A script states the change as a function
 * of the note; `applyModelReply` answers with the whole new note, or with the edit blocks that
 * turn the note into it, as a real apply model would. Used by tests, benchmarks and the demo.
 */
import { diffArrays } from "diff";
import { applyEditBlocks } from "../../composer/edit-blocks-apply";
import { DIVIDER_MARKER, parseEditBlocks, REPLACE_MARKER, SEARCH_MARKER } from "../../composer/edit-blocks";
import { ScriptError, messageText } from "./script";
import type { RecordedRequest, ScriptedReply } from "./types";

/** The note an apply request carries: between the prompt's markers, or as its prediction; "" for a create. */
export function applyRequestNote(request: RecordedRequest): string {
	const prediction = request.body.prediction?.content;
	if (typeof prediction === "string") return prediction;
	const prompt = request.body.messages.map(messageText).join("\n");
	if (/^Write the new note /m.test(prompt) && !prompt.includes("<<<BEGIN>>>")) return "";
	const begin = prompt.indexOf("<<<BEGIN>>>\n");
	const end = prompt.lastIndexOf("\n<<<END>>>");
	if (begin === -1 || end < begin)
		throw new ScriptError(`apply request without a note between <<<BEGIN>>> and <<<END>>>: ${prompt.slice(0, 200)}`);
	return prompt.slice(begin + "<<<BEGIN>>>\n".length, end);
}

/** Whether the request asks for edit blocks (its system message shows the SEARCH marker). */
export function asksForEditBlocks(request: RecordedRequest): boolean {
	return request.body.messages.some((m) => m.role === "system" && messageText(m).includes(SEARCH_MARKER));
}

/** The apply model's reply: `change(note)` whole, or as edit blocks when the request asks for them. */
export function applyModelReply(
	request: RecordedRequest,
	change: (note: string) => string,
	extra: Omit<ScriptedReply, "text"> = {},
): ScriptedReply {
	const note = applyRequestNote(request);
	const after = change(note);
	return { ...extra, text: asksForEditBlocks(request) ? editBlocksFor(note, after) : after };
}

interface Hunk {
	/** Lines [aStart, aEnd) of the old note become lines [bStart, bEnd) of the new one. */
	aStart: number;
	aEnd: number;
	bStart: number;
	bEnd: number;
}

/**
 * Edit blocks that turn `before` into `after`: one block per changed run of lines, each SEARCH
 * grown with neighbouring lines until it matches exactly once, runs merged when their context
 * would overlap. The result is checked by parsing and applying it with the composer's own code;
 * when that fails, one block spanning every change (and at worst the whole note) is used instead.
 * A change whose blocks would need a bare "=======" line in SEARCH cannot be written in the format
 * at all (a real model's blocks would be malformed too): that throws a ScriptError.
 */
export function editBlocksFor(before: string, after: string): string {
	if (before === after) return "";
	// An empty note has no line to search: the one block an empty SEARCH may write.
	if (before === "") return [SEARCH_MARKER, DIVIDER_MARKER, after, REPLACE_MARKER].join("\n") + "\n";
	const a = before.split("\n");
	const b = after.split("\n");
	const candidates = [
		() => blocksFor(a, b, changedRuns(a, b)),
		() => blocksFor(a, b, [spanning(changedRuns(a, b))]),
		() => blocksFor(a, b, [{ aStart: 0, aEnd: a.length, bStart: 0, bEnd: b.length }]),
	];
	for (const candidate of candidates) {
		const text = candidate();
		if (text !== undefined && producesAfter(before, text, after)) return text;
	}
	throw new ScriptError("editBlocksFor: no edit blocks reproduce the new note");
}

function changedRuns(a: readonly string[], b: readonly string[]): Hunk[] {
	const hunks: Hunk[] = [];
	let ai = 0;
	let bi = 0;
	for (const part of diffArrays(a as string[], b as string[])) {
		const n = part.value.length;
		if (!part.added && !part.removed) {
			ai += n;
			bi += n;
			continue;
		}
		const last = hunks.at(-1);
		const hunk = last && last.aEnd === ai && last.bEnd === bi ? last : { aStart: ai, aEnd: ai, bStart: bi, bEnd: bi };
		if (hunk !== last) hunks.push(hunk);
		if (part.added) bi += n;
		else ai += n;
		hunk.aEnd = ai;
		hunk.bEnd = bi;
	}
	return hunks;
}

function spanning(hunks: readonly Hunk[]): Hunk {
	const first = hunks[0] ?? { aStart: 0, aEnd: 0, bStart: 0, bEnd: 0 };
	const last = hunks.at(-1) ?? first;
	return { aStart: first.aStart, aEnd: last.aEnd, bStart: first.bStart, bEnd: last.bEnd };
}

/** Blocks for the runs, context added until each SEARCH is unique; undefined when it cannot be. */
function blocksFor(a: readonly string[], b: readonly string[], hunks: readonly Hunk[]): string | undefined {
	const note = a.join("\n");
	const out: string[] = [];
	let floor = 0;
	for (const [i, hunk] of hunks.entries()) {
		const ceiling = hunks[i + 1]?.aStart ?? a.length;
		let before = 0;
		let after = 0;
		while (!uniqueLines(note, a.slice(hunk.aStart - before, hunk.aEnd + after))) {
			if (hunk.aEnd + after < ceiling) after++;
			else if (hunk.aStart - before > floor) before++;
			else return undefined;
		}
		const search = a.slice(hunk.aStart - before, hunk.aEnd + after);
		const replace = [
			...a.slice(hunk.aStart - before, hunk.aStart),
			...b.slice(hunk.bStart, hunk.bEnd),
			...a.slice(hunk.aEnd, hunk.aEnd + after),
		];
		out.push(SEARCH_MARKER, ...search, DIVIDER_MARKER, ...replace, REPLACE_MARKER);
		floor = hunk.aEnd + after;
	}
	return out.join("\n") + "\n";
}

/** The lines are not all blank and occur exactly once in the note as whole lines. */
function uniqueLines(note: string, lines: readonly string[]): boolean {
	if (lines.every((line) => line.trim() === "")) return false;
	const search = lines.join("\n");
	let count = 0;
	for (let at = note.indexOf(search); at !== -1 && count < 2; at = note.indexOf(search, at + 1)) {
		if (
			(at === 0 || note[at - 1] === "\n") &&
			(at + search.length === note.length || note[at + search.length] === "\n")
		)
			count++;
	}
	return count === 1;
}

/** Whether the composer would read the blocks as this change (it tries the fence-guarded reading, then the literal one). */
function producesAfter(before: string, blocks: string, after: string): boolean {
	return [true, false].some((guardFences) => {
		const parsed = parseEditBlocks(blocks, { guardFences });
		if (!parsed.ok) return false;
		const applied = applyEditBlocks(before, parsed.blocks);
		return applied.ok && applied.text === after;
	});
}
