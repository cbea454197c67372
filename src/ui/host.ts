/**
 * What the pane needs from its host (Obsidian or the sandbox page). The pane never imports
 * `obsidian`: the host injects the service client, Markdown rendering and note navigation.
 */
import type { IndexStatusFeed } from "../search/index-status";
import type { ToolPreference } from "../log/events";
import type { ThreadService } from "../thread/service-api";
import type { ToolCatalog } from "../tools/catalog";
import type { ThreadState } from "../log/state";
import type { ReviewDecisions } from "./review-decisions";
import type { ChatChoice } from "./chat-choices";
import type { ComponentType } from "react";
import type { PaneMenuProps } from "./components/PaneMenu";
import type { ChatListProps } from "./components/ChatList";

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
	/** The vault's tags for the `#` picker (without "#"), filtered by query; absent: what was typed only. */
	suggestTags?(query: string): Promise<string[]>;
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
	/**
	 * Told when a note is created, changed, removed or renamed; returns an unsubscribe. The context
	 * meter measures again then (the standing instructions or a pinned note may have grown).
	 */
	onNotesChanged?(listener: () => void): () => void;
	/** Requests from the host's commands ("New chat", "Pin the active note"); returns an unsubscribe. */
	onRequest?(listener: (request: PaneRequest) => void): () => void;
	/**
	 * The choices on drafts waiting for review, change by change, before they are sent: the card
	 * and the open note's inline redline read and make them in this one store.
	 */
	reviewDecisions?: ReviewDecisions;
	/**
	 * Told the state of the chat the pane shows, as it changes (null: none, or the pane closed):
	 * the host shows that chat's waiting drafts inline in their notes (src/editor/inline-reviews.ts).
	 */
	threadShown?(state: ThreadState | null): void;
	/**
	 * Draws an icon into el, replacing what it holds (Obsidian: setIcon; the sandbox page: the same
	 * Lucide shapes built with DOM calls). Without it the pane's icon buttons show no picture, only
	 * their names to assistive technology.
	 */
	setIcon?(el: HTMLElement, icon: PaneIcon): void;
	/** Gives el its tooltip as the host shows them (Obsidian: setTooltip; the page: the title attribute). */
	setTooltip?(el: HTMLElement, text: string): void;
	/**
	 * Shows a menu of actions under anchor (Obsidian: Menu); onHide runs when it closes, chosen or
	 * not. Without it the pane draws the menu popups hands in (role=menu, arrow keys, Escape).
	 */
	showMenu?(anchor: HTMLElement, actions: readonly MenuAction[], onHide?: () => void): void;
	/**
	 * Opens the searchable chat list (Obsidian: SuggestModal), newest first; choose runs with the
	 * chat picked. Without it the pane draws the list popups hands in, with the same behaviour.
	 */
	chooseChat?(chats: readonly ChatChoice[], choose: (threadId: string) => void): void;
	/**
	 * The pane's own menu and chat list (src/ui/own-popups.ts), for a host without showMenu and
	 * chooseChat: the sandbox page hands them in. Obsidian's host has both, so main.js leaves them out.
	 */
	popups?: PanePopups;
}

/** The menu and the chat list the pane draws itself when its host shows none (src/ui/own-popups.ts). */
export interface PanePopups {
	PaneMenu: ComponentType<PaneMenuProps>;
	ChatList: ComponentType<ChatListProps>;
}

/** The icons the pane asks its host for: Lucide names, as Obsidian's setIcon takes them. */
export type PaneIcon =
	| "square-pen"
	| "messages-square"
	| "history"
	| "shield"
	| "more-horizontal"
	| "pencil"
	| "trash-2"
	| "ban"
	| "alert-triangle";

/** One entry of a menu the pane shows (the header's ⋯ More, a card's ⋯). */
export interface MenuAction {
	title: string;
	/** A Lucide icon name, for a host that shows icons (Obsidian). */
	icon?: PaneIcon;
	disabled?: boolean;
	/** Destructive (Delete): shown in the warning colour. */
	warning?: boolean;
	run(): void;
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
