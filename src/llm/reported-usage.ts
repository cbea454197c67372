/**
 * The usage a provider reported for one request, as the LangChain client hands it over on a
 * stream chunk (issue 33). The shapes it absorbs, all OpenAI-compatible:
 * - OpenAI: `usage.prompt_tokens_details.cached_tokens` (LangChain: usage_metadata.input_token_details.cache_read);
 * - OpenRouter: the same, plus `usage.cost`, what the call cost in US dollars (raw, in response_metadata.usage);
 * - Ollama and llama.cpp: prompt and completion tokens only, possibly on the finish chunk itself;
 * - none at all (a server that ignores stream_options.include_usage): undefined, and Redline estimates.
 */
import type { AIMessageChunk } from "@langchain/core/messages";

export interface ReportedUsage {
	promptTokens: number;
	completionTokens: number;
	cachedTokens?: number;
	/** The provider's own figure in US dollars (OpenRouter). */
	costUsd?: number;
}

export function reportedUsage(chunk: AIMessageChunk): ReportedUsage | undefined {
	const usage = chunk.usage_metadata;
	if (!usage || !(usage.input_tokens > 0)) return undefined;
	const cached = usage.input_token_details?.cache_read;
	const raw = (chunk.response_metadata as { usage?: { cost?: unknown } } | undefined)?.usage;
	const cost = raw?.cost;
	return {
		promptTokens: usage.input_tokens,
		completionTokens: count(usage.output_tokens),
		...(typeof cached === "number" && cached > 0 ? { cachedTokens: Math.min(cached, usage.input_tokens) } : {}),
		...(typeof cost === "number" && Number.isFinite(cost) && cost >= 0 ? { costUsd: cost } : {}),
	};
}

function count(n: unknown): number {
	return typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : 0;
}
