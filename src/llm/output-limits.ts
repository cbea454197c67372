/**
 * How many tokens one reply may have (`max_tokens`): the "Reply limit (tokens)" setting, else the
 * published output limit of a well-known model family, else 8,192; for the main model (and the
 * summaries of long chats) never more than half the room the context budget keeps for the reply
 * (replyReserve): providers such as OpenAI and vLLM refuse a prompt plus max_tokens past the
 * window, and the other half absorbs the token estimate's error. A model whose window Redline
 * does not know gets no max_tokens until it knows one (a guess could be refused by such a
 * server), unless the user set a limit; the apply model gets its family's limit or the setting.
 * Redline's own cap on what a reply may write (src/agent/model-step.ts) covers the rest.
 */
import type { ModelEndpoint } from "../settings";
import { contextWindowOf } from "./context-windows";

/** Smallest and largest value the setting accepts. */
export const MIN_OUTPUT_TOKENS = 256;
export const MAX_OUTPUT_TOKENS = 1_000_000;
/** For a model of no known family. */
export const DEFAULT_OUTPUT_TOKENS = 8192;

// First match wins (specific names first), matched as context-windows.ts matches: the last path
// segment, lower-cased, without an Ollama tag.
const FAMILIES: ReadonlyArray<readonly [RegExp, number]> = [
	[/^gpt-4\.1/, 32_768],
	[/^gpt-5/, 128_000],
	[/^gpt-4o/, 16_384],
	[/^gpt-4-turbo|^gpt-4-\d{4}-preview/, 4096],
	[/^gpt-4(?![.o\d])/, 4096],
	[/^gpt-3\.5-turbo/, 4096],
	[/^o1-mini/, 65_536],
	[/^o1-preview/, 32_768],
	[/^o[134](?:-mini|-pro)?(?:-|$)/, 100_000],
	[/^gpt-oss/, 32_768],
	[/^claude-3-(?:opus|sonnet|haiku)/, 4096],
	[/^claude/, 8192],
	[/^gemini/, 8192],
	[/^deepseek/, 8192],
];

function familyLimit(model: string): number | undefined {
	const name = (model.trim().toLowerCase().split("/").pop() ?? "").replace(/:[^:]*$/, "");
	if (name === "") return undefined;
	for (const [pattern, tokens] of FAMILIES) if (pattern.test(name)) return tokens;
	return undefined;
}

/** The reply limit the settings and the family give, whatever the window. */
export function maxOutputTokensOf(endpoint: Pick<ModelEndpoint, "model" | "maxOutputTokens">): number {
	const set = endpoint.maxOutputTokens;
	if (isSetting(set)) return set;
	return familyLimit(endpoint.model) ?? DEFAULT_OUTPUT_TOKENS;
}

/**
 * Room the context budget keeps for the reply in a window of `window` tokens: a share of it
 * within sensible bounds, or twice the user's reply limit when that is more (up to half the window).
 */
export function replyReserve(window: number, endpoint?: Pick<ModelEndpoint, "maxOutputTokens">): number {
	const share = Math.min(8192, Math.max(512, Math.round(window * 0.15)));
	const set = endpoint?.maxOutputTokens;
	return isSetting(set) ? Math.max(share, Math.min(2 * set, Math.floor(window / 2))) : share;
}

/**
 * max_tokens for a request fitted to `window` (absent: the window the settings or the family
 * give); undefined: send none (an unknown window and no setting).
 */
export function replyTokensOf(
	endpoint: Pick<ModelEndpoint, "model" | "contextTokens" | "maxOutputTokens">,
	window = contextWindowOf(endpoint),
): number | undefined {
	if (window === undefined) return isSetting(endpoint.maxOutputTokens) ? endpoint.maxOutputTokens : undefined;
	return Math.max(
		MIN_REPLY_TOKENS,
		Math.min(maxOutputTokensOf(endpoint), Math.floor(replyReserve(window, endpoint) / 2)),
	);
}

/**
 * max_tokens for a request of `promptTokens` (provider tokens) fitted to `window`: half the room
 * the request leaves, up to the model's reply limit, and never less than replyTokensOf. A fresh
 * chat on a large window can then reason and answer at length (a thinking model's reasoning
 * counts against max_tokens: half the reserve, 4,096 on gpt-5, would cut it), while a request
 * near the budget still gets the reserve's half; the other half of the room absorbs the
 * estimate's error, so the provider never sees prompt plus max_tokens past the window.
 */
export function fittedReplyTokensOf(
	endpoint: Pick<ModelEndpoint, "model" | "contextTokens" | "maxOutputTokens">,
	window: number | undefined,
	promptTokens: number,
): number | undefined {
	const floor = replyTokensOf(endpoint, window);
	if (window === undefined || floor === undefined) return floor;
	const half = Math.floor((window - promptTokens) / 2);
	return Math.max(floor, Math.min(maxOutputTokensOf(endpoint), half));
}

/** max_tokens for the apply model and other one-off calls: the setting or the family's, else none. */
export function oneOffReplyTokensOf(endpoint: Pick<ModelEndpoint, "model" | "maxOutputTokens">): number | undefined {
	if (isSetting(endpoint.maxOutputTokens)) return endpoint.maxOutputTokens;
	return familyLimit(endpoint.model);
}

/** The least a fitted request asks for (a tiny window's reply is still a sentence or two). */
const MIN_REPLY_TOKENS = 128;

function isSetting(value: unknown): value is number {
	return (
		typeof value === "number" && Number.isInteger(value) && value >= MIN_OUTPUT_TOKENS && value <= MAX_OUTPUT_TOKENS
	);
}
