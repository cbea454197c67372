/**
 * The plugin's commands (Obsidian shows them as "Redline: …"). The palette asks each command
 * synchronously whether to offer it (checkCallback), so what they depend on is cached by the
 * plugin: which notes have Redline history (read from the store, never by building the core) and
 * whether a turn is running. Note commands are offered only for a Markdown note: Redline edits,
 * pins and keeps history for notes, not canvases, PDFs or images.
 */
import type { Plugin, TFile } from "obsidian";

export interface CommandHost {
	activeFile(): TFile | null;
	/** Cached: does this note have Redline history? (undefined = not known yet) */
	hasHistory(path: string): boolean | undefined;
	refreshHistory(): void;
	/** Whether a turn runs in any chat now. */
	isRunning(): boolean;
	openChat(): Promise<void>;
	newChat(): Promise<void>;
	pinNote(path: string): Promise<void>;
	stopAll(): Promise<void>;
	revertLast(path: string): Promise<void>;
	showHistory(path: string): Promise<void>;
}

export function registerCommands(plugin: Plugin, host: CommandHost): void {
	const activeNote = (): TFile | null => {
		const file = host.activeFile();
		return file?.extension === "md" ? file : null;
	};
	/** A command for the active Markdown note, offered when `offered` says so. */
	const noteCommand = (
		id: string,
		name: string,
		run: (path: string) => Promise<void>,
		offered: (path: string) => boolean = () => true,
	): void => {
		plugin.addCommand({
			id,
			name,
			checkCallback: (checking) => {
				const note = activeNote();
				if (!note || !offered(note.path)) return false;
				if (!checking) void run(note.path);
				return true;
			},
		});
	};
	plugin.addCommand({ id: "open-chat", name: "Open chat", callback: () => void host.openChat() });
	plugin.addCommand({ id: "new-chat", name: "New chat", callback: () => void host.newChat() });
	noteCommand("pin-active-note", "Pin the active note to the chat", (path) => host.pinNote(path));
	plugin.addCommand({
		id: "stop-agent",
		name: "Stop the agent",
		checkCallback: (checking) => {
			if (!host.isRunning()) return false;
			if (!checking) void host.stopAll();
			return true;
		},
	});
	noteCommand(
		"revert-last-change",
		"Revert last change in this note",
		(path) => host.revertLast(path),
		(path) => {
			const known = host.hasHistory(path);
			if (known === undefined) host.refreshHistory();
			return known === true;
		},
	);
	noteCommand("show-history", "Show history for this note", (path) => host.showHistory(path));
}
