/**
 * The ModelProvider port: how the agent gets its chat models. Built from settings and
 * credentials each time it is asked, so a settings change applies to the next model call.
 */
import type { ModelCredentials, ModelEndpoint, RedlineSettings } from "../settings";
import { createChatModel } from "./chat-model";
import type { ChatModel, ChatModelOptions } from "./chat-model";

export interface ModelProvider {
	/** The main (reasoning, tool-calling) model. Throws MissingApiKeyError / ModelConfigError. */
	main(): ChatModel;
	/** The cheap, fast apply model. */
	apply(): ChatModel;
	/** Whether the apply endpoint accepts OpenAI's `prediction` parameter. */
	applySupportsPrediction(): boolean;
}

/** The apply endpoint: every field left empty falls back to the main model's. */
export function resolveApplyEndpoint(settings: RedlineSettings): ModelEndpoint {
	const main = settings.mainModel;
	const apply = settings.applyModel;
	const pick = <T>(value: T | undefined | "", fallback: T): T => (value === undefined || value === "" ? fallback : value);
	return {
		baseUrl: pick(apply.baseUrl?.trim(), main.baseUrl),
		model: pick(apply.model?.trim(), main.model),
		temperature: pick(apply.temperature, main.temperature),
		supportsPredictedOutputs: pick(apply.supportsPredictedOutputs, main.supportsPredictedOutputs ?? false),
		// The main model's window applies only when the apply model is the main model.
		...contextTokensOf(apply, main),
	};
}

function contextTokensOf(apply: Partial<ModelEndpoint>, main: ModelEndpoint): { contextTokens?: number } {
	if (apply.contextTokens !== undefined) return { contextTokens: apply.contextTokens };
	const sameModel = !apply.model?.trim() || apply.model.trim() === main.model;
	return sameModel && main.contextTokens !== undefined ? { contextTokens: main.contextTokens } : {};
}

/**
 * The apply key: its own when set; otherwise the main key, but only when both models live at
 * the same base URL (a key is never sent to a different provider).
 */
export function resolveApplyKey(settings: RedlineSettings, credentials: ModelCredentials): string | undefined {
	if (credentials.applyApiKey?.trim()) return credentials.applyApiKey;
	return resolveApplyEndpoint(settings).baseUrl === settings.mainModel.baseUrl ? credentials.mainApiKey : undefined;
}

export function createModelProvider(
	settings: () => RedlineSettings,
	credentials: () => ModelCredentials,
	options: ChatModelOptions = {},
): ModelProvider {
	return {
		main: () => createChatModel(settings().mainModel, credentials().mainApiKey, options),
		apply: () => {
			const s = settings();
			return createChatModel(resolveApplyEndpoint(s), resolveApplyKey(s, credentials()), options);
		},
		applySupportsPrediction: () => resolveApplyEndpoint(settings()).supportsPredictedOutputs === true,
	};
}
