/**
 * The UiHost the React pane gets inside Obsidian: Markdown through MarkdownRenderer (each render
 * owns a Component that is unloaded with it; a reply reaches it only neutralised, see
 * src/ui/untrusted/), code highlighting through Obsidian's Prism, navigation through the
 * workspace, the `[[` picker through prepareFuzzySearch, the `#` picker's tags from the
 * metadataCache (vault-tags.ts), and the document of the window the view lives in. The header's
 * icons, tooltips, ⋯ menu and chat list are the app's own: setIcon, setTooltip, Menu and a SuggestModal.
 */
import { Component, setIcon, setTooltip, type App } from "obsidian";
import { MarkdownRenderer, loadPrism } from "obsidian";
import type { IndexStatusFeed } from "../search/index-status";
import type { ToolPreference } from "../log/events";
import type { ThreadService } from "../thread/service-api";
import type { ToolCatalog } from "../tools/catalog";
import { showObsidianMenu } from "./menu";
import type { VaultTags } from "./vault-tags";
import { ChatSuggestModal } from "./chat-suggest";
import { openPluginSettings } from "./open-settings";
import type { PaneRequests } from "./pane-requests";
import { suggestNotePaths } from "./note-suggest";
import { makeCodeBlocksKeyboardScrollable } from "../ui/code-blocks";
import type { ConnectionHost, UiHost } from "../ui/host";
import type { ReviewDecisions } from "../ui/review-decisions";
import type { ThreadState } from "../log/state";

export interface UiHostDeps {
	app: App;
	service: ThreadService;
	/** The view: renders are its children, so closing the view unloads them. */
	owner: Component;
	/** The vault's tags for the `#` picker: the plugin's one (its listeners live as long as the plugin). */
	tags: VaultTags;
	pluginId: string;
	doc: Document;
	requests: PaneRequests;
	indexStatus?: IndexStatusFeed;
	toolDefaults?: () => Record<string, ToolPreference>;
	tools?: () => ToolCatalog;
	connection?: ConnectionHost;
	reviewDecisions?: ReviewDecisions;
	threadShown?: (state: ThreadState | null) => void;
}

export function createObsidianUiHost(deps: UiHostDeps): UiHost {
	const { app, owner, tags } = deps;
	return {
		service: deps.service,
		doc: deps.doc,
		onRequest: (listener) => deps.requests.subscribe(listener),
		...(deps.indexStatus ? { indexStatus: deps.indexStatus } : {}),
		...(deps.toolDefaults ? { toolDefaults: deps.toolDefaults } : {}),
		...(deps.tools ? { tools: deps.tools } : {}),
		...(deps.connection ? { connection: deps.connection } : {}),
		...(deps.reviewDecisions ? { reviewDecisions: deps.reviewDecisions } : {}),
		...(deps.threadShown ? { threadShown: deps.threadShown } : {}),
		renderMarkdown(el, markdown, sourcePath) {
			// Where its [[links]] resolve from (internal-links.ts reads it when one is clicked).
			el.setAttr("data-source-path", sourcePath);
			const component = owner.addChild(new Component());
			const done = MarkdownRenderer.render(app, markdown, el, sourcePath, component).then(() =>
				makeCodeBlocksKeyboardScrollable(el),
			);
			return { done, cleanup: () => owner.removeChild(component) };
		},
		highlightCode(code) {
			// Prism only colours the text of a block the pane built itself (src/ui/untrusted/pieces.ts).
			void loadPrism()
				.then((prism: { highlightElement?: (el: HTMLElement) => void }) => prism.highlightElement?.(code))
				.catch(() => undefined);
		},
		openNote(path) {
			void app.workspace.openLinkText(path, "", false);
		},
		activeNotePath() {
			return app.workspace.getActiveFile()?.path ?? null;
		},
		onActiveNoteChange(listener) {
			const notify = (): void => listener(app.workspace.getActiveFile()?.path ?? null);
			const refs = [app.workspace.on("file-open", notify), app.workspace.on("active-leaf-change", notify)];
			return () => {
				for (const ref of refs) app.workspace.offref(ref);
			};
		},
		onNotesRenamed(listener) {
			// After the event's other handlers: the history's own (ObsidianVault.onChange) queues the
			// rename first, so a card that asks where its note is now is answered after it.
			const ref = app.vault.on("rename", () => void Promise.resolve().then(listener));
			return () => app.vault.offref(ref);
		},
		onNotesChanged(listener) {
			const refs = [
				app.vault.on("modify", () => listener()),
				app.vault.on("create", () => listener()),
				app.vault.on("delete", () => listener()),
				app.vault.on("rename", () => listener()),
			];
			return () => {
				for (const ref of refs) app.vault.offref(ref);
			};
		},
		notePaths() {
			return app.vault.getMarkdownFiles().map((file) => file.path);
		},
		suggestNotes(query) {
			return suggestNotePaths(app, query);
		},
		suggestTags(query) {
			return Promise.resolve(tags.suggest(query));
		},
		openSettings() {
			openPluginSettings(app, deps.pluginId);
		},
		showMenu: showObsidianMenu,
		setIcon(el, icon) {
			setIcon(el, icon);
		},
		setTooltip(el, text) {
			setTooltip(el, text, { placement: "bottom" });
		},
		chooseChat(chats, choose) {
			new ChatSuggestModal(app, chats, choose).open();
		},
	};
}
