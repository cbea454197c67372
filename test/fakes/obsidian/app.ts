/** App, Plugin, SecretStorage, Platform, requestUrl and the search helpers. */
import { MarkdownRenderer } from "./markdown";
import type * as O from "obsidian";
import type { Extension } from "@codemirror/state";
import type { Shape } from "./shape";
import type { Window } from "happy-dom";
import { Component, Events } from "./events";
import { createFakeWindow, installDomHelpers } from "./dom";
import { FileManager, Vault, normalizePath } from "./vault";
import { MarkdownView, Workspace, type ViewCreator } from "./workspace";
import { MetadataCache } from "./metadata";
import type { Modal, PluginSettingTab } from "./ui";
import { nodeFetch as fetch } from "../../../src/node/fetch";

export class SecretStorage extends Events implements Shape<O.SecretStorage, "setSecret" | "getSecret" | "listSecrets"> {
	private secrets = new Map<string, string>();
	setSecret(id: string, secret: string): void {
		if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) throw new Error(`Invalid secret id: ${id}`);
		this.secrets.set(id, secret);
	}
	getSecret(id: string): string | null {
		return this.secrets.get(id) ?? null;
	}
	listSecrets(): string[] {
		return [...this.secrets.keys()];
	}
}

export interface FakeCommand extends O.Command {
	pluginId: string;
}

export class App implements Shape<O.App, "isDarkMode"> {
	readonly win: Window;
	readonly vault: Vault;
	readonly workspace: Workspace;
	readonly fileManager: FileManager;
	readonly metadataCache: MetadataCache;
	readonly secretStorage = new SecretStorage();
	readonly viewRegistry = new Map<string, ViewCreator>();
	readonly commands = new Map<string, FakeCommand>();
	readonly settingTabs: PluginSettingTab[] = [];
	readonly ribbonIcons: { icon: string; title: string; el: HTMLElement; callback: (evt: MouseEvent) => unknown }[] = [];
	readonly openModals: Modal[] = [];
	/** Editor extensions plugins registered (registerEditorExtension): every Markdown editor opened after gets them. */
	readonly editorExtensions: Extension[] = [];
	/** Page preview's registered hover sources (registerHoverLinkSource). */
	readonly hoverLinkSources = new Map<string, O.HoverLinkSource>();
	/** The status bar (bottom right on desktop). */
	readonly statusBar: HTMLElement;
	/**
	 * Obsidian's internal settings modal (plugins reach it with a cast). Opening a plugin's tab
	 * shows it (display(), as Obsidian before 1.13 does for every tab); closing the modal or
	 * switching tabs hides the one shown.
	 */
	readonly setting = {
		opened: [] as string[],
		shown: null as PluginSettingTab | null,
		open: (): void => void this.setting.opened.push("(settings)"),
		openTabById: (id: string): void => {
			this.setting.opened.push(id);
			const tab = this.settingTabs.find((t) => t.plugin.manifest.id === id);
			if (!tab || tab === this.setting.shown) return;
			this.setting.close();
			this.setting.shown = tab;
			this.doc.body.appendChild(tab.containerEl);
			tab.display();
		},
		close: (): void => {
			const tab = this.setting.shown;
			this.setting.shown = null;
			tab?.hide();
			tab?.containerEl.remove();
		},
	};

	constructor(options: { vaultName?: string; win?: Window } = {}) {
		this.win = options.win ?? createFakeWindow();
		installDomHelpers(this.win);
		this.statusBar = this.doc.body.createDiv("status-bar");
		this.vault = new Vault(options.vaultName);
		this.workspace = new Workspace(this);
		this.fileManager = new FileManager(this.vault);
		this.metadataCache = new MetadataCache(this.vault);
	}
	get doc(): Document {
		return this.win.document as unknown as Document;
	}
	isDarkMode(): boolean {
		return false;
	}
	/** Runs a command as the palette does: checkCallback(true) first decides if it is offered. */
	runCommand(id: string): boolean {
		const command = this.commands.get(id);
		if (!command) throw new Error(`No command ${id}`);
		if (command.editorCheckCallback || command.editorCallback) {
			// An editor command runs on the active Markdown view's editor, as Obsidian's palette does.
			const view = this.workspace.activeLeaf?.view;
			if (!(view instanceof MarkdownView)) return false;
			if (command.editorCheckCallback) {
				if (!command.editorCheckCallback(true, view.editor as never, view as never)) return false;
				command.editorCheckCallback(false, view.editor as never, view as never);
				return true;
			}
			void command.editorCallback?.(view.editor as never, view as never);
			return true;
		}
		if (command.checkCallback) {
			if (!command.checkCallback(true)) return false;
			command.checkCallback(false);
			return true;
		}
		if (!command.callback) return false;
		void command.callback();
		return true;
	}
	/** Whether the palette would offer the command now. */
	isCommandAvailable(id: string): boolean {
		const command = this.commands.get(id);
		if (!command) return false;
		const view = this.workspace.activeLeaf?.view;
		if (command.editorCheckCallback)
			return (
				view instanceof MarkdownView && Boolean(command.editorCheckCallback(true, view.editor as never, view as never))
			);
		if (command.editorCallback) return view instanceof MarkdownView;
		return command.checkCallback ? Boolean(command.checkCallback(true)) : true;
	}
}

