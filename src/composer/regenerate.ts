/**
 * Phase 2 of an edit: turn (note, intent) into the proposed new note with the apply model.
 * A `modify` in the Edits format (the default) asks for edit blocks (edit-blocks-generate.ts);
 * when they are missing, malformed, cut off or do not apply, it retries once in whole-note mode.
 * Whole-note mode (create, rewrite, the Whole note format and that retry): short notes go whole;
 * a note too long for the apply model's output limit is never sent whole (it would come back
 * truncated): only the sections the description names are regenerated (see sections.ts), or the
 * edit is refused with a hint to use search/replace `edits`.
 * `doubts: "warn"` (review before write): a whole note that keeps less than half of the old one
 * comes back with a warning for the reviewer instead of a refusal (validate.ts).
 * Progress: `generating` with the count of edit blocks applied so far (`changes`), or with a
 * fraction estimated from the text's length in whole-note mode; `retrying` for the retry.
 */
import type { ChatModel } from "../llm/chat-model";
import type { UsageSink } from "../llm/model-provider";
import type { ApplyFormat } from "../settings";
import type { EditOperation } from "../log/events";
import { callApplyModel } from "./apply";
import { generateEditBlocks } from "./edit-blocks-generate";
import type { EditBlocksRetryReason } from "./edit-blocks-generate";
import { sectionsNamedIn, splitSections } from "./sections";
import { lostThinkBlock } from "./think-block";
import type { Section } from "./sections";
import { validateApplyOutput } from "./validate";
import type { ApplyRefusal, Doubts } from "./validate";

/** The part of ModelProvider (src/llm) the composer needs. */
export interface ApplyModels {
	/** The apply model; `usage` is told what each of its calls spent (src/llm/metered-completions.ts). */
	apply(options: { usage: UsageSink }): ChatModel;
	applySupportsPrediction(): boolean;
}

/** A typical apply model's output limit (gpt-4.1-mini: 32k; most others: 16k). */
export const DEFAULT_MAX_OUTPUT_TOKENS = 16_000;
/** Rough characters per token for prose and Markdown (no tokenizer: it would bloat the bundle). */
export const CHARS_PER_TOKEN = 4;
/** Room for the edit to grow the text: a note above this share of the limit goes by sections. */
const HEADROOM = 0.8;
/** Progress events are logged; this keeps a long generation to about twenty of them. */
const PROGRESS_STEP = 0.05;

export interface RegenerateRequest {
	models: ApplyModels;
	maxOutputTokens?: number;
	path: string;
	operation: EditOperation;
	description: string;
	/** The current note as model text; "" for create. */
	note: string;
	/** How a modify comes back (default "edits"). */
	format?: ApplyFormat;
	signal: AbortSignal;
	progress(phase: string, fraction?: number, changes?: number): void;
	/** What the fragment rule does to a whole note (default "refuse"; "warn" when the user reviews it). */
	doubts?: Doubts;
	/** Told what each apply model call spent, failed and retried ones included (issue 33). */
	usage: UsageSink;
}

export type RegenerateOutcome =
	| {
			ok: true;
			text: string;
			stripped: string[];
			/** Headings regenerated when the note went by sections. */
			sections?: string[];
			/** Set when the change came as edit blocks: how many, and which needed the tolerant match. */
			editBlocks?: { count: number; tolerant: number[] };
			/** Set when edit blocks failed and the whole-note retry made the change. */
			fallback?: EditBlocksRetryReason;
			/** The validation's doubts, for the reviewer (only with `doubts: "warn"`). */
			warnings?: string[];
	  }
	| ({ ok: false } & RegenerateFailure);

/** Why no new text came: validation refused it, the note is too large, or the call failed or was stopped. */
export interface RegenerateFailure {
	reason: ApplyRefusal | "too-large" | "aborted" | "model-error";
	message: string;
	/** The refused output, for "view it". */
	output?: string;
	fallback?: EditBlocksRetryReason;
}

/**
 * Whether a failure's message already says that nothing was written: the validation's verdicts
 * (an emptied or implausible text: validate.ts, modify-checks.ts) and a failed or stopped model
 * call do; its diagnoses of a broken output (cut off, unclear) and the size limit do not.
 */
export const SAYS_NOTHING_WRITTEN: Readonly<Record<RegenerateFailure["reason"], boolean>> = {
	empty: true,
	implausible: true,
	"model-error": true,
	aborted: true,
	truncated: false,
	unclear: false,
	"too-large": false,
};

export async function regenerate(request: RegenerateRequest): Promise<RegenerateOutcome> {
	if (request.operation !== "modify" || (request.format ?? "edits") !== "edits" || request.note === "")
		return regenerateWhole(request, "generating");
	const blocks = await generateEditBlocks(request);
	if (blocks.ok)
		return {
			ok: true,
			text: blocks.text,
			stripped: [],
			editBlocks: { count: blocks.blocks, tolerant: blocks.tolerant },
		};
	if (!blocks.retry) return blocks;
	// One retry with the whole note (by sections for a long one); then a refusal, never a guess.
	const whole = await regenerateWhole(request, "retrying");
	if (whole.ok) return { ...whole, fallback: blocks.reason };
	return {
		...whole,
		fallback: blocks.reason,
		message: `The apply model's edit blocks failed (${blocks.message}), and so did the retry with the whole note: ${whole.message}`,
	};
}

