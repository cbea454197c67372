/**
 * The plugin's commands (Obsidian shows them as "Redline: …"). "Revert last change in this note" is offered only when the
 * active note has Redline history; the palette asks synchronously, so the plugin keeps a per-path
 * cache that it refreshes when the active note changes or a note is modified.
 */
import type { Plugin, TFile } from "obsidian";

export interface CommandHost {
	activeFile(): TFile | null;
	/** Cached: does this note have Redline history? (undefined = not known yet) */
	hasHistory(path: string): boolean | undefined;
	refreshHistory(path: string): void;
	openChat(): Promise<void>;
	newChat(): Promise<void>;
	pinNote(path: string): Promise<void>;
	stopAll(): Promise<void>;
	revertLast(path: string): Promise<void>;
	showHistory(path: string): Promise<void>;
}

export function registerCommands(plugin: Plugin, host: CommandHost): void {
	plugin.addCommand({ id: "open-chat", name: "Open chat", callback: () => void host.openChat() });
	plugin.addCommand({ id: "new-chat", name: "New chat", callback: () => void host.newChat() });
	plugin.addCommand({
		id: "pin-active-note",
		name: "Pin the active note to the chat",
		checkCallback: (checking) => {
			const file = host.activeFile();
			if (!file) return false;
			if (!checking) void host.pinNote(file.path);
			return true;
		},
	});
	plugin.addCommand({ id: "stop-agent", name: "Stop the agent", callback: () => void host.stopAll() });
	plugin.addCommand({
		id: "revert-last-change",
		name: "Revert last change in this note",
		checkCallback: (checking) => {
			const file = host.activeFile();
			if (!file) return false;
			const known = host.hasHistory(file.path);
			if (known === undefined) host.refreshHistory(file.path);
			if (!known) return false;
			if (!checking) void host.revertLast(file.path);
			return true;
		},
	});
	plugin.addCommand({
		id: "show-history",
		name: "Show history for this note",
		checkCallback: (checking) => {
			const file = host.activeFile();
			if (!file) return false;
			if (!checking) void host.showHistory(file.path);
			return true;
		},
	});
}
