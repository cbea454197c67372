/**
 * The context meter's breakdown of one request: what its tokens are spent on. It is measured
 * over the very transcript the budget fitted (the same elisions and omissions) with the same
 * per-piece costs (context-costs.ts), so the parts add up to the tokens that decided compaction.
 * Parts of the system message are estimated on their own and the system prompt is what remains,
 * so rounding never makes the sum drift from the whole.
 */
import { renderChips } from "./chip-context";
import { entryCost, fullResultTokens, pinnedCalls, stubTokens } from "./context-costs";
import type { ModelThread } from "./transcript";
import { resultContent, systemContent } from "./transcript";
import { estimateTextTokens, MESSAGE_OVERHEAD_TOKENS } from "./token-estimate";

/** Tokens by what they carry, in the estimate's units (tools are counted by the context manager). */
export interface TranscriptParts {
	system: number;
	instructions: number;
	pinned: number;
	conversation: number;
	toolResults: number;
}

export interface MeasureChoices {
	elided: ReadonlySet<string>;
	omitted: number;
	instructions?: string;
}

const PRIMING_TOKENS = 3;

export function measureParts(systemPrompt: string, thread: ModelThread, choices: MeasureChoices): TranscriptParts {
	const whole =
		PRIMING_TOKENS + MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(systemContent(systemPrompt, thread, choices.omitted));
	const instructions =
		choices.instructions && systemPrompt.includes(choices.instructions) ? estimateTextTokens(choices.instructions) : 0;
	let summaries = 0;
	for (const compaction of thread.compactions) summaries += estimateTextTokens(compaction.summary);
	const shown = thread.entries.slice(choices.omitted);
	let pinned = 0;
	for (const read of thread.pinnedReads)
		if (!shown.includes(read.entry)) pinned += estimateTextTokens(resultContent(read.call, false));
	const parts: TranscriptParts = {
		system: Math.max(0, whole - instructions - summaries - pinned),
		instructions,
		pinned,
		conversation: summaries,
		toolResults: 0,
	};
	const pinnedNow = pinnedCalls(thread);
	for (const entry of shown) {
		const cost = entryCost(entry);
		if (entry.kind === "user") {
			// What chips added counts with the pinned notes: it is context the user chose.
			const chips = Math.min(cost, estimateTextTokens(renderChips(entry.chips)));
			parts.pinned += chips;
			parts.conversation += cost - chips;
			continue;
		}
		parts.conversation += cost;
		for (const call of entry.calls) {
			if (pinnedNow.has(call)) parts.pinned += fullResultTokens(call);
			else parts.toolResults += choices.elided.has(call.callId) ? stubTokens(call) : fullResultTokens(call);
		}
	}
	return parts;
}

/** The sum of the parts. */
export function partsTotal(parts: TranscriptParts): number {
	return parts.system + parts.instructions + parts.pinned + parts.conversation + parts.toolResults;
}
