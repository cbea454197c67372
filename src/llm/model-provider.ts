/**
 * The ModelProvider port: how the agent gets its chat models. Built from settings and
 * credentials each time it is asked, so a settings change applies to the next model call.
 */
import type { ModelCredentials, ModelPrice, RedlineSettings } from "../settings";
import { resolveApplyEndpoint, resolveApplyKey } from "./apply-endpoint";

// Here too, where the model factory's callers have always found them.
export { resolveApplyEndpoint, resolveApplyKey };
import { createChatModel } from "./chat-model";
import type { ChatModel, ChatModelOptions } from "./chat-model";
import { addSecretSource } from "../log/redact";

export interface ModelProvider {
	/**
	 * The main (reasoning, tool-calling) model. Throws MissingApiKeyError / ModelConfigError.
	 * `maxTokens`: the request's reply limit, when the caller fitted it to a window it learned.
	 */
	main(options?: { maxTokens?: number | undefined }): ChatModel;
	/** The cheap, fast apply model (`maxTokens` as for main). */
	apply(options?: { maxTokens?: number | undefined }): ChatModel;
	/** Whether the apply endpoint accepts OpenAI's `prediction` parameter. */
	applySupportsPrediction(): boolean;
	/** The apply model's name and the user's prices (issue 33: what its calls cost). */
	applyPricing(): { model: string; prices?: Record<string, ModelPrice> };
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
	return {
		main: (limits) =>
			createChatModel(
				settings().mainModel,
				credentials().mainApiKey,
				limits && "maxTokens" in limits ? { ...options, maxTokens: limits.maxTokens } : options,
			),
		apply: (limits) => {
			const s = settings();
			return createChatModel(
				resolveApplyEndpoint(s),
				resolveApplyKey(s, credentials()),
				limits && "maxTokens" in limits ? { ...options, maxTokens: limits.maxTokens } : options,
			);
		},
		applySupportsPrediction: () => resolveApplyEndpoint(settings()).supportsPredictedOutputs === true,
		applyPricing: () => {
			const s = settings();
			return { model: resolveApplyEndpoint(s).model, ...(s.prices ? { prices: s.prices } : {}) };
		},
	};
}
