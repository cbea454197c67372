/**
 * Checks the apply model's output before anything is written. Refused, with a reason: output
 * that did not end with a clean stop (cut off at the output limit, stopped by a content filter,
 * no finish reason at all), a wrapper fence left open, a markdown wrapper that is not clearly
 * one (wrapper.ts), a create or rewrite that came back empty, and a modify that empties the note,
 * drops or repeats part of it (modify-checks.ts) or keeps less than half of it, when its
 * description does not ask for that. Stripped: a clear wrapper fence, echoed prompt markers and
 * chatter about the note (chatter.ts). All texts are model text (LF, no BOM).
 *
 * "Keeps less than half" is a heuristic's doubt, not a certainty (issue 30: "remove all headings"
 * from a note of short sections keeps fewer than half of its lines). When the user reviews the
 * draft before anything is written (`doubts: "warn"`), the doubt becomes a warning shown on the
 * redline; when nobody reviews it (plan mode, edits on Always) it refuses, as a refusal beats a
 * wrong write. Everything else above refuses either way.
 */
import type { EditOperation } from "../log/events";
import { dropLeadingChatter, dropTrailingChatter, lineSet, unwrapMarkers } from "./chatter";
import { asksToEmpty, lostOrRepeated } from "./modify-checks";
import { splitFrontmatter } from "./text-format";
import { unwrapFence } from "./wrapper";

export type ApplyRefusal = "truncated" | "implausible" | "empty" | "unclear";

/** How a refusal names the apply model's text (executeEdit's content is "The content"). */
export const APPLY_OUTPUT = "The apply model's output";

/** What a heuristic's doubt does: refuse the text (nobody reviews it), or warn the user who does. */
export type Doubts = "refuse" | "warn";

export type ValidatedOutput =
	| {
			ok: true;
			text: string;
			/** What was stripped, for the result's data. */
			stripped: string[];
			/** Doubts worded for the user who reviews the draft (only with `doubts: "warn"`). */
			warnings?: string[];
	  }
	| { ok: false; reason: ApplyRefusal; message: string };

export interface ApplyOutput {
	raw: string;
	/** The stream's finish_reason; only "stop" is a clean end (undefined: the stream never said). */
	finishReason: string | undefined;
	/** The note (or section) the model was asked to change; "" for create. */
	original: string;
	operation: EditOperation;
	/** The intent's description: it decides whether a modify may empty, shorten or repeat. */
	description: string;
	/** Default "refuse". */
	doubts?: Doubts;
}

/** Below this many non-blank lines a note is too small for the "drops half" rule to mean much. */
export const PLAUSIBILITY_MIN_LINES = 6;

export function validateApplyOutput(output: ApplyOutput): ValidatedOutput {
	const unfinished = unfinishedReason(output.finishReason);
	if (unfinished) return { ok: false, reason: "truncated", message: unfinished };
	const stripped: string[] = [];
	const originalLines = output.original.split("\n");
	const original = lineSet(output.original);
	let lines = output.raw.replace(/\r\n/g, "\n").split("\n");

	lines = dropTrailingChatter(dropLeadingChatter(lines, original, stripped), original, stripped);
	const unwrapped = unwrapFence(lines, originalLines);
	if (unwrapped.kind === "unclosed") {
		return {
			ok: false,
			reason: "truncated",
			message: "The apply model's output ends inside a code fence that was never closed: it was cut off.",
		};
	}
	if (unwrapped.kind === "unclear") return { ok: false, reason: "unclear", message: unwrapped.message };
	if (unwrapped.kind === "unwrapped") {
		stripped.push("code fence");
		lines = unwrapped.lines;
	}
	lines = unwrapMarkers(lines, original, stripped);

	const text = lines.join("\n");
	if (openFenceAtEnd(text) && !openFenceAtEnd(output.original)) {
		return {
			ok: false,
			reason: "truncated",
			message: "The apply model's output ends inside a code block that the note closes: it was cut off.",
		};
	}
	if (showsNothing(text)) {
		const empty =
			output.operation === "modify"
				? emptiedModify(output.original, output.description, output.raw)
				: "The apply model returned nothing. Nothing was written.";
		if (empty) return { ok: false, reason: "empty", message: empty };
		return { ok: true, text: "", stripped };
	}
	if (output.operation === "modify") {
		const warn = output.doubts === "warn";
		const why =
			(warn ? undefined : implausibleModify(output.original, text, APPLY_OUTPUT)) ??
			lostOrRepeated(output.original, text, output.description, APPLY_OUTPUT);
		if (why) return { ok: false, reason: "implausible", message: why };
		const warning = warn ? fragmentWarning(output.original, text) : undefined;
		if (warning) return { ok: true, text, stripped, warnings: [warning] };
	}
	return { ok: true, text, stripped };
}

/**
 * The modify rules for a whole new text from any model (the apply model's, or executeEdit's
 * content): not emptied, not cut to a fragment, nothing dropped or repeated, unless the
 * description asks for it. Undefined when the text passes. `subject` names the text in the
 * message (executeEdit's is "The content").
 */
export function modifyRefusal(
	original: string,
	proposed: string,
	description: string,
	subject = APPLY_OUTPUT,
	/**
	 * Whether a text that keeps less than half of the note is refused as a fragment. Edit blocks
	 * are not: each block states the lines it removes, so a big removal there is what was asked.
	 * A draft the user reviews is not either: its caller warns instead (fragmentWarning).
	 */
	doubtFragments = true,
): { reason: ApplyRefusal; message: string } | undefined {
	if (showsNothing(proposed)) {
		const empty = emptiedModify(original, description, proposed);
		return empty ? { reason: "empty", message: empty } : undefined;
	}
	const fragment = doubtFragments ? implausibleModify(original, proposed, subject) : undefined;
	const why = fragment ?? lostOrRepeated(original, proposed, description, subject);
	return why ? { reason: "implausible", message: why } : undefined;
}

