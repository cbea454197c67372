/**
 * RedlinePlugin: the thread service, history and agent live here (they outlive views). onload
 * only registers things and reads data.json; the core (service, history, LangChain) is built on
 * first use (the pane opens, a command needs it), so Obsidian's start-up does not pay for it, and
 * opening a note never builds it: which notes have history is read from the store alone, once
 * the layout is ready. onunload aborts work in flight, flushes the logs and the settings.
 */
import { Notice, Platform, Plugin, TFile, normalizePath, type WorkspaceLeaf } from "obsidian";
import type { Redline } from "../redline";
import type { ModelCredentials, RedlineSettings } from "../settings";
import type { ThreadService } from "../thread/service-api";
import type { ToolCatalog } from "../tools/catalog";
import { PaneRequests } from "./pane-requests";
import { ChatView, VIEW_ICON, VIEW_TYPE } from "./chat-view";
import { ConnectionChecks } from "./connection-checks";
import { registerCommands, type CommandHost } from "./commands";
import { EditorRedline } from "./editor-redline";
import { registerEditInPlace } from "./edit-in-place";
import { suggestNotePaths } from "./note-suggest";
import { VaultTags } from "./vault-tags";
import { InlineReviews } from "../editor";
import { ReviewDecisions } from "../ui/review-decisions";
import { focusReviewCard } from "../ui/focus-review";
import { HistoryModal } from "./history-modal";
import { RenameJournal } from "../history/rename-journal";
import { HistoryPresence } from "./history-presence";
import { layoutReadyIndexFeed } from "./index-feed";
import { createObsidianNoteMetadata } from "./note-metadata";
import { createObsidianNoteCatalog } from "./note-catalog";
import { loadRedline } from "./lazy";
import { desktopFileRanges } from "./desktop-file-ranges";
import { ObsidianStore } from "./obsidian-store";
import { ObsidianVault } from "./obsidian-vault";
import { openPluginSettings } from "./open-settings";
import { PluginSettings } from "./plugin-settings";
import { RunningIndicator } from "./running-indicator";
import { RedlineSettingTab } from "./settings";
import type { SettingsProblem } from "./settings-data";
import { redact } from "../log/redact";
import { TRANSPORT_FIELD } from "./settings-fields";
import { TransportHelp } from "./transport-help";
import { chooseTransport, type ChosenTransport } from "./transport/choose";
import { displayPath } from "../vault/display-path";
import { obsidianYaml } from "./obsidian-yaml";

export class RedlinePlugin extends Plugin {
	private readonly savedSettings = new PluginSettings({
		load: () => this.loadData(),
		save: (data) => this.saveData(data),
		onSaveError: (error) => this.fail("Redline could not save its settings", error),
	});
	private corePromise: Promise<Redline> | null = null;
	private catalog: ToolCatalog | null = null;
	/** The core once built, for what must be answered synchronously (is a turn running?). */
	private built: Redline | null = null;
	/** The transport for the setting it was chosen for (a change of the setting picks again). */
	private transport: { setting: RedlineSettings["transport"]; chosen: ChosenTransport } | null = null;
	private store: ObsidianStore | null = null;
	private presence: HistoryPresence | null = null;
	/** Renames made before the core was built, for its history to replay (one instance: appends and the replay in order). */
	private renames: RenameJournal | null = null;
	private indicator: RunningIndicator | null = null;
	private unwatchRunning: (() => void) | null = null;
	private settingTab: RedlineSettingTab | null = null;
	private shutdown: Promise<void> = Promise.resolve();
	private readonly paneRequests = new PaneRequests();
	/** The open note's inline review and the mark on the lines a write changed (src/editor). */
	readonly editorRedline = new EditorRedline(this);
	/** The choices on waiting drafts, shared by the pane's card and the open notes' inline redline. */
	readonly reviewDecisions = new ReviewDecisions();
	/** The chat the pane shows (an edit in place may be asked there). */
	private shownThread: string | null = null;
	/** Feeds the open notes from the chat the pane shows (built with the core, which it asks). */
	private inlineReviews: InlineReviews | null = null;
	/** "Check connection": from the settings tab and the pane's error banner; reports kept in data.json. */
	readonly checks = new ConnectionChecks({ settings: this.savedSettings, credentials: () => this.credentials() });
	private readonly transportHelp = new TransportHelp({
		useRequestUrl: () => this.savedSettings.updateField(TRANSPORT_FIELD, "request-url"),
		openSettings: () => openPluginSettings(this.app, this.manifest.id),
	});

	private tags: VaultTags | null = null;
	/** The vault's tags for the `#` pickers (pane and edit prompt), counted once the first asks. */
	private vaultTags(): VaultTags {
		this.tags ??= new VaultTags(this.app, this);
		return this.tags;
	}

