/**
 * What each piece of a transcript costs, in the token estimate's units: one definition shared by
 * the fitting (context-budget.ts) and the meter's breakdown (context-parts.ts), so the meter
 * shows the numbers that decide compaction, not a second estimate.
 */
import type { CallEntry, Entry, ModelThread } from "./transcript";
import { objectArgs, replayedReasoning, resultContent, userContent } from "./transcript";
import { estimateTextTokens, MESSAGE_OVERHEAD_TOKENS } from "./token-estimate";

// A result is estimated once: the log keeps the same object for the thread's life, and long
// threads are mostly results (a 60 KB read is re-sent on every step until it is elided).
const resultTokens = new WeakMap<object, number>();

export function fullResultTokens(call: CallEntry): number {
	const result = call.result;
	if (result === undefined) return MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(resultContent(call, false));
	let tokens = resultTokens.get(result);
	if (tokens === undefined) {
		tokens = MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(result.message);
		resultTokens.set(result, tokens);
	}
	return tokens;
}

/** Tokens of an entry's own message (an assistant's text and calls; results are counted apart). */
export function entryCost(entry: Entry): number {
	if (entry.kind === "user")
		return (
			MESSAGE_OVERHEAD_TOKENS +
			estimateTextTokens(userContent(entry.content, entry.pinned, entry.chips, entry.selection))
		);
	let cost = MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(entry.text + (replayedReasoning(entry) ?? ""));
	for (const call of entry.calls)
		cost +=
			MESSAGE_OVERHEAD_TOKENS +
			estimateTextTokens(`${call.callId}${call.tool}${JSON.stringify(objectArgs(call.args))}`);
	return cost;
}

/** Tokens of a result shown as its one-line stub. */
export function stubTokens(call: CallEntry): number {
	return MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(resultContent(call, true));
}

/** The calls whose results are the latest reads of notes pinned now (never elided). */
export function pinnedCalls(thread: ModelThread): ReadonlySet<CallEntry> {
	return new Set(thread.pinnedReads.map((read) => read.call));
}
