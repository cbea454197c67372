/**
 * RedlinePlugin: the thread service, history and agent live here (they outlive views). onload
 * only registers things and reads data.json; the core (service, history, LangChain) is built on
 * first use, so Obsidian's start-up does not pay for it. onunload aborts work in flight and
 * flushes the logs.
 */
import { Notice, Plugin, TFile, normalizePath, type WorkspaceLeaf } from "obsidian";
import type { Redline } from "../redline";
import type { ModelCredentials, RedlineSettings } from "../settings";
import type { ThreadService } from "../thread/service-api";
import { PaneRequests } from "./pane-requests";
import { ChatView, VIEW_ICON, VIEW_TYPE } from "./chat-view";
import { registerCommands, type CommandHost } from "./commands";
import { HistoryModal } from "./history-modal";
import { loadRedline } from "./lazy";
import { ObsidianStore } from "./obsidian-store";
import { ObsidianVault } from "./obsidian-vault";
import { PluginSettings } from "./plugin-settings";
import { RedlineSettingTab } from "./settings";
import { redact, type SettingsProblem } from "./settings-data";
import { chooseTransport, type ChosenTransport } from "./transport/choose";

export class RedlinePlugin extends Plugin {
	private readonly savedSettings = new PluginSettings({
		load: () => this.loadData(),
		save: (data) => this.saveData(data),
		onSaveError: (error) => this.fail("Redline could not save its settings", error),
	});
	private corePromise: Promise<Redline> | null = null;
	/** The transport for the setting it was chosen for (a change of the setting picks again). */
	private transport: { setting: RedlineSettings["transport"]; chosen: ChosenTransport } | null = null;
	private historyPresence = new Map<string, boolean>();
	private settingTab: RedlineSettingTab | null = null;
	private shutdown: Promise<void> = Promise.resolve();
	private readonly paneRequests = new PaneRequests();

	override async onload(): Promise<void> {
		await this.savedSettings.load();
		this.reportProblems(this.savedSettings.problems);
		this.registerView(VIEW_TYPE, (leaf) => new ChatView(leaf, { service: () => this.service(), pluginId: this.manifest.id, onError: (error) => this.fail("Redline could not start", error), requests: this.paneRequests }));
		// Named like the palette names commands ("Redline: …"): a ribbon tooltip has no plugin prefix.
		this.addRibbonIcon(VIEW_ICON, "Redline: open chat", () => void this.openChat());
		registerCommands(this, this.commandHost());
		const settings = this.savedSettings;
		this.settingTab = new RedlineSettingTab(this.app, this, {
			savedField: (field) => settings.savedField(field),
			updateField: (field, value) => settings.updateField(field, value),
			secretName: (which) => settings.secretName(which),
			updateSecretName: (which, id) => settings.updateSecretName(which, id),
			problems: () => settings.problems,
			flush: () => void settings.flush(),
		});
		this.addSettingTab(this.settingTab);
		const refreshActive = (): void => {
			const file = this.app.workspace.getActiveFile();
			if (file) this.refreshHistory(file.path);
		};
		this.registerEvent(this.app.workspace.on("file-open", refreshActive));
		this.registerEvent(this.app.workspace.on("active-leaf-change", refreshActive));
		this.registerEvent(
			this.app.vault.on("modify", (file) => {
				if (file instanceof TFile && this.historyPresence.has(file.path)) this.refreshHistory(file.path);
			}),
		);
		this.registerEvent(this.app.vault.on("rename", (_file, oldPath) => this.historyPresence.delete(oldPath)));
	}

	override onunload(): void {
		const core = this.corePromise;
		this.corePromise = null;
		this.historyPresence.clear();
		this.paneRequests.clear();
		const disposed = core ? core.then((c) => c.dispose()).catch((error: unknown) => console.error("Redline: shutdown failed", error)) : Promise.resolve();
		this.shutdown = Promise.all([this.savedSettings.flush(), disposed]).then(() => undefined);
	}

	/** Resolves when onunload's aborts, log flushes and settings write are done. */
	whenUnloaded(): Promise<void> {
		return this.shutdown;
	}

	override async onExternalSettingsChange(): Promise<void> {
		await this.savedSettings.load();
		this.reportProblems(this.savedSettings.problems);
		this.settingTab?.refresh();
	}

	/** The core, built once on first use (pane opened, command run, note opened). */
	core(): Promise<Redline> {
		this.corePromise ??= this.buildCore().catch((error: unknown) => {
			this.corePromise = null;
			throw error;
		});
		return this.corePromise;
	}

	async service(): Promise<ThreadService> {
		return (await this.core()).service;
	}

	effectiveSettings(): RedlineSettings {
		return this.savedSettings.effective;
	}

	problems(): SettingsProblem[] {
		return this.savedSettings.problems;
	}

