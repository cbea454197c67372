/**
 * The in-memory Obsidian used by tests (vitest aliases `obsidian` here) and by the bundle smoke
 * test's VM. Each class implements a Pick of the real declaration, so signature drift fails tsc.
 */
export { Component, Events, liveIntervals } from "./events";
export { normalizePath, TAbstractFile, TFile, TFolder, Vault, FileManager, FakeAdapter } from "./vault";
export { FileSystemAdapter } from "./file-system-adapter";
export { Editor, type RecordedTransaction } from "./editor";
export { View, ItemView, MarkdownView, WorkspaceLeaf, Workspace } from "./workspace";
export {
	Notice,
	notices,
	shownNotices,
	Modal,
	Setting,
	SettingTab,
	PluginSettingTab,
	BaseComponent,
	TextComponent,
	ToggleComponent,
	DropdownComponent,
	ButtonComponent,
	SecretComponent,
	MarkdownRenderer,
} from "./ui";
export {
	App,
	Plugin,
	SecretStorage,
	Platform,
	requestUrl,
	requestLog,
	requestUrlExtraHeaders,
	prepareSimpleSearch,
	prepareFuzzySearch,
} from "./app";
export { debounce } from "./debounce";
export { Menu, MenuItem, shownMenus } from "./menu";
export { SuggestModal } from "./suggest";
export { setIcon, setTooltip } from "./icons";
export { loadPrism } from "./markdown";
export { MetadataCache, getAllTags, getLinkpath, parseFrontMatterAliases } from "./metadata";
export { Keymap } from "./keymap";
export { parseYaml, stringifyYaml } from "./yaml";
export {
	createFakeWindow,
	delegatedListenerCount,
	installDomHelpers,
	migrateToWindow,
	migrationListenerCount,
} from "./dom";