	override async onload(): Promise<void> {
		await this.savedSettings.load();
		this.reportProblems(this.savedSettings.problems);
		this.registerView(
			VIEW_TYPE,
			(leaf) =>
				new ChatView(leaf, {
					service: () => this.service(),
					indexStatus: layoutReadyIndexFeed(this.app, async () => (await this.core()).search),
					pluginId: this.manifest.id,
					onError: (error) => this.fail("Redline could not start", error),
					requests: this.paneRequests,
					tools: () => this.toolCatalog(),
					toolDefaults: () => this.savedSettings.effective.toolDefaults,
					connection: this.checks.forPane(),
					reviewDecisions: this.reviewDecisions,
					tags: this.vaultTags(),
					threadShown: (state) => {
						this.shownThread = state?.threadId ?? null;
						this.inlineReviews?.follow(state);
					},
				}),
		);
		// The pane's [[links]] show Page preview's hover popover like a note's (see chat-view.ts).
		this.registerHoverLinkSource(VIEW_TYPE, { display: "Redline", defaultMod: true });
		// Named like the palette names commands ("Redline: …"): a ribbon tooltip has no plugin prefix.
		this.addRibbonIcon(VIEW_ICON, "Redline: open chat", () => void this.openChat());
		registerCommands(this, this.commandHost());
		this.editorRedline.register();
		registerEditInPlace(this, {
			connect: () => this.service(),
			chatThread: () => this.shownThread,
			decisions: this.reviewDecisions,
			editors: this.editorRedline,
			// The prompt's `[[` and `#` list what the pane's do (note-suggest.ts, vault-tags.ts).
			suggestions: {
				suggestNotes: (query) => suggestNotePaths(this.app, query),
				suggestTags: (query) => Promise.resolve(this.vaultTags().suggest(query)),
			},
		});
		const settings = this.savedSettings;
		this.settingTab = new RedlineSettingTab(this.app, this, {
			checks: this.checks,
			savedField: (field) => settings.savedField(field),
			updateField: (field, value) => settings.updateField(field, value),
			secretName: (which) => settings.secretName(which),
			updateSecretName: (which, id) => settings.updateSecretName(which, id),
			problems: () => settings.problems,
			flush: () => void settings.flush(),
			tools: () => this.toolCatalog(),
		});
		this.addSettingTab(this.settingTab);
		const statusEl = this.addStatusBarItem();
		this.indicator = new RunningIndicator(statusEl);
		this.registerDomEvent(statusEl, "click", () => void this.openChat());
		// Not before: while Obsidian restores the layout it opens notes, and none of that needs us.
		this.app.workspace.onLayoutReady(() => this.watchNotes());
	}

