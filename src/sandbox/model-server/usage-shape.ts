/**
 * The usage object as a given provider sends it (issue 33: Redline reads each of these shapes).
 * The counts are the server's own (or the script's); the shape only changes how they are dressed.
 */
import type { ScriptedUsage, UsageShape } from "./types";
import type { Usage } from "./wire";

export function shapedUsage(usage: Usage, scripted: ScriptedUsage | undefined, shape: UsageShape | undefined): Usage {
	const cached = scripted?.cached_tokens ?? 0;
	switch (shape) {
		case "openai":
			return {
				...usage,
				prompt_tokens_details: { cached_tokens: cached, audio_tokens: 0 },
				completion_tokens_details: {
					reasoning_tokens: 0,
					audio_tokens: 0,
					accepted_prediction_tokens: 0,
					rejected_prediction_tokens: 0,
				},
			};
		case "openrouter":
			return {
				...usage,
				...(scripted?.cost !== undefined ? { cost: scripted.cost } : {}),
				is_byok: false,
				prompt_tokens_details: { cached_tokens: cached },
				completion_tokens_details: { reasoning_tokens: 0 },
			};
		default:
			// "ollama" and the default: the bare counts ("none" is never sent: see the server).
			return usage;
	}
}