async function regenerateWhole(request: RegenerateRequest, phase: string): Promise<RegenerateOutcome> {
	const limitChars = (request.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS) * CHARS_PER_TOKEN * HEADROOM;
	const note = request.note;
	if (request.operation === "create" || note.length <= limitChars) {
		const reporter = progressReporter(request, phase, request.operation === "create" ? undefined : note.length);
		const one = await generatePiece(request, note, undefined, reporter, true);
		return one.ok ? { ok: true, text: one.text, stripped: one.stripped, ...warned(one.warnings) } : one;
	}
	const tooLarge = `${request.path} is about ${Math.round(note.length / CHARS_PER_TOKEN)} tokens, more than the apply model can return (about ${Math.round(limitChars / CHARS_PER_TOKEN)} tokens)`;
	if (request.operation === "rewrite") {
		return {
			ok: false,
			reason: "too-large",
			message: `${tooLarge}: it is too large for a rewrite. Use executeEdit with search/replace edits for the parts to change.`,
		};
	}
	const named = sectionsNamedIn(request.description, splitSections(note));
	if (named.length === 0) {
		return {
			ok: false,
			reason: "too-large",
			message: `${tooLarge}, and the description names none of its headings. Use executeEdit with search/replace edits, or declare the intent again naming the section(s) to change by their heading.`,
		};
	}
	const oversized = named.find((s) => s.end - s.start > limitChars);
	if (oversized) {
		return {
			ok: false,
			reason: "too-large",
			message: `${tooLarge}, and its section "${oversized.heading ?? ""}" alone is too long to regenerate. Use executeEdit with search/replace edits.`,
		};
	}
	return regenerateSections(request, named, phase);
}

async function regenerateSections(
	request: RegenerateRequest,
	named: Section[],
	phase: string,
): Promise<RegenerateOutcome> {
	const note = request.note;
	const reporter = progressReporter(
		request,
		phase,
		named.reduce((sum, s) => sum + (s.end - s.start), 0),
	);
	let result = "";
	let cursor = 0;
	const stripped: string[] = [];
	for (const section of named) {
		const original = note.slice(section.start, section.end);
		const piece = await generatePiece(request, original, section.heading ?? "", reporter, false);
		if (!piece.ok) return piece;
		stripped.push(...piece.stripped);
		// Keep the blank lines that separated the section from the next heading.
		const gap = /\n*$/.exec(original)?.[0] ?? "";
		const body = piece.text.replace(/\n+$/, "");
		result += note.slice(cursor, section.start) + (body === "" ? "" : body + gap);
		cursor = section.end;
	}
	result += note.slice(cursor);
	// Every piece ended with a clean stop (checked above); the whole is checked against the whole note.
	const whole = validateApplyOutput({
		raw: result,
		finishReason: "stop",
		original: note,
		operation: request.operation,
		description: request.description,
		doubts: request.doubts,
	});
	if (!whole.ok) return { ...whole, output: result };
	return {
		ok: true,
		text: result,
		stripped: [...new Set(stripped)],
		sections: named.map((s) => s.heading ?? ""),
		...warned(whole.warnings),
	};
}

/** `warnings` when there are any, so an outcome without doubts carries no empty list. */
function warned(warnings: string[] | undefined): { warnings?: string[] } {
	return warnings && warnings.length > 0 ? { warnings } : {};
}

interface Reporter {
	/** Characters generated by earlier pieces. */
	done: number;
	report(generatedInPiece: number): void;
}

/** `phase` with fraction = generated / expected characters (capped at 0.99), throttled. */
function progressReporter(request: RegenerateRequest, phase: string, expectedChars: number | undefined): Reporter {
	let last = -1;
	const reporter: Reporter = {
		done: 0,
		report(generatedInPiece) {
			if (expectedChars === undefined || expectedChars === 0) {
				if (last === -1) request.progress(phase);
				last = 0;
				return;
			}
			const fraction = Math.min(0.99, (reporter.done + generatedInPiece) / expectedChars);
			if (last === -1 || fraction - last >= PROGRESS_STEP) {
				last = fraction;
				request.progress(phase, Math.round(fraction * 100) / 100);
			}
		},
	};
	reporter.report(0);
	return reporter;
}

type Piece =
	| { ok: true; text: string; stripped: string[]; warnings?: string[] }
	| { ok: false; reason: ApplyRefusal | "aborted" | "model-error"; message: string; output?: string };

async function generatePiece(
	request: RegenerateRequest,
	text: string,
	heading: string | undefined,
	reporter: Reporter,
	whole: boolean,
): Promise<Piece> {
	let generation;
	try {
		generation = await callApplyModel({
			model: request.models.apply({ usage: request.usage }),
			prediction: request.models.applySupportsPrediction(),
			path: request.path,
			operation: request.operation,
			description: request.description,
			text,
			...(heading === undefined ? {} : { section: { heading } }),
			signal: request.signal,
			onProgress: (chars) => reporter.report(chars),
		});
	} catch (error) {
		if (request.signal.aborted)
			return { ok: false, reason: "aborted", message: "Stopped before the apply model finished; nothing was written." };
		const detail = error instanceof Error ? error.message : String(error);
		return {
			ok: false,
			reason: "model-error",
			message: `The apply model failed: ${detail}. Nothing was written; the user can retry.`,
		};
	}
	reporter.done += text.length;
	// The note's own opening <think> block, taken for reasoning, is never dropped without a word.
	const lost = lostThinkBlock(text, request.description, generation);
	if (lost) return { ok: false, reason: "unclear", message: lost, output: generation.text };
	// A section may legitimately shrink to nothing; the "drops half" rule is checked on the
	// whole note once the sections are back in place.
	const operation = whole ? request.operation : "rewrite";
	const checked = validateApplyOutput({
		raw: generation.text,
		finishReason: generation.finishReason,
		original: text,
		operation,
		description: request.description,
		doubts: request.doubts,
	});
	if (!checked.ok && !(checked.reason === "empty" && !whole)) return { ...checked, output: generation.text };
	return checked.ok ? checked : { ok: true, text: "", stripped: [] };
}
