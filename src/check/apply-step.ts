/**
 * Step 5, for the apply model: a `modify` of the fixed sample note (samples.ts) through the
 * composer's own apply phase (regenerate: the real prompt, edit blocks parsed and applied as they
 * stream, the modify rules, the whole-note retry when the blocks fail), and the note it makes
 * compared with the expected one. So what passes here is what an approved edit gets.
 *
 * Its speed is measured on the reply that made the change (the edit blocks, or the whole note)
 * and turned into the time a 2,000-token note takes to come back whole (what a rewrite, a create
 * and the whole-note retry generate); in the Edits format the change itself took what it took,
 * whatever the note's length. When the format in use fails and the other works, switching is the
 * fix, offered as one setting.
 */
import type { AIMessageChunk } from "@langchain/core/messages";
import { IterableReadableStream } from "@langchain/core/utils/stream";
import type { EditBlocksRetryReason } from "../composer/edit-blocks-generate";
import { regenerate, type ApplyModels, type RegenerateOutcome } from "../composer/regenerate";
import type { ApplyRefusal } from "../composer/validate";
import type { ChatModel } from "../llm/chat-model";
import type { ApplyFormat, ModelEndpoint } from "../settings";
import { describeError, seconds, withDeadline, type Transport } from "./http";
import { checkModel, type StreamedChunk } from "./model-call";
import type { CheckStep } from "./report";
import { APPLY_SAMPLE } from "./samples";
import { measureReply, secondsFor, speedFigure, type ReplySpeed } from "./speed";

/** The note the estimate is for. */
const NOTE_TOKENS = 2_000;
/** Longer than these, an edit keeps the user waiting (a note) or is too slow to be useful (a failure). */
const SLOW_SECONDS = 30;
const TOO_SLOW_SECONDS = 120;

const TITLES: Record<ApplyFormat, string> = { edits: "Apply (edit blocks)", whole: "Apply (whole note)" };

/** What went wrong with edit blocks, as the figure says it and as the cause explains it. */
const BLOCK_FAILURES: Record<EditBlocksRetryReason | "different", { figure: string; cause: string }> = {
	"no-blocks": { figure: "no edit blocks", cause: "it answered without edit blocks" },
	malformed: { figure: "malformed edit blocks", cause: "its edit blocks are malformed" },
	"cut-off": { figure: "cut-off edit blocks", cause: "its edit blocks were cut off" },
	"not-applying": {
		figure: "edit blocks that do not apply",
		cause: "the SEARCH lines of its edit blocks are not in the note",
	},
	different: {
		figure: "edit blocks that make a different change",
		cause: "its edit blocks applied but did not make the change asked for",
	},
};

/** One apply model reply, timed: when it was asked for and when each chunk came. */
interface TimedCall {
	startedAt: number;
	chunks: StreamedChunk[];
}

/** One edit of the sample in one format: the composer's outcome and the replies it took. */
interface Attempt {
	format: ApplyFormat;
	outcome: RegenerateOutcome;
	calls: TimedCall[];
	/** Set when the check's deadline (not the model) ended it. */
	deadline?: string;
}