	override onunload(): void {
		const core = this.corePromise;
		this.corePromise = null;
		this.built = null;
		this.unwatchRunning?.();
		this.unwatchRunning = null;
		this.inlineReviews?.dispose();
		this.inlineReviews = null;
		this.presence?.clear();
		this.paneRequests.clear();
		const disposed = core
			? core.then((c) => c.dispose()).catch((error: unknown) => console.error("Redline: shutdown failed", error))
			: Promise.resolve();
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

	/**
	 * The tools the agent has, for the settings tab and the pane: from the core's module (loaded on
	 * first use, as for "Check connection"), without building the core.
	 */
	toolCatalog(): ToolCatalog {
		this.catalog ??= loadRedline().defaultToolCatalog();
		return this.catalog;
	}

	/** The core, built once on first use (pane opened, a command that needs it). */
	core(): Promise<Redline> {
		this.corePromise ??= this.buildCore().catch((error: unknown) => {
			this.corePromise = null;
			throw error;
		});
		return this.corePromise;
	}

	/** Whether the core was built (or is being built): start-up must not do it. */
	get coreStarted(): boolean {
		return this.corePromise !== null;
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

	private pluginDir(): string {
		return normalizePath(this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`);
	}

	private dataStore(): ObsidianStore {
		this.store ??= new ObsidianStore(
			this.app.vault.adapter,
			`${this.pluginDir()}/data`,
			desktopFileRanges(this.app.vault.adapter),
		);
		return this.store;
	}

	private renameJournal(): RenameJournal {
		this.renames ??= new RenameJournal(this.dataStore());
		return this.renames;
	}

	private historyPresence(): HistoryPresence {
		this.presence ??= new HistoryPresence(this.dataStore());
		return this.presence;
	}

	/** Keeps "which notes have history" current: a few small reads of the history index. */
	private watchNotes(): void {
		const presence = this.historyPresence();
		void presence.refresh();
		// A sync may have brought history from another device.
		this.registerEvent(this.app.workspace.on("file-open", () => void presence.refresh()));
		// The history is recorded before the note is written, so the index is current on modify;
		// only the core writes it, and a note that has history keeps it.
		this.registerEvent(
			this.app.vault.on("modify", (file) => {
				if (this.built && file instanceof TFile && presence.has(file.path) !== true) void presence.refresh();
			}),
		);
		this.registerEvent(
			this.app.vault.on("rename", (file, oldPath) => {
				// Until the core's history listens, it learns of renames from the journal it replays on start.
				if (this.coreStarted || !presence.mayHaveHistoryUnder(oldPath)) return void presence.refresh();
				presence.renamed(oldPath, file.path);
				this.renameJournal()
					.record(oldPath, file.path)
					.then(
						() => presence.refresh(),
						(error: unknown) => console.warn("Redline: could not note a rename for the history", error),
					);
			}),
		);
	}

	private async buildCore(): Promise<Redline> {
		const configDir = this.app.vault.configDir;
		const pluginDir = this.pluginDir();
		const core = await loadRedline().createRedline({
			vault: new ObsidianVault(this.app),
			store: this.dataStore(),
			settings: () => this.savedSettings.effective,
			credentials: () => this.credentials(),
			// Delegates, so a change of the transport setting applies to the next request.
			fetch: (input, init) => this.currentTransport().fetch(input, init),
			protectedFolders: [configDir, pluginDir],
			noteMetadata: createObsidianNoteMetadata(this.app),
			noteCatalog: createObsidianNoteCatalog(this.app),
			renames: this.renameJournal(),
			yaml: obsidianYaml,
			mobile: Platform.isMobile,
		});
		if (this.corePromise === null) return core; // unloaded meanwhile
		this.built = core;
		this.inlineReviews = new InlineReviews({
			service: core.service,
			decisions: this.reviewDecisions,
			editors: this.editorRedline,
			onLeave: (editId) => void this.focusReview(editId),
			onError: (message) => new Notice(`Redline: ${message}`),
		});
		const show = (): void => this.indicator?.show(core.service.runningThreads().length);
		this.unwatchRunning = core.service.onRunningChange(show);
		show();
		return core;
	}

	private currentTransport(): ChosenTransport {
		const setting = this.savedSettings.effective.transport;
		if (this.transport?.setting !== setting) {
			const chosen = chooseTransport(setting);
			// Only the desktop transport misses the system's proxy and certificates.
			this.transport = {
				setting,
				chosen: chosen.kind === "node" ? { ...chosen, fetch: this.transportHelp.watch(chosen.fetch) } : chosen,
			};
			if (chosen.note) new Notice(`Redline: ${chosen.note}`);
		}
		return this.transport.chosen;
	}

	private credentials(): ModelCredentials {
		const secret = (id: string): string | undefined =>
			id ? (this.app.secretStorage.getSecret(id) ?? undefined) : undefined;
		return {
			mainApiKey: secret(this.savedSettings.secretName("mainApiKey")),
			applyApiKey: secret(this.savedSettings.secretName("applyApiKey")),
		};
	}

	private reportProblems(problems: SettingsProblem[]): void {
		if (problems.length === 0) return;
		new Notice(
			`Redline: ${problems.length === 1 ? "a saved setting is" : `${problems.length} saved settings are`} not valid and kept as saved (defaults used meanwhile). ${problems.map((p) => p.message).join(" ")}`,
		);
	}

	/** Shows a failure through the one redaction (log/redact.ts): the configured keys, pieces of them and key patterns cut. */
	private fail(what: string, error: unknown): void {
		const { mainApiKey, applyApiKey } = this.credentials();
		const message = error instanceof Error ? error.message : String(error);
		new Notice(`${what}: ${redact(message, [mainApiKey, applyApiKey])}`);
	}

	/** Esc in a note's inline redline: the pane, at the draft's card. */
	private async focusReview(editId: string): Promise<void> {
		const leaf = await this.openChat();
		if (leaf) focusReviewCard(leaf.view.containerEl, editId);
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

	private runningThreads(): string[] {
		return this.built?.service.runningThreads() ?? [];
	}

	private commandHost(): CommandHost {
		return {
			activeFile: () => this.app.workspace.getActiveFile(),
			hasHistory: (path) => this.historyPresence().has(path),
			refreshHistory: () => void this.historyPresence().refresh(),
			isRunning: () => this.runningThreads().length > 0,
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
				const service = this.built?.service;
				if (!service) return;
				await Promise.all(this.runningThreads().map((threadId) => service.stop({ threadId })));
				new Notice("Redline stopped.");
			},
			revertLast: (path) => this.revert(path),
			showHistory: async (path) => {
				try {
					const service = await this.service();
					new HistoryModal(this.app, {
						service,
						path,
						revertTo: (versionId, laterChanges) => this.revert(path, { versionId, laterChanges }),
					}).open();
				} catch (error) {
					this.fail("Redline could not read the history", error);
				}
			},
		};
	}

	/** Reverts the last change (or back to a version, undoing the later changes it names) and says what happened. */
	async revert(path: string, to?: { versionId: string; laterChanges: number }): Promise<void> {
		const shown = displayPath(path);
		try {
			const service = await this.service();
			const result = await service.revertHistory(
				to ? { path, versionId: to.versionId, to: true, laterChanges: to.laterChanges } : { path },
			);
			if (result.ok)
				new Notice(
					`Reverted ${to ? "to the chosen version of" : "the last Redline change in"} ${displayPath(result.path)} (+${result.added} −${result.removed}).`,
				);
			else if (result.error.code === "conflict") new Notice(`Redline did not revert ${shown}: ${result.error.message}`);
			else new Notice(`Redline could not revert ${shown}: ${result.error.message}`);
		} catch (error) {
			this.fail(`Redline could not revert ${shown}`, error);
		}
		void this.historyPresence().refresh();
	}
}
