/**
 * Compaction: the oldest turns of a thread are replaced, for the model only, by a summary the
 * apply model writes; the log keeps every event and the pane still shows them. The plan keeps
 * the current turn and as many recent turns as fit a share of the budget, and never cuts into a
 * turn whose calls have not all run (their results would arrive after the summary). The summary
 * folds in the previous one, so one context_compacted always covers the thread from its start.
 * The summary is model output: an empty one, or one no shorter than what it replaces, is refused.
 * The summariser is told which edits the user reverted or restored (the edits' results alone
 * say "Edited…"), so the summary keeps which stand; the system message tells those facts anyway.
 */
import type { BaseMessage } from "@langchain/core/messages";
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { ModelUsage, NewEvent } from "../log/events";
import { turnSpans } from "./context-budget";
import type { Entry, ModelThread } from "./transcript";
import { editFateFact } from "./edit-fates";
import { estimateTextTokens, MESSAGE_OVERHEAD_TOKENS } from "./token-estimate";

export interface CompactionPlan {
	fromSeq: number;
	toSeq: number;
	/** The summaries in effect, folded into the new one. */
	previous: string[];
	entries: Entry[];
	/** What became of the thread's edits (reverted, restored), as facts, in order. */
	facts: string[];
	/** What the replaced part costs in the transcript now (its summaries and entries, elided). */
	tokens: number;
}

/** Why a summary was not used; the thread carries on with elision. */
export class SummaryRefused extends Error {
	constructor(message: string) {
		super(message);
		this.name = "SummaryRefused";
	}
}

/**
 * The turns to summarise: all but the current turn and the newest ones whose elided size fits
 * `keepTokens`. Null when nothing older than those is left.
 */
export function planCompaction(thread: ModelThread, keepTokens: number): CompactionPlan | null {
	const spans = turnSpans(thread);
	if (spans.length < 2) return null;
	let firstKept = spans.length - 1;
	let kept = 0;
	for (let i = spans.length - 2; i >= 0; i--) {
		if (kept + spans[i].minimalTokens > keepTokens) break;
		kept += spans[i].minimalTokens;
		firstKept = i;
	}
	// A turn whose calls have not all run stays, and so does everything after it.
	const unfinished = spans.findIndex((span) => span.unfinished);
	if (unfinished >= 0 && unfinished < firstKept) firstKept = unfinished;
	if (firstKept === 0) return null;
	const entries = thread.entries.slice(0, spans[firstKept].start);
	const previous = thread.compactions.map((c) => c.summary);
	const tokens =
		spans.slice(0, firstKept).reduce((sum, span) => sum + span.minimalTokens, 0) +
		previous.reduce((sum, summary) => sum + estimateTextTokens(summary), 0);
	const firstSeq = Math.min(entries[0].seq, ...thread.compactions.map((c) => c.fromSeq));
	const facts = thread.editFates.map(editFateFact);
	return { fromSeq: firstSeq, toSeq: thread.entries[spans[firstKept].start].seq - 1, previous, entries, facts, tokens };
}

/** Asks the model for one reply's answer text (the apply model, streamed and joined, its reasoning split off as it streamed). */
export type AskModel = (messages: BaseMessage[]) => Promise<string>;

export interface SummaryLimits {
	/** Tokens of conversation sent per summary request (the apply model's window, less room). */
	chunkTokens: number;
	/** About how long the summary may be, in tokens. */
	summaryTokens: number;
}

/** Writes the summary, folding the plan's entries in chunks that fit the apply model. */
export async function writeSummary(plan: CompactionPlan, ask: AskModel, limits: SummaryLimits): Promise<string> {
	let summary = plan.previous.join("\n").trim();
	const lines = [...plan.entries.flatMap(describeEntry), ...plan.facts.map((fact) => `Later in the chat: ${fact}`)];
	for (const chunk of chunksOf(lines, limits.chunkTokens)) {
		summary = checkedSummary(await ask(summaryRequest(summary, chunk, limits.summaryTokens)), limits.summaryTokens);
	}
	if (estimateTextTokens(summary) >= plan.tokens)
		throw new SummaryRefused("the summary was not shorter than the messages it would replace");
	return summary;
}

/** `usage`: what the apply model spent writing the summary (issue 33). */
export function compactionEvent(
	plan: CompactionPlan,
	summary: string,
	calibration: number,
	usage?: ModelUsage,
): NewEvent {
	const saved = Math.round((plan.tokens - estimateTextTokens(summary) - MESSAGE_OVERHEAD_TOKENS) * calibration);
	return {
		type: "context_compacted",
		fromSeq: plan.fromSeq,
		toSeq: plan.toSeq,
		summary,
		...(saved > 0 ? { tokensSaved: saved } : {}),
		...(usage ? { usage } : {}),
	};
}

const RESULT_CHARS = 1200;

/** The conversation as plain lines for the summariser (long results cut: the gist is enough). */
function describeEntry(entry: Entry): string[] {
	if (entry.kind === "user") return [`User: ${entry.content}`];
	const lines = entry.text.trim() === "" ? [] : [`Assistant: ${entry.text.trim()}`];
	for (const call of entry.calls) {
		const result = call.result;
		const outcome = result === undefined ? "did not run" : `${result.status}: ${cut(result.message, RESULT_CHARS)}`;
		lines.push(`Assistant called ${call.tool} ${cut(JSON.stringify(call.args) ?? "", 300)} -> ${outcome}`);
	}
	return lines;
}

function chunksOf(lines: string[], chunkTokens: number): string[] {
	const chunks: string[] = [];
	let current = "";
	let tokens = 0;
	for (const raw of lines) {
		const line = cut(raw, chunkTokens * 3);
		const cost = estimateTextTokens(line) + 1;
		if (current !== "" && tokens + cost > chunkTokens) {
			chunks.push(current);
			current = "";
			tokens = 0;
		}
		current += (current === "" ? "" : "\n") + line;
		tokens += cost;
	}
	if (current !== "") chunks.push(current);
	return chunks;
}

/** How the summariser's instructions begin (scripted test servers tell summary requests by it). */
export const SUMMARY_INSTRUCTIONS = "You write the memory of a long chat between a user and Redline";

function summaryRequest(previous: string, chunk: string, summaryTokens: number): BaseMessage[] {
	const words = Math.max(100, Math.round(summaryTokens * 0.7));
	return [
		new SystemMessage(
			[
				`${SUMMARY_INSTRUCTIONS}, an assistant that reads and edits the notes of an Obsidian vault.`,
				"The oldest part of the chat no longer fits the assistant's context and will be replaced by your summary, so write what the assistant needs to carry on:",
				"what the user asked for and decided, preferences they stated, notes read (path and the facts that mattered), edits made (path, what changed; applied, skipped or reverted), questions answered, and anything unfinished.",
				`Markdown bullet points only, no preamble, at most about ${words} words. Keep paths exact. Do not add anything that is not in the chat.`,
			].join("\n"),
		),
		new HumanMessage(
			`${previous === "" ? "" : `Summary so far:\n${previous}\n\n`}Messages to add to the summary:\n${chunk}`,
		),
	];
}

function checkedSummary(text: string, summaryTokens: number): string {
	// The reasoning was split off as the reply streamed (AskModel): what is left is all summary.
	const summary = text.trim();
	if (summary === "") throw new SummaryRefused("the apply model returned an empty summary");
	if (estimateTextTokens(summary) > summaryTokens * 2)
		throw new SummaryRefused("the apply model's summary was far longer than asked");
	return summary;
}

function cut(text: string, max: number): string {
	return text.length > max ? `${text.slice(0, max)}…` : text;
}