export abstract class Plugin
	extends Component
	implements
		Shape<
			O.Plugin,
			| "loadData"
			| "saveData"
			| "onExternalSettingsChange"
			| "addStatusBarItem"
			| "registerHoverLinkSource"
			| "registerMarkdownCodeBlockProcessor"
			| "registerMarkdownPostProcessor"
			| "registerEditorExtension"
		>
{
	constructor(
		public app: App,
		public manifest: O.PluginManifest,
	) {
		super();
	}
	private get dataPath(): string {
		return normalizePath(`${this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`}/data.json`);
	}
	async loadData(): Promise<unknown> {
		const adapter = this.app.vault.adapter;
		if (!(await adapter.exists(this.dataPath))) return null;
		return JSON.parse(await adapter.read(this.dataPath)) as unknown;
	}
	async saveData(data: unknown): Promise<void> {
		const dir = this.dataPath.slice(0, this.dataPath.lastIndexOf("/"));
		await this.app.vault.adapter.mkdir(dir);
		await this.app.vault.adapter.write(this.dataPath, JSON.stringify(data, null, 2));
	}
	// eslint-disable-next-line @typescript-eslint/no-misused-promises -- as declared by Obsidian: Plugin.onload may be async
	override onload(): void | Promise<void> {}
	onExternalSettingsChange?(): unknown;
	addCommand(command: O.Command): O.Command {
		const full: FakeCommand = { ...command, id: `${this.manifest.id}:${command.id}`, pluginId: this.manifest.id };
		this.app.commands.set(full.id, full);
		this.register(() => this.app.commands.delete(full.id));
		return full;
	}
	addRibbonIcon(icon: string, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
		const el = this.app.doc.createDiv();
		el.setAttribute("aria-label", title);
		const entry = { icon, title, el, callback };
		this.app.ribbonIcons.push(entry);
		this.register(() => this.app.ribbonIcons.splice(this.app.ribbonIcons.indexOf(entry), 1));
		return el;
	}
	/** An item in the app's status bar (desktop; Obsidian mobile has no status bar but still returns one). */
	addStatusBarItem(): HTMLElement {
		const el = this.app.statusBar.createDiv("status-bar-item");
		el.addClass(`plugin-${this.manifest.id}`);
		this.register(() => el.remove());
		return el;
	}
	/** As Obsidian's: every MarkdownRenderer.render hands a fenced block in `language` to `handler`. */
	registerMarkdownCodeBlockProcessor(
		language: string,
		handler: (source: string, el: HTMLElement, ctx: O.MarkdownPostProcessorContext) => Promise<unknown> | void,
	): O.MarkdownPostProcessor {
		const processor = (source: string, el: HTMLElement, ctx: { sourcePath: string }): void | Promise<void> =>
			void handler(source, el, ctx as O.MarkdownPostProcessorContext);
		MarkdownRenderer.codeBlockProcessors.set(language, processor);
		this.register(() => MarkdownRenderer.codeBlockProcessors.delete(language));
		const post = (() => undefined) as unknown as O.MarkdownPostProcessor;
		return post;
	}
	/** As Obsidian's: runs on every element MarkdownRenderer.render fills (Dataview's inline `$=` queries are one). */
	registerMarkdownPostProcessor(postProcessor: O.MarkdownPostProcessor): O.MarkdownPostProcessor {
		const processor = (el: HTMLElement, ctx: { sourcePath: string }): void | Promise<void> =>
			void postProcessor(el, ctx as O.MarkdownPostProcessorContext);
		MarkdownRenderer.postProcessors.add(processor);
		this.register(() => MarkdownRenderer.postProcessors.delete(processor));
		return postProcessor;
	}
	/** As Obsidian's: the extension joins every Markdown editor (the fake's MarkdownView builds `editor.cm` with them) until the plugin unloads. */
	registerEditorExtension(extension: Extension): void {
		this.app.editorExtensions.push(extension);
		this.register(() => this.app.editorExtensions.splice(this.app.editorExtensions.indexOf(extension), 1));
	}
	registerHoverLinkSource(id: string, info: O.HoverLinkSource): void {
		this.app.hoverLinkSources.set(id, info);
		this.register(() => this.app.hoverLinkSources.delete(id));
	}
	addSettingTab(settingTab: PluginSettingTab): void {
		this.app.settingTabs.push(settingTab);
		this.register(() => this.app.settingTabs.splice(this.app.settingTabs.indexOf(settingTab), 1));
	}
	registerView(type: string, viewCreator: ViewCreator): void {
		this.app.viewRegistry.set(type, viewCreator);
		this.register(() => {
			this.app.workspace.detachLeavesOfType(type);
			this.app.viewRegistry.delete(type);
		});
	}
}

/** Mutable so tests can play desktop or mobile. */
export const Platform: typeof O.Platform = {
	isDesktop: true,
	isMobile: false,
	isDesktopApp: true,
	isMobileApp: false,
	isIosApp: false,
	isAndroidApp: false,
	isPhone: false,
	isTablet: false,
	isMacOS: false,
	isWin: false,
	isLinux: true,
	isSafari: false,
	resourcePathPrefix: "app://local/",
};

/** requestUrl on Node's fetch: the whole reply at once, throwing on 400+ unless throw: false. */
export const requestLog: O.RequestUrlParam[] = [];
/**
 * Headers the fake adds to every request, for a test that plays what the app's network stack
 * may add (an Origin such as app://obsidian.md, which servers with an origin check refuse).
 */
export const requestUrlExtraHeaders: Record<string, string> = {};
export function requestUrl(request: O.RequestUrlParam | string): O.RequestUrlResponsePromise {
	const param = typeof request === "string" ? { url: request } : request;
	requestLog.push(param);
	const response = (async (): Promise<O.RequestUrlResponse> => {
		const headers: Record<string, string> = { ...requestUrlExtraHeaders, ...param.headers };
		if (param.contentType) headers["content-type"] = param.contentType;
		const reply = await fetch(param.url, { method: param.method ?? "GET", headers, body: param.body });
		const buffer = await reply.arrayBuffer();
		const text = new TextDecoder().decode(buffer);
		if (reply.status >= 400 && param.throw !== false)
			throw Object.assign(new Error(`Request failed, status ${reply.status}`), { status: reply.status });
		const replyHeaders: Record<string, string> = {};
		reply.headers.forEach((value, key) => (replyHeaders[key] = value));
		return {
			status: reply.status,
			headers: replyHeaders,
			arrayBuffer: buffer,
			text,
			get json(): unknown {
				return JSON.parse(text) as unknown;
			},
		};
	})();
	// Lazy, like Obsidian's: a reply that is not JSON only fails when someone asks for .json.
	return Object.defineProperties(response, {
		arrayBuffer: { get: () => response.then((r) => r.arrayBuffer) },
		json: { get: () => response.then((r) => r.json as unknown) },
		text: { get: () => response.then((r) => r.text) },
	}) as O.RequestUrlResponsePromise;
}

/** Space-separated words, each must occur (case-insensitive); matches are every occurrence. */
export function prepareSimpleSearch(query: string): (text: string) => O.SearchResult | null {
	const words = query.toLowerCase().split(/\s+/).filter(Boolean);
	return (text) => {
		const lower = text.toLowerCase();
		const matches: [number, number][] = [];
		for (const word of words) {
			let i = lower.indexOf(word);
			if (i < 0) return null;
			for (; i >= 0; i = lower.indexOf(word, i + word.length)) matches.push([i, i + word.length]);
		}
		matches.sort((a, b) => a[0] - b[0]);
		return { score: -matches.length, matches };
	};
}

/** The query's characters in order (a subsequence), case-insensitive. */
export function prepareFuzzySearch(query: string): (text: string) => O.SearchResult | null {
	const q = query.toLowerCase().replace(/\s+/g, "");
	return (text) => {
		const lower = text.toLowerCase();
		const matches: [number, number][] = [];
		let from = 0;
		for (const ch of q) {
			const i = lower.indexOf(ch, from);
			if (i < 0) return null;
			matches.push([i, i + 1]);
			from = i + 1;
		}
		return { score: -(matches.at(-1)?.[0] ?? 0), matches };
	};
}
