/**
 * "Check connection" in Obsidian: runs the check for the main or the apply model with the
 * settings and the key the agent would use, through the transport the setting picks (on desktop,
 * the other one is tried when that one cannot reach the server), and keeps each model's last
 * report in data.json with the key of its settings (src/check/settings-key.ts): it is shown, in
 * the settings tab and as the pane's hint, until those settings change. A fix a report offers
 * (one setting) is applied and the check runs again, so its line shows the new mode.
 */
import { Platform } from "obsidian";
import { failureLine, type CheckAction, type CheckReport, type CheckTarget } from "../check/report";
import type { CheckTransportChoice } from "../check/run-check";
import { checkSettingsKey } from "../check/settings-key";
import { resolveApplyEndpoint, resolveApplyKey } from "../llm/apply-endpoint";
import { loadRedline } from "./lazy";
import { redactDeep } from "../log/redact";
import type { ModelCredentials } from "../settings";
import type { ConnectionHost } from "../ui/host";
import type { PluginSettings } from "./plugin-settings";
import { chooseTransport } from "./transport/choose";
import { createNodeFetch } from "./transport/node-fetch";
import { createRequestUrlFetch } from "./transport/request-url-fetch";

export interface ConnectionChecksDeps {
	settings: PluginSettings;
	credentials: () => ModelCredentials;
	/** Tests pass transports; Obsidian's come from the transport setting. */
	transports?: () => { transport: CheckTransportChoice; alternative?: CheckTransportChoice };
}

export class ConnectionChecks {
	private readonly listeners = new Set<() => void>();
	private readonly running = new Map<CheckTarget, Promise<CheckReport>>();

	constructor(private readonly deps: ConnectionChecksDeps) {}

	/** The last report for the model, while the settings it was made with are still the ones in use. */
	current(target: CheckTarget): CheckReport | null {
		const stored = this.deps.settings.storedCheck(target);
		return stored && stored.key === this.key(target) ? stored.report : null;
	}

	isRunning(target: CheckTarget): boolean {
		return this.running.has(target);
	}

	/** The first failure of the current reports as one line (the pane's hint), or null. */
	lastFailure(): string | null {
		for (const target of ["main", "apply"] as const) {
			const report = this.current(target);
			const line = report && failureLine(report);
			if (line) return line;
		}
		return null;
	}

	onChange(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Runs the check (once at a time per model), keeps its report and tells the listeners. */
	run(target: CheckTarget): Promise<CheckReport> {
		const existing = this.running.get(target);
		if (existing) return existing;
		const started = this.check(target).finally(() => {
			this.running.delete(target);
			this.notify();
		});
		this.running.set(target, started);
		this.notify();
		return started;
	}

	/** Both models, one after the other (the pane's banner). */
	async runAll(): Promise<CheckReport[]> {
		return [await this.run("main"), await this.run("apply")];
	}

	/** What the pane gets: the hint's line, and a check of both models from its error banner. */
	forPane(): ConnectionHost {
		return {
			lastFailure: () => this.lastFailure(),
			running: () => this.running.size > 0,
			onChange: (listener) => this.onChange(listener),
			checkAll: async () => void (await this.runAll()),
		};
	}

	/** Applies the one-setting fix a step offers, then checks again. */
	async apply(target: CheckTarget, action: CheckAction): Promise<CheckReport> {
		const prefix = target === "main" ? "mainModel" : "applyModel";
		const settings = this.deps.settings;
		switch (action.kind) {
			case "set-base-url":
				settings.updateField(`${prefix}.baseUrl`, action.baseUrl);
				break;
			case "text-tool-calls":
				settings.updateField("mainModel.textToolCalls", true);
				break;
			case "set-context-tokens":
				settings.updateField(`${prefix}.contextTokens`, action.tokens);
				break;
			case "use-transport":
				if (action.transport !== "fetch") settings.updateField("transport", action.transport);
				break;
			case "set-apply-format":
				settings.updateField("applyFormat", action.format);
				break;
		}
		this.notify();
		return this.run(target);
	}

	private async check(target: CheckTarget): Promise<CheckReport> {
		const settings = this.deps.settings.effective;
		const credentials = this.deps.credentials();
		const key = this.key(target);
		const { transport, alternative } = (this.deps.transports ?? (() => obsidianTransports(settings.transport)))();
		// The check runs the model client: loaded (like the core) only when a check runs.
		const report = await loadRedline().checkConnection({
			target,
			endpoint: target === "main" ? settings.mainModel : resolveApplyEndpoint(settings),
			apiKey: target === "main" ? credentials.mainApiKey : resolveApplyKey(settings, credentials),
			applyFormat: settings.applyFormat,
			transport,
			...(alternative ? { alternative } : {}),
		});
		// checkConnection redacted the report with this key; the configured keys of both models too,
		// in case the apply check quoted the main key.
		const redacted = redactDeep(report, [credentials.mainApiKey, credentials.applyApiKey]);
		this.deps.settings.saveCheck(target, { key, report: redacted });
		return redacted;
	}

	private key(target: CheckTarget): string {
		const settings = this.deps.settings;
		const secret =
			target === "main"
				? settings.secretName("mainApiKey")
				: `${settings.secretName("applyApiKey")}|${settings.secretName("mainApiKey")}`;
		return checkSettingsKey(settings.effective, target, secret);
	}

	private notify(): void {
		for (const listener of this.listeners) listener();
	}
}

/** The transport the setting picks and, on desktop, the other one. */
function obsidianTransports(setting: "auto" | "node" | "request-url"): {
	transport: CheckTransportChoice;
	alternative?: CheckTransportChoice;
} {
	const chosen = chooseTransport(setting);
	const transport = { kind: chosen.kind, fetch: chosen.fetch };
	if (!Platform.isDesktopApp) return { transport };
	return {
		transport,
		alternative:
			chosen.kind === "node"
				? { kind: "request-url", fetch: createRequestUrlFetch() }
				: { kind: "node", fetch: createNodeFetch() },
	};
}
