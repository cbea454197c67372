/**
 * The apply model's endpoint and key, resolved from the settings. Kept apart from the model
 * factory (model-provider.ts) so that code which only reads settings, such as the plugin's
 * connection-check reports at start-up, does not load the model client.
 */
import type { ModelCredentials, ModelEndpoint, RedlineSettings } from "../settings";

/** The apply endpoint: every field left empty falls back to the main model's. */
export function resolveApplyEndpoint(settings: RedlineSettings): ModelEndpoint {
	const main = settings.mainModel;
	const apply = settings.applyModel;
	const pick = <T>(value: T | undefined | "", fallback: T): T =>
		value === undefined || value === "" ? fallback : value;
	return {
		baseUrl: pick(apply.baseUrl?.trim(), main.baseUrl),
		model: pick(apply.model?.trim(), main.model),
		temperature: pick(apply.temperature, main.temperature),
		supportsPredictedOutputs: pick(apply.supportsPredictedOutputs, main.supportsPredictedOutputs ?? false),
		// The main model's window applies only when the apply model is the main model.
		...sameModelField("contextTokens", apply, main),
		// So does its reply limit; another model gets its own family's (src/llm/output-limits.ts).
		...sameModelField("maxOutputTokens", apply, main),
	};
}

function sameModelField<K extends "contextTokens" | "maxOutputTokens">(
	field: K,
	apply: Partial<ModelEndpoint>,
	main: ModelEndpoint,
): Partial<Pick<ModelEndpoint, K>> {
	if (apply[field] !== undefined) return { [field]: apply[field] } as Partial<Pick<ModelEndpoint, K>>;
	const sameModel = !apply.model?.trim() || apply.model.trim() === main.model;
	return sameModel && main[field] !== undefined ? ({ [field]: main[field] } as Partial<Pick<ModelEndpoint, K>>) : {};
}

/**
 * The apply key: its own when set; otherwise the main key, but only when both models live at
 * the same base URL (a key is never sent to a different provider).
 */
export function resolveApplyKey(settings: RedlineSettings, credentials: ModelCredentials): string | undefined {
	if (credentials.applyApiKey?.trim()) return credentials.applyApiKey;
	return resolveApplyEndpoint(settings).baseUrl === settings.mainModel.baseUrl ? credentials.mainApiKey : undefined;
}
