/**
 * Checks the apply model's output before anything is written. Cut-off output (finish_reason
 * "length", or a code fence left open that the note did not have) and implausible output (a
 * `modify` that drops more than half the note) are refused with a reason; a wrapping code fence,
 * echoed prompt markers and chatter around the note ("Here is the updated note:") are stripped.
 * All texts are model text (LF, no BOM).
 */
import type { EditOperation } from "../thread/events";
import { splitFrontmatter } from "./text-format";

export type ApplyRefusal = "truncated" | "implausible" | "empty";

export type ValidatedOutput =
	| { ok: true; text: string; /** What was stripped, for the result's data. */ stripped: string[] }
	| { ok: false; reason: ApplyRefusal; message: string };

export interface ApplyOutput {
	raw: string;
	finishReason?: string;
	/** The note (or section) the model was asked to change; "" for create. */
	original: string;
	operation: EditOperation;
}

/** Below this many non-blank lines a note is too small for the "drops half" rule to mean much. */
export const PLAUSIBILITY_MIN_LINES = 6;

const FENCE = /^(`{3,}|~{3,})\s*([\w+-]*)\s*$/;
// Chatter is a lead-in that ends with a colon ("Here is the updated note:"), or a bare interjection.
const LEADING_CHATTER = /^(here('s| is| are)|sure|certainly|okay|ok|of course|below is|the (updated|revised|new|modified|rewritten|complete)|i('ve| have) (updated|made|revised|rewritten|modified)|updated note)\b.*:$/i;
const INTERJECTION = /^(sure|certainly|okay|ok|of course|done)[!.,]?$/i;
const TRAILING_CHATTER = /^(let me know|feel free to|(i )?hope this helps|i('ve| have) (made|applied) the (requested )?(changes?|edits?))\b/i;

export function validateApplyOutput(output: ApplyOutput): ValidatedOutput {
	if (output.finishReason === "length") {
		return { ok: false, reason: "truncated", message: "The apply model's output was cut off (it hit its output limit)." };
	}
	const stripped: string[] = [];
	let lines = output.raw.replace(/\r\n/g, "\n").split("\n");
	const originalLines = output.original.split("\n");

	// Twice: "Sure!" then "Here is the updated note:".
	lines = dropLeadingChatter(dropLeadingChatter(lines, originalLines, stripped), originalLines, stripped);
	const unwrapped = unwrapFence(lines, originalLines, stripped);
	if (unwrapped === "unclosed") {
		return { ok: false, reason: "truncated", message: "The apply model's output ends inside a code fence that was never closed: it was cut off." };
	}
	lines = unwrapped;
	lines = unwrapMarkers(lines, originalLines, stripped);
	lines = dropTrailingChatter(lines, originalLines, stripped);

	const text = lines.join("\n");
	if (openFenceAtEnd(text) && !openFenceAtEnd(output.original)) {
		return { ok: false, reason: "truncated", message: "The apply model's output ends inside a code block that the note closes: it was cut off." };
	}
	if (text.trim() === "" && output.operation !== "modify") {
		return { ok: false, reason: "empty", message: "The apply model returned nothing." };
	}
	if (output.operation === "modify") {
		const why = implausibleModify(output.original, text);
		if (why) return { ok: false, reason: "implausible", message: why };
	}
	return { ok: true, text, stripped };
}

/**
 * A `modify` keeps most of the note: losing more than half of its non-blank lines or of its
 * characters means the model returned a fragment or a summary, not the whole note.
 */
export function implausibleModify(fullOriginal: string, proposed: string): string | undefined {
	// A dropped frontmatter block is restored afterwards (text-format.ts), so compare bodies then.
	const split = splitFrontmatter(fullOriginal);
	const original = split.frontmatter && !splitFrontmatter(proposed).frontmatter ? split.body : fullOriginal;
	const before = nonBlankLines(original);
	if (before < PLAUSIBILITY_MIN_LINES) return undefined;
	const after = nonBlankLines(proposed);
	const beforeChars = original.trim().length;
	const afterChars = proposed.trim().length;
	if (after * 2 < before || afterChars * 2 < beforeChars) {
		return (
			`The apply model's output keeps only ${after} of ${before} lines (${afterChars} of ${beforeChars} characters): ` +
			"too much was dropped for a modify, so it looks like a fragment rather than the whole note. Nothing was written. " +
			"If the removal is intended, declare a rewrite, or use executeEdit with edits."
		);
	}
	return undefined;
}

