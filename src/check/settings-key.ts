/**
 * A report stands for the settings it was made with: this key names them (the endpoint as the
 * agent resolves it, text tool calls or the apply format, the transport, which secret holds the
 * key: never the key itself). A host keeps the key beside the report and shows the report only
 * while the key is still the same.
 */
import { resolveApplyEndpoint } from "../llm/apply-endpoint";
import type { RedlineSettings } from "../settings";
import type { CheckReport, CheckTarget } from "./report";

export function checkSettingsKey(settings: RedlineSettings, target: CheckTarget, secretName: string): string {
	const endpoint = target === "main" ? settings.mainModel : resolveApplyEndpoint(settings);
	return JSON.stringify([
		target,
		endpoint.baseUrl,
		endpoint.model,
		endpoint.contextTokens ?? null,
		target === "main" ? endpoint.textToolCalls === true : settings.applyFormat,
		settings.transport,
		secretName,
	]);
}

/** A report with the key of the settings it was made with. */
export interface StoredCheck {
	key: string;
	report: CheckReport;
}
