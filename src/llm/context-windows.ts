/**
 * How many tokens a model reads per request: the "Context window (tokens)" setting when the user
 * set one, else the published window of a well-known model family recognised by its name. The
 * prefill errs small where a family's sizes differ: a window set too small only compacts earlier,
 * one set too large costs a refused request (which Redline recovers from, learning the limit).
 */
import type { ModelEndpoint } from "../settings";

/** Smallest and largest value the setting accepts. */
export const MIN_CONTEXT_TOKENS = 1024;
export const MAX_CONTEXT_TOKENS = 10_000_000;

// First match wins, so specific names come before their family. Matched against the model's
// last path segment, lower-cased, with an Ollama tag (":8b") removed: "openai/gpt-4o-mini",
// "meta-llama/llama-3.1-70b-instruct" and "llama3.1:8b" all name their family.
const FAMILIES: ReadonlyArray<readonly [RegExp, number]> = [
	[/^gpt-4\.1/, 1_047_576],
	[/^gpt-5/, 400_000],
	[/^gpt-4o/, 128_000],
	[/^gpt-4-turbo|^gpt-4-\d{4}-preview/, 128_000],
	[/^gpt-4-32k/, 32_768],
	[/^gpt-4(?![.o\d])/, 8_192],
	[/^gpt-3\.5-turbo/, 16_385],
	[/^o1-(?:mini|preview)/, 128_000],
	[/^o[134](?:-mini|-pro)?(?:-|$)/, 200_000],
	[/^gpt-oss/, 131_072],
	[/^claude/, 200_000],
	[/^gemini-1\.5-pro/, 2_097_152],
	[/^gemini/, 1_048_576],
	[/^llama-?3\.[1-3]|^llama-?4/, 131_072],
	[/^llama-?3/, 8_192],
	[/^qwen-?3/, 32_768],
	[/^qwen-?2\.5/, 32_768],
	[/^mistral-large|^mistral-medium|^mistral-nemo|^mistral-small-?3/, 131_072],
	[/^codestral/, 262_144],
	[/^mixtral|^mistral/, 32_768],
	[/^deepseek/, 65_536],
	[/^gemma-?3/, 131_072],
	[/^gemma/, 8_192],
	[/^phi-?4/, 16_384],
];

/** The published context window of a well-known model, or undefined for an unknown name. */
export function knownContextWindow(model: string): number | undefined {
	const name = (model.trim().toLowerCase().split("/").pop() ?? "").replace(/:[^:]*$/, "");
	if (name === "") return undefined;
	for (const [pattern, tokens] of FAMILIES) if (pattern.test(name)) return tokens;
	return undefined;
}

/** The endpoint's context window: the setting, else the family's, else unknown. */
export function contextWindowOf(endpoint: Pick<ModelEndpoint, "model" | "contextTokens">): number | undefined {
	const set = endpoint.contextTokens;
	if (typeof set === "number" && Number.isInteger(set) && set >= MIN_CONTEXT_TOKENS) return set;
	return knownContextWindow(endpoint.model);
}