/** Why output that ended this way is not the whole answer, or undefined for a clean stop (edit blocks use it too). */
export function unfinishedReason(finishReason: string | undefined): string | undefined {
	if (finishReason === "stop") return undefined;
	if (finishReason === "length") return "The apply model's output was cut off (it hit its output limit).";
	if (finishReason === "content_filter")
		return "The apply model's output was stopped by the provider's content filter (finish reason content_filter), so its end is missing.";
	if (finishReason === undefined || finishReason === "")
		return "The apply model's output ended without a finish reason, so it may be cut off.";
	return `The apply model's output ended with finish reason ${JSON.stringify(finishReason)} instead of a clean stop, so it may be incomplete.`;
}

/** A modify may empty only an empty note, or one whose intent asks for exactly that. */
function emptiedModify(original: string, description: string, raw: string): string | undefined {
	if (showsNothing(original) || asksToEmpty(description)) return undefined;
	const said =
		raw.trim() === ""
			? "nothing"
			: showsNothing(raw)
				? `only ${invisibleWords(raw)}`
				: `only ${JSON.stringify(raw.trim().slice(0, 80))}`;
	return `The output is ${said} instead of the note, and the change does not ask to empty it. Nothing was written.`;
}

/**
 * Text a person would see as empty: whitespace and characters that do not show (zero-width
 * spaces and joiners, bidi marks, other format characters). JavaScript's trim() keeps U+200B, so
 * a note replaced by one would look blank and pass every rule about emptying.
 */
export function showsNothing(text: string): boolean {
	return INVISIBLE_ONLY.test(text);
}

const INVISIBLE_ONLY = /^[\s\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}]*$/u;

/** "invisible characters (U+200B)": what a text that shows nothing (and is not blank) holds, for a refusal. */
export function invisibleWords(text: string): string {
	const codes = [
		...new Set(
			[...text]
				.filter((char) => char.trim() !== "")
				.map((char) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`),
		),
	];
	return `invisible characters (${codes.slice(0, 3).join(", ")})`;
}

/** How much of the note a new text keeps: non-blank lines, and characters without the whitespace around. */
interface Kept {
	before: number;
	after: number;
	beforeChars: number;
	afterChars: number;
}

/**
 * A `modify` keeps most of the note: losing more than half of its non-blank lines or of its
 * characters suggests the model returned a fragment or a summary, not the whole note. Undefined
 * when the text keeps enough (or the note is too small for the rule to mean much).
 */
function keptTooLittle(fullOriginal: string, proposed: string): Kept | undefined {
	// A dropped frontmatter block is restored afterwards (text-format.ts), so compare bodies then.
	const split = splitFrontmatter(fullOriginal);
	const original = split.frontmatter && !splitFrontmatter(proposed).frontmatter ? split.body : fullOriginal;
	const before = nonBlankLines(original);
	if (before < PLAUSIBILITY_MIN_LINES) return undefined;
	const after = nonBlankLines(proposed);
	const beforeChars = original.trim().length;
	const afterChars = proposed.trim().length;
	return after * 2 < before || afterChars * 2 < beforeChars ? { before, after, beforeChars, afterChars } : undefined;
}

/** The fragment rule as a refusal, for the model (nobody reviews the text before it is written). */
export function implausibleModify(fullOriginal: string, proposed: string, subject: string): string | undefined {
	const kept = keptTooLittle(fullOriginal, proposed);
	if (!kept) return undefined;
	const { before, after, beforeChars, afterChars } = kept;
	return (
		`${subject} keeps only ${after} of ${before} lines (${afterChars} of ${beforeChars} characters): ` +
		"too much was dropped for a modify, so it looks like a fragment rather than the whole note. Nothing was written. " +
		"If the removal is intended, declare a rewrite, or use executeEdit with edits."
	);
}

/**
 * The fragment rule as a warning, for the user who reviews the draft before it is written: what
 * it removes, in their terms. Undefined when the text keeps enough.
 */
export function fragmentWarning(fullOriginal: string, proposed: string): string | undefined {
	const kept = keptTooLittle(fullOriginal, proposed);
	if (!kept) return undefined;
	const { before, after, beforeChars, afterChars } = kept;
	const removes =
		after * 2 < before
			? `removes ${before - after} of the note's ${before} lines`
			: `removes ${Math.round((100 * (beforeChars - afterChars)) / beforeChars)}% of the note's text`;
	return `This draft ${removes}. Check that nothing you need is lost before you apply it.`;
}

function nonBlankLines(text: string): number {
	return text.split("\n").filter((line) => line.trim() !== "").length;
}

/** The text ends inside a fenced code block (an opening fence without its closing one). */
export function openFenceAtEnd(text: string): boolean {
	let open: string | null = null;
	for (const raw of text.split("\n")) {
		const line = raw.trim();
		const fence = /^(?:`{3,}|~{3,})/.exec(line);
		if (!fence) continue;
		const marker = fence[0];
		if (open === null) open = marker;
		else if (marker[0] === open[0] && marker.length >= open.length && line.length === marker.length) open = null;
	}
	return open !== null;
}
