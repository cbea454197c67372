/**
 * What the pane needs from its host (Obsidian or the sandbox page). The pane never imports
 * `obsidian`: the host injects the service client, Markdown rendering and note navigation.
 */
import type { IndexStatusFeed } from "../search/index-status";
import type { ToolPreference } from "../log/events";
import type { ThreadService } from "../thread/service-api";
import type { ToolCatalog } from "../tools/catalog";

export interface UiHost {
	service: ThreadService;
	/**
	 * Renders Markdown into el (Obsidian: MarkdownRenderer; sandbox: a small renderer). A reply is
	 * never given here as the model wrote it: src/ui/untrusted/ neutralises it first and renders into
	 * a detached el. Returns a cleanup, or when rendering finishes later, { done, cleanup }.
	 */
	renderMarkdown(el: HTMLElement, markdown: string, sourcePath: string): RenderedMarkdown | (() => void) | void;
	/** Highlights a reply's code block in place (its text only; no code-block processor runs). */
	highlightCode?(code: HTMLElement, lang: string): void;
	/** Opens a note in the host's editor. */
	openNote(path: string): void;
	/** The note the user is looking at, for "pin active note" and the history panel. */
	activeNotePath(): string | null;
	/** Subscribe to active-note changes; returns an unsubscribe. */
	onActiveNoteChange(listener: (path: string | null) => void): () => void;
	/** Every note's path in the vault (the empty chat's suggested requests count their folders). */
	notePaths?(): string[];
	/** Notes for the `[[` picker (paths), filtered by query. */
	suggestNotes(query: string): Promise<string[]>;
	/** Opens the host's settings for Redline (error cards link here). */
	openSettings(): void;
	/** The document the pane lives in (pop-out windows have their own). */
	doc: Document;
	/** The search index's status (watching it starts the index): the pane shows indexing progress. */
	indexStatus?: IndexStatusFeed;
	/** The user's default preference per tool (settings), under each chat's own choices. */
	toolDefaults?(): Record<string, ToolPreference>;
	/**
	 * The tools the agent has (src/tools/catalog.ts): what the Permissions panel lists, each
	 * tool's name for a person and its own default preference (under the user's choice). Plain
	 * data: the pane never loads a tool's code.
	 */
	tools?(): ToolCatalog;
	/** "Check connection" for both models (the error banner runs it; the pane hints at a failed one). */
	connection?: ConnectionHost;
	/**
	 * Told when a note (or folder) is renamed in the vault; returns an unsubscribe. Edit cards then
	 * ask the history where their note is now. Without it they ask when they mount.
	 */
	onNotesRenamed?(listener: () => void): () => void;
	/** Requests from the host's commands ("New chat", "Pin the active note"); returns an unsubscribe. */
	onRequest?(listener: (request: PaneRequest) => void): () => void;
}

export interface RenderedMarkdown {
	done: Promise<void>;
	cleanup(): void;
}

/** The host's connection check; its reports live with the host's settings, not in the pane. */
export interface ConnectionHost {
	/** The current reports' first failure as one line, or null (passed, or no report for these settings). */
	lastFailure(): string | null;
	/** Whether a check is running. */
	running(): boolean;
	onChange(listener: () => void): () => void;
	/** Checks the main and the apply model. */
	checkAll(): Promise<void>;
}

/** What the host's commands ask of the pane, which knows the chat the user is looking at. */
export type PaneRequest = { kind: "new-chat" } | { kind: "pin"; path: string };

export interface MountedPane {
	unmount(): void;
}