	private async buildCore(): Promise<Redline> {
		const configDir = this.app.vault.configDir;
		const pluginDir = normalizePath(this.manifest.dir ?? `${configDir}/plugins/${this.manifest.id}`);
		return loadRedline().createRedline({
			vault: new ObsidianVault(this.app),
			store: new ObsidianStore(this.app.vault.adapter, `${pluginDir}/data`),
			settings: () => this.savedSettings.effective,
			credentials: () => this.credentials(),
			// Delegates, so a change of the transport setting applies to the next request.
			fetch: (input, init) => this.currentTransport().fetch(input, init),
			protectedFolders: [configDir, pluginDir],
		});
	}

	private currentTransport(): ChosenTransport {
		const setting = this.savedSettings.effective.transport;
		if (this.transport?.setting !== setting) {
			this.transport = { setting, chosen: chooseTransport(setting) };
			if (this.transport.chosen.note) new Notice(`Redline: ${this.transport.chosen.note}`);
		}
		return this.transport.chosen;
	}

	private credentials(): ModelCredentials {
		const secret = (id: string): string | undefined => (id ? (this.app.secretStorage.getSecret(id) ?? undefined) : undefined);
		return { mainApiKey: secret(this.savedSettings.secretName("mainApiKey")), applyApiKey: secret(this.savedSettings.secretName("applyApiKey")) };
	}

	private reportProblems(problems: SettingsProblem[]): void {
		if (problems.length === 0) return;
		new Notice(`Redline: ${problems.length === 1 ? "a saved setting is" : `${problems.length} saved settings are`} not valid and kept as saved (defaults used meanwhile). ${problems.map((p) => p.message).join(" ")}`);
	}

	/** Shows a failure with any API key masked. */
	private fail(what: string, error: unknown): void {
		const { mainApiKey, applyApiKey } = this.credentials();
		const message = error instanceof Error ? error.message : String(error);
		new Notice(`${what}: ${redact(message, [mainApiKey, applyApiKey])}`);
	}

	private refreshHistory(path: string): void {
		void this.core()
			.then((core) => core.history.list(path))
			.then((entries) => this.historyPresence.set(path, entries.length > 0))
			.catch(() => this.historyPresence.delete(path));
	}

	private async openChat(): Promise<WorkspaceLeaf | null> {
		const { workspace } = this.app;
		let leaf: WorkspaceLeaf | null = workspace.getLeavesOfType(VIEW_TYPE)[0] ?? null;
		if (!leaf) {
			const created = workspace.getRightLeaf(false);
			if (!created) return null;
			await created.setViewState({ type: VIEW_TYPE, active: true });
			leaf = created;
		}
		await workspace.revealLeaf(leaf);
		return leaf;
	}

	private commandHost(): CommandHost {
		return {
			activeFile: () => this.app.workspace.getActiveFile(),
			hasHistory: (path) => this.historyPresence.get(path),
			refreshHistory: (path) => this.refreshHistory(path),
			openChat: async () => void (await this.openChat()),
			// Both act on the chat the pane shows, so they go to the pane (opened first if needed).
			// (Sent only when a pane is there or opening, so no request lingers for a later one.)
			newChat: async () => {
				if (await this.openChat()) this.paneRequests.send({ kind: "new-chat" });
			},
			pinNote: async (path) => {
				if (await this.openChat()) this.paneRequests.send({ kind: "pin", path });
			},
			stopAll: async () => {
				if (!this.corePromise) return;
				const service = await this.service();
				const list = await service.listThreads();
				if (!list.ok) return;
				await Promise.all(list.threads.map((t) => service.stop({ threadId: t.threadId })));
				new Notice("Redline stopped.");
			},
			revertLast: (path) => this.revert(path),
			showHistory: async (path) => {
				try {
					const service = await this.service();
					new HistoryModal(this.app, { service, path, revertTo: (versionId) => this.revert(path, versionId) }).open();
				} catch (error) {
					this.fail("Redline could not read the history", error);
				}
			},
		};
	}

	/** Reverts the last change (or back to a version) and says what happened. */
	async revert(path: string, versionId?: string): Promise<void> {
		try {
			const service = await this.service();
			const result = await service.revertHistory(versionId ? { path, versionId } : { path });
			if (result.ok) new Notice(`Reverted ${versionId ? "to the chosen version of" : "the last Redline change in"} ${path} (+${result.added} −${result.removed}).`);
			else if (result.error.code === "conflict") new Notice(`Redline did not revert ${path}: ${result.error.message}`);
			else new Notice(`Redline could not revert ${path}: ${result.error.message}`);
		} catch (error) {
			this.fail(`Redline could not revert ${path}`, error);
		}
		this.refreshHistory(path);
	}
}
