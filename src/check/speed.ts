/**
 * A streamed reply's speed: the time to its first token and the rate after it (the provider's own
 * count of output tokens when it reports usage, else Redline's estimate). The streaming step and
 * the apply step measure their replies the same way, so their figures compare.
 */
import { estimateTextTokens } from "../agent/token-estimate";
import { seconds } from "./http";
import { chunkText, type StreamedChunk } from "./model-call";

export interface ReplySpeed {
	/** The reply's text (reasoning included: a thinking model's first tokens are reasoning). */
	text: string;
	/** Undefined when nothing but empty chunks came. */
	firstTokenMs?: number;
	/** Undefined when the reply arrived in one piece (Obsidian request, or a buffering proxy). */
	tokensPerSecond?: number;
	outputTokens: number;
	/** From the request to the last piece of text. */
	totalMs: number;
}

export function measureReply(chunks: readonly StreamedChunk[], startedAt: number): ReplySpeed {
	let text = "";
	let first: number | undefined;
	let last = startedAt;
	let pieces = 0;
	let reported: number | undefined;
	for (const { chunk, at } of chunks) {
		const { answer, reasoning } = chunkText(chunk);
		if (answer !== "" || reasoning !== "") {
			first ??= at;
			last = at;
			pieces++;
			text += reasoning + answer;
		}
		if (chunk.usage_metadata?.output_tokens) reported = chunk.usage_metadata.output_tokens;
	}
	const outputTokens = reported ?? estimateTextTokens(text);
	const totalMs = last - startedAt;
	if (first === undefined) return { text, outputTokens, totalMs };
	const spanMs = last - first;
	const streamed = pieces >= 2 && spanMs > 0;
	return {
		text,
		firstTokenMs: first - startedAt,
		outputTokens,
		totalMs,
		...(streamed ? { tokensPerSecond: Math.max(0, outputTokens - 1) / (spanMs / 1000) } : {}),
	};
}

/**
 * About how long a reply of `tokens` tokens takes at this speed: the first token's wait plus the
 * rest at the measured rate; a reply that came whole is scaled by its own time per token.
 */
export function secondsFor(speed: ReplySpeed, tokens: number): number {
	if (speed.tokensPerSecond !== undefined && speed.tokensPerSecond > 0 && speed.firstTokenMs !== undefined)
		return (speed.firstTokenMs + (Math.max(0, tokens - 1) / speed.tokensPerSecond) * 1000) / 1000;
	return (speed.totalMs * Math.max(1, tokens)) / Math.max(1, speed.outputTokens) / 1000;
}

/** "first token after 0.3 s, 48 tokens/s", or the whole reply's time when it came in one piece. */
export function speedFigure(speed: ReplySpeed): string {
	if (speed.tokensPerSecond === undefined)
		return `${speed.outputTokens} tokens in one piece after ${seconds(speed.totalMs)}`;
	return `first token after ${seconds(speed.firstTokenMs ?? 0)}, ${speed.tokensPerSecond.toFixed(0)} tokens/s`;
}