function nonBlankLines(text: string): number {
	return text.split("\n").filter((line) => line.trim() !== "").length;
}

function firstNonBlank(lines: string[]): number {
	return lines.findIndex((line) => line.trim() !== "");
}

function lastNonBlank(lines: string[]): number {
	for (let i = lines.length - 1; i >= 0; i--) if ((lines[i] ?? "").trim() !== "") return i;
	return -1;
}

/** "Here is the updated note:" before the note, unless the note itself starts that way. */
function dropLeadingChatter(lines: string[], original: string[], stripped: string[]): string[] {
	const i = firstNonBlank(lines);
	if (i === -1) return lines;
	const line = (lines[i] ?? "").trim();
	const originalFirst = (original[firstNonBlank(original)] ?? "").trim();
	if (line === originalFirst || line.length > 160 || !(LEADING_CHATTER.test(line) || INTERJECTION.test(line))) return lines;
	stripped.push("leading chatter");
	const rest = lines.slice(i + 1);
	const next = firstNonBlank(rest);
	return next === -1 ? [] : rest.slice(next);
}

/** A note wrapped in ```markdown ... ``` (possibly with chatter after the closing fence). */
function unwrapFence(lines: string[], original: string[], stripped: string[]): string[] | "unclosed" {
	const i = firstNonBlank(lines);
	if (i === -1) return lines;
	const open = FENCE.exec((lines[i] ?? "").trim());
	if (!open) return lines;
	const originalFirst = (original[firstNonBlank(original)] ?? "").trim();
	if (FENCE.test(originalFirst)) return lines; // the note itself opens with a code block
	const marker = open[1] ?? "```";
	let close = -1;
	for (let j = lines.length - 1; j > i; j--) {
		const candidate = (lines[j] ?? "").trim();
		if (candidate.startsWith(marker[0] ?? "`") && candidate.length >= marker.length && /^(`+|~+)$/.test(candidate)) {
			close = j;
			break;
		}
	}
	if (close === -1) return "unclosed";
	const after = lines.slice(close + 1);
	if (lastNonBlank(after) !== -1) stripped.push("trailing chatter");
	stripped.push("code fence");
	return lines.slice(i + 1, close);
}

/** The prompt's <<<BEGIN>>>/<<<END>>> markers (or <note> tags) echoed around the note. */
function unwrapMarkers(lines: string[], original: string[], stripped: string[]): string[] {
	let out = lines;
	const i = firstNonBlank(out);
	if (i !== -1 && /^(<<<BEGIN>>>|<note[^>]*>)$/.test((out[i] ?? "").trim()) && !original.some((o) => o.trim() === (out[i] ?? "").trim())) {
		out = out.slice(i + 1);
		stripped.push("markers");
	}
	const j = lastNonBlank(out);
	if (j !== -1 && /^(<<<END>>>|<\/note>)$/.test((out[j] ?? "").trim()) && !original.some((o) => o.trim() === (out[j] ?? "").trim())) {
		out = out.slice(0, j);
		if (!stripped.includes("markers")) stripped.push("markers");
	}
	return out;
}

/** "Let me know if ..." after the note, unless the note itself ends that way. */
function dropTrailingChatter(lines: string[], original: string[], stripped: string[]): string[] {
	const j = lastNonBlank(lines);
	if (j <= 0) return lines;
	const line = (lines[j] ?? "").trim();
	if (line === (original[lastNonBlank(original)] ?? "").trim() || !TRAILING_CHATTER.test(line)) return lines;
	if (original.some((o) => o.trim() === line)) return lines;
	stripped.push("trailing chatter");
	const rest = lines.slice(0, j);
	return rest.slice(0, lastNonBlank(rest) + 1);
}

/** The text ends inside a fenced code block (an opening fence without its closing one). */
export function openFenceAtEnd(text: string): boolean {
	let open: string | null = null;
	for (const raw of text.split("\n")) {
		const line = raw.trim();
		const fence = /^(`{3,}|~{3,})/.exec(line);
		if (!fence) continue;
		const marker = fence[1] ?? "";
		if (open === null) open = marker;
		else if (marker[0] === open[0] && marker.length >= open.length && line.length === marker.length) open = null;
	}
	return open !== null;
}
