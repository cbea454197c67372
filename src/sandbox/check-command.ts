/**
 * `npm start -- --check`: "Check connection" for the main and the apply model the sandbox would
 * use (a real provider from the environment, or the offline demo's scripted model), printed as
 * the report's lines. Its exit code says whether Redline can work with them: 0 usable, 1 not.
 */
import { checkConnection } from "../check/run-check";
import { formatReport, type CheckReport } from "../check/report";
import { resolveApplyEndpoint, resolveApplyKey } from "../llm/model-provider";
import type { Vault } from "../vault/vault";
import { sandboxModelSettings, startScriptedModel, type SandboxOptions } from "./sandbox";
import { nodeFetch } from "../node/fetch";

export interface CheckCommandResult {
	reports: CheckReport[];
	/** What the command prints. */
	text: string;
	exitCode: 0 | 1;
}

export async function runCheckCommand(
	options: Pick<SandboxOptions, "model" | "settings" | "contextTokens" | "textToolCalls" | "maxOutputTokens">,
	vault: Vault,
	signal?: AbortSignal,
): Promise<CheckCommandResult> {
	const modelServer = await startScriptedModel(options, vault);
	try {
		const { settings, credentials } = sandboxModelSettings(options, modelServer?.baseURL ?? null);
		// The sandbox's requests go through Node's fetch, and there is no other transport to try.
		const transport = { kind: "fetch" as const, fetch: nodeFetch };
		const common = { transport, ...(signal ? { signal } : {}) };
		const main = await checkConnection({
			target: "main",
			endpoint: settings.mainModel,
			apiKey: credentials.mainApiKey,
			...common,
		});
		const apply = await checkConnection({
			target: "apply",
			endpoint: resolveApplyEndpoint(settings),
			apiKey: resolveApplyKey(settings, credentials),
			applyFormat: settings.applyFormat,
			...common,
		});
		const reports = [main, apply];
		const usable = reports.every((r) => r.usable);
		const text = `${reports.map(formatReport).join("\n\n")}\n\n${usable ? "Redline can work with these models." : "Redline cannot work with these settings yet: see the lines marked FAIL."}\n`;
		return { reports, text, exitCode: usable ? 0 : 1 };
	} finally {
		await modelServer?.close();
	}
}