export async function checkApply(
	transport: Transport,
	endpoint: ModelEndpoint,
	apiKey: string | undefined,
	format: ApplyFormat,
): Promise<CheckStep> {
	const title = TITLES[format];
	const first = await attempt(transport, endpoint, apiKey, format);
	if (first.deadline)
		return {
			id: "apply-edit",
			title,
			status: "fail",
			figure: "no change made",
			cause: `The apply model did not finish the sample edit: ${first.deadline}. It is too slow to be useful.`,
			fix: FASTER,
		};
	if (!first.outcome.ok && first.outcome.reason === "model-error")
		return {
			id: "apply-edit",
			title,
			status: "fail",
			figure: "no reply",
			cause: first.outcome.message,
			fix: "See the endpoint and streaming steps.",
		};
	if (works(first)) return timedPass(first, title);
	if (format === "edits") {
		// The composer's own whole-note retry, when it ran, is the whole-note attempt.
		const blocks = blocksFailure(first);
		const whole = first.outcome.fallback ? first : await attempt(transport, endpoint, apiKey, "whole");
		const head = `This model does not write edit blocks reliably: ${blocks.cause}${excerpt(first.calls[0])}.`;
		if (!madeTheChange(whole))
			return {
				id: "apply-edit",
				title,
				status: "fail",
				figure: `${blocks.figure}; the whole note did not come back right either`,
				cause: `${head} As a whole note: ${wholeFailure(whole)}.`,
				fix: ANOTHER,
			};
		return {
			id: "apply-edit",
			title,
			status: "fail",
			figure: `${blocks.figure}; the whole-note retry made the change`,
			cause: `${head} Each edit would try them first, then retry with the whole note; as whole notes, ${estimate(speedOf(whole.calls.at(-1)), "the whole-note retry")}.`,
			fix: "Set Apply format to Whole note (Redline settings), then check again.",
			action: { kind: "set-apply-format", format: "whole" },
		};
	}
	const head = `The apply model did not return the note with the change: ${wholeFailure(first)}.`;
	const blocks = await attempt(transport, endpoint, apiKey, "edits");
	if (!works(blocks))
		return {
			id: "apply-edit",
			title,
			status: "fail",
			figure: "a wrong or refused note; edit blocks did not work either",
			cause: `${head} As edit blocks: ${blocksFailure(blocks).cause}.`,
			fix: ANOTHER,
		};
	return {
		id: "apply-edit",
		title,
		status: "fail",
		figure: "a wrong or refused note; edit blocks made the change",
		cause: `${head} As edit blocks it works (${seconds(speedOf(blocks.calls[0]).totalMs)} for the sample).`,
		fix: "Set Apply format to Edits (Redline settings), then check again.",
		action: { kind: "set-apply-format", format: "edits" },
	};
}

const FASTER =
	"Choose a faster apply model: it only writes the change the main model declared, so a small, fast model (a hosted mini model, or a smaller local one) is the right one.";
const ANOTHER =
	"Choose another apply model (Redline settings, Apply model): this one cannot make a small, exact change to a note.";

/** The composer made the expected note (its outcome is the note it would write). */
function madeTheChange(made: Attempt): boolean {
	return !made.deadline && made.outcome.ok && made.outcome.text === APPLY_SAMPLE.expected;
}

/** The format asked for made the change (edit blocks: without the whole-note retry). */
function works(made: Attempt): boolean {
	return madeTheChange(made) && !(made.format === "edits" && made.outcome.fallback);
}

function timedPass(made: Attempt, title: string): CheckStep {
	const speed = speedOf(made.calls.at(-1));
	const wholeSeconds = secondsFor(speed, NOTE_TOKENS);
	const count = made.outcome.ok ? (made.outcome.editBlocks?.count ?? 0) : 0;
	const what =
		made.format === "edits"
			? `${count} edit block${count === 1 ? "" : "s"} made the change in ${seconds(speed.totalMs)}`
			: `the whole note came back with the change in ${seconds(speed.totalMs)}`;
	const figure =
		made.format === "edits"
			? `${what}; written whole, ${estimate(speed, "the edit blocks")}`
			: `${what}; ${estimate(speed, "the whole note")}`;
	// What an edit waits for: in the Edits format the change itself, otherwise the whole note.
	const waited = made.format === "edits" ? speed.totalMs / 1000 : wholeSeconds;
	if (waited > TOO_SLOW_SECONDS)
		return {
			id: "apply-edit",
			title,
			status: "fail",
			figure,
			cause: `The apply model is too slow to be useful: ${made.format === "edits" ? `a small change took ${Math.round(waited)} s` : `an edit of a 2,000-token note would take about ${Math.round(waited)} s`}.`,
			fix: FASTER,
		};
	if (waited > SLOW_SECONDS)
		return {
			id: "apply-edit",
			title,
			status: "warn",
			figure,
			cause: "The apply model is slow: each edit will take a while.",
			fix: FASTER,
		};
	if (made.format === "edits" && wholeSeconds > TOO_SLOW_SECONDS) {
		return {
			id: "apply-edit",
			title,
			status: "warn",
			figure,
			cause: `Changes are quick as edit blocks, but a rewrite, a new note and the whole-note retry of a 2,000-token note would take about ${Math.round(wholeSeconds)} s.`,
			fix: FASTER,
		};
	}
	return { id: "apply-edit", title, status: "pass", figure };
}

