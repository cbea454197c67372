/**
 * Fits the transcript into a token budget, cheapest measure first: old tool results become a
 * one-line stub that says how to fetch them again (oldest first, only as many as needed); then,
 * when even that is not enough and no summary helped, results of earlier steps of the current
 * turn; and last, whole oldest turns are left out with a note. The current turn's newest results,
 * its user message, calls that have not run and the latest read of each pinned note (transcript.ts)
 * are never touched: they are fixed cost. Costs are computed once per
 * piece with the same estimate that is recorded for calibration, so fitting is linear in the
 * thread and cheap enough to run before every model call.
 */
import type { BaseMessage } from "@langchain/core/messages";
import type { Entry, ModelThread } from "./transcript";
import { entryCost, fullResultTokens, pinnedCalls } from "./context-costs";
import { renderTranscript, resultContent, systemContent } from "./transcript";
import { measureParts } from "./context-parts";
import type { TranscriptParts } from "./context-parts";
import { estimateTextTokens, MESSAGE_OVERHEAD_TOKENS } from "./token-estimate";

/** Tools whose result the model can fetch again by repeating the call, so it may be elided. */
export const REFETCHABLE_TOOLS: ReadonlySet<string> = new Set(["readNote", "searchNotes", "listNotes", "findNotes"]);

export interface FitOptions {
	/** Tokens (in the estimate's units) the messages may take; undefined: no limit. */
	budget: number | undefined;
	/** The standing instructions as they stand in the system prompt, for the meter's breakdown only. */
	instructions?: string;
	/** After compaction could not help: also elide the current turn's earlier results, then omit turns. */
	lastResort?: boolean;
	refetchable?: ReadonlySet<string>;
}

export interface FittedTranscript {
	messages: BaseMessage[];
	/** Estimated tokens of the messages (uncalibrated). */
	tokens: number;
	fits: boolean;
	elided: number;
	omitted: number;
	/** Estimated tokens with every elidable result elided: what compaction can still reduce. */
	minimalTokens: number;
	/** What the tokens are spent on (context-parts.ts); the parts add up to `tokens`. */
	parts: TranscriptParts;
}

interface Piece {
	/** Index of the entry in the thread. */
	entry: number;
	callId: string;
	full: number;
	stub: number;
}

const PRIMING_TOKENS = 3;

export function fitTranscript(systemPrompt: string, thread: ModelThread, options: FitOptions): FittedTranscript {
	const refetchable = options.refetchable ?? REFETCHABLE_TOOLS;
	const entries = thread.entries;
	const currentTurn = lastUserIndex(entries);
	const lastStep = entries.length - 1;
	const costs = entries.map((entry) => entryCost(entry));
	const pinned = pinnedCalls(thread);
	const system = MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(systemContent(systemPrompt, thread));
	const old: Piece[] = [];
	const current: Piece[] = [];
	let total = PRIMING_TOKENS + system;
	entries.forEach((entry, index) => {
		total += costs[index];
		if (entry.kind !== "assistant") return;
		for (const call of entry.calls) {
			const full = fullResultTokens(call);
			total += full;
			if (call.result === undefined || !refetchable.has(call.tool) || pinned.has(call)) continue;
			const stub = MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(resultContent(call, true));
			if (full <= stub) continue;
			const piece = { entry: index, callId: call.callId, full, stub };
			if (index < currentTurn) old.push(piece);
			else if (index < lastStep) current.push(piece);
		}
	});
	const minimalTokens = total - old.reduce((sum, piece) => sum + piece.full - piece.stub, 0);
	const budget = options.budget;
	const elided = new Set<string>();
	const elide = (pieces: Piece[]): void => {
		for (const piece of pieces) {
			if (budget === undefined || total <= budget) return;
			elided.add(piece.callId);
			total -= piece.full - piece.stub;
		}
	};
	elide(old);
	let omitted = 0;
	if (options.lastResort && budget !== undefined && total > budget) {
		elide(current);
		({ omitted, total } = omitOldestTurns(
			entries,
			thread,
			costs,
			elided,
			total,
			budget,
			currentTurn,
			systemPrompt,
			system,
		));
	}
	return {
		messages: renderTranscript(systemPrompt, thread, { elided, omitted }),
		tokens: total,
		parts: measureParts(systemPrompt, thread, { elided, omitted, instructions: options.instructions }),
		fits: budget === undefined || total <= budget,
		elided: elided.size,
		omitted,
		minimalTokens,
	};
}

/** Leaves out whole turns from the oldest on (never the current one) until the rest fits. */
function omitOldestTurns(
	entries: Entry[],
	thread: ModelThread,
	costs: number[],
	elided: Set<string>,
	total: number,
	budget: number,
	currentTurn: number,
	systemPrompt: string,
	system: number,
): { omitted: number; total: number } {
	let omitted = 0;
	let removed = 0;
	let index = 0;
	while (index < currentTurn && total - removed > budget) {
		// One turn: the entry at index and the assistant entries after it, up to the next user entry.
		let end = index + 1;
		while (end < currentTurn && entries[end].kind !== "user") end++;
		for (let i = index; i < end; i++) {
			removed += costs[i];
			const entry = entries[i];
			if (entry.kind === "assistant") {
				for (const call of entry.calls) {
					removed += elided.has(call.callId)
						? MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(resultContent(call, true))
						: fullResultTokens(call);
				}
			}
		}
		omitted = end;
		index = end;
	}
	if (omitted === 0) return { omitted, total };
	const note = MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(systemContent(systemPrompt, thread, omitted));
	return { omitted, total: total - removed - system + note };
}

/** One user message and the replies after it, with what they cost with every elidable result elided. */
export interface TurnSpan {
	/** Entries start..end-1 of the thread. */
	start: number;
	end: number;
	minimalTokens: number;
	/** A call in it has no result yet (it may still run): such a turn is never compacted. */
	unfinished: boolean;
}

export function turnSpans(thread: ModelThread, refetchable: ReadonlySet<string> = REFETCHABLE_TOOLS): TurnSpan[] {
	const spans: TurnSpan[] = [];
	const pinned = pinnedCalls(thread);
	thread.entries.forEach((entry, index) => {
		let span = spans[spans.length - 1];
		if (!span || entry.kind === "user") {
			span = { start: index, end: index, minimalTokens: 0, unfinished: false };
			spans.push(span);
		}
		span.end = index + 1;
		span.minimalTokens += entryCost(entry);
		if (entry.kind !== "assistant") return;
		for (const call of entry.calls) {
			if (call.result === undefined) span.unfinished = true;
			// A pinned note's read stays wherever its turn goes: no summary replaces it.
			if (pinned.has(call)) continue;
			const elidable = call.result !== undefined && refetchable.has(call.tool);
			const full = fullResultTokens(call);
			span.minimalTokens += elidable
				? Math.min(full, MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(resultContent(call, true)))
				: full;
		}
	});
	return spans;
}

function lastUserIndex(entries: readonly Entry[]): number {
	for (let i = entries.length - 1; i >= 0; i--) if (entries[i].kind === "user") return i;
	return 0;
}
