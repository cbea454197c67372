/**
 * The ModelProvider port: how the agent gets its chat models. Built from settings and
 * credentials each time it is asked, so a settings change applies to the next model call.
 */
import type { ModelCredentials, RedlineSettings } from "../settings";
import { resolveApplyEndpoint, resolveApplyKey } from "./apply-endpoint";

// Here too, where the model factory's callers have always found them.
export { resolveApplyEndpoint, resolveApplyKey };
import { createChatModel } from "./chat-model";
import type { ChatModel, ChatModelOptions } from "./chat-model";
import { addSecretSource } from "../log/redact";
import type { UsageSink } from "./metered-completions";

export type { UsageSink };

/**
 * What a model is asked for. `usage`: told what each of its calls spent (metered-completions.ts),
 * required so that no caller can leave a call out of the thread's totals and its budget.
 * `maxTokens`: the request's reply limit, when the caller fitted it to a window it learned.
 */
export interface ModelCallOptions {
	usage: UsageSink;
	maxTokens?: number | undefined;
}

export interface ModelProvider {
	/** The main (reasoning, tool-calling) model. Throws MissingApiKeyError / ModelConfigError. */
	main(options: ModelCallOptions): ChatModel;
	/** The cheap, fast apply model (titles and summaries too). */
	apply(options: ModelCallOptions): ChatModel;
	/** Whether the apply endpoint accepts OpenAI's `prediction` parameter. */
	applySupportsPrediction(): boolean;
}

export function createModelProvider(
	settings: () => RedlineSettings,
	credentials: () => ModelCredentials,
	options: ChatModelOptions = {},
): ModelProvider {
	// The configured keys are known to the redaction before any request is made with them.
	addSecretSource(() => {
		const { mainApiKey, applyApiKey } = credentials();
		return [mainApiKey, applyApiKey];
	});
	const modelOptions = (call: ModelCallOptions, s: RedlineSettings): ChatModelOptions => ({
		...options,
		...("maxTokens" in call ? { maxTokens: call.maxTokens } : {}),
		meter: { sink: call.usage, ...(s.prices ? { prices: s.prices } : {}) },
	});
	return {
		main: (call) => {
			const s = settings();
			return createChatModel(s.mainModel, credentials().mainApiKey, modelOptions(call, s));
		},
		apply: (call) => {
			const s = settings();
			return createChatModel(resolveApplyEndpoint(s), resolveApplyKey(s, credentials()), modelOptions(call, s));
		},
		applySupportsPrediction: () => resolveApplyEndpoint(settings()).supportsPredictedOutputs === true,
	};
}
