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
import { addSecretSource } from "../thread/redact";

export interface ModelProvider {
	/** The main (reasoning, tool-calling) model. Throws MissingApiKeyError / ModelConfigError. */
	main(): ChatModel;
	/** The cheap, fast apply model. */
	apply(): ChatModel;
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
	return {
		main: () => createChatModel(settings().mainModel, credentials().mainApiKey, options),
		apply: () => {
			const s = settings();
			return createChatModel(resolveApplyEndpoint(s), resolveApplyKey(s, credentials()), options);
		},
		applySupportsPrediction: () => resolveApplyEndpoint(settings()).supportsPredictedOutputs === true,
	};
}