/** "a 2,000-token note takes about 42 s (measured on the edit blocks: first token after 0.30 s, 48 tokens/s)" */
function estimate(speed: ReplySpeed, measuredOn: string): string {
	return `a 2,000-token note takes about ${Math.max(1, Math.round(secondsFor(speed, NOTE_TOKENS)))} s (measured on ${measuredOn}: ${speedFigure(speed)})`;
}

/** Why the apply validation refused a note (what the composer's message tells the main model, in the user's words). */
const REFUSALS: Record<ApplyRefusal | "too-large" | "aborted" | "model-error", string> = {
	truncated: "the note came back cut off",
	implausible: "the note came back with lines of it dropped or repeated",
	empty: "the note came back empty",
	unclear: "the note came back wrapped in a way Redline cannot read",
	"too-large": "the note is too large",
	aborted: "it was stopped",
	"model-error": "the model failed",
};

/** What was wrong with the edit blocks of an Edits attempt that did not work. */
function blocksFailure(made: Attempt): { figure: string; cause: string } {
	if (made.deadline) return { figure: "no change made", cause: `they did not finish: ${made.deadline}` };
	const outcome = made.outcome;
	if (outcome.fallback) return BLOCK_FAILURES[outcome.fallback];
	if (outcome.ok) return BLOCK_FAILURES.different;
	// Refused by the apply validation's modify rules (emptied, cut to a fragment, lines dropped).
	return { figure: "refused edit blocks", cause: `they applied, but ${REFUSALS[outcome.reason]}` };
}

/** What was wrong with the whole note an attempt (or the composer's whole-note retry) came back with. */
function wholeFailure(made: Attempt): string {
	if (made.deadline) return `it did not finish: ${made.deadline}`;
	if (made.outcome.ok) return "it returned the note with a different change than the one asked for";
	return REFUSALS[made.outcome.reason];
}

/** ` (it wrote "…")`: the start of the reply, so the user sees what the model made of the format. */
function excerpt(call: TimedCall | undefined): string {
	const text = call ? measureReply(call.chunks, call.startedAt).text.trim() : "";
	if (text === "") return " (it wrote nothing)";
	return ` (it wrote ${JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)})`;
}

function speedOf(call: TimedCall | undefined): ReplySpeed {
	return call ? measureReply(call.chunks, call.startedAt) : { text: "", outputTokens: 0, totalMs: 0 };
}

/** The sample edit in one format, by the composer, with a model whose replies are timed. */
async function attempt(
	transport: Transport,
	endpoint: ModelEndpoint,
	apiKey: string | undefined,
	format: ApplyFormat,
): Promise<Attempt> {
	const calls: TimedCall[] = [];
	const model = timed(checkModel(transport, endpoint, apiKey), transport.now, calls);
	const models: ApplyModels = {
		apply: () => model,
		applySupportsPrediction: () => endpoint.supportsPredictedOutputs === true,
	};
	let deadline: string | undefined;
	const outcome = await withDeadline(transport, async (signal) => {
		const result = await regenerate({
			models,
			path: APPLY_SAMPLE.path,
			operation: "modify",
			description: APPLY_SAMPLE.description,
			note: APPLY_SAMPLE.note,
			format,
			signal,
			progress: () => undefined,
			// Check connection belongs to no chat: its calls count against no thread's budget.
			usage: () => undefined,
		});
		if (!result.ok && result.reason === "aborted") deadline = describeError(signal.reason);
		return result;
	});
	return { format, outcome, calls, ...(deadline === undefined ? {} : { deadline }) };
}

/**
 * The model, its replies timed. The check owns this instance (made for this one attempt), so its
 * `stream` is wrapped in place: the composer calls it exactly as the agent's apply phase does.
 */
function timed(model: ChatModel, now: () => number, calls: TimedCall[]): ChatModel {
	const stream = model.stream.bind(model);
	model.stream = async (input, options) => {
		const call: TimedCall = { startedAt: now(), chunks: [] };
		calls.push(call);
		return IterableReadableStream.fromAsyncGenerator(recorded(await stream(input, options), call, now));
	};
	return model;
}

async function* recorded(
	source: AsyncIterable<AIMessageChunk>,
	call: TimedCall,
	now: () => number,
): AsyncGenerator<AIMessageChunk> {
	for await (const chunk of source) {
		call.chunks.push({ chunk, at: now() });
		yield chunk;
	}
}
