/**
 * Contract 2: the ThreadService surface. The in-process service (service.ts) and the browser's
 * RPC client (src/rpc/client) both implement it, so a view cannot tell them apart.
 */
import type { ChipPreview } from "./context-chips";
import type { TagCount } from "../search/tag-suggest";
import type { MeasureParams, NextRequest } from "./context-measure";
import type { AskAnswers, EditSelection, PinnedItem, StoredEvent, ToolPreference } from "../log/events";
import type { ThreadState } from "../log/state";
import type { HistoryPage } from "../log/window";

export type ServiceErrorCode =
	| "unknown_thread"
	| "bad_params"
	| "not_pending" // a decision or answer for something that is not waiting
	| "busy" // the thread is running and cannot take this now
	| "not_found"
	| "conflict" // e.g. a revert that would overwrite the user's text
	| "unavailable" // transport down, model unreachable
	| "nonce_ahead" // subscribe: the resume point is not in the log (lost in a crash): resubscribe from 0
	| "internal";

export interface ServiceError {
	code: ServiceErrorCode;
	message: string;
}

export type Result<T extends object = object> = ({ ok: true } & T) | { ok: false; error: ServiceError };

export interface ThreadSummary {
	threadId: string;
	title?: string;
	createdAt: string;
	updatedAt: string;
	lastSeq: number;
	/**
	 * A note's own thread for edits in place (issue 34): set when the thread's first message is an
	 * edit in place (user_message.selection), to the note of its latest one. "Edit selection with
	 * Redline" continues this thread on that note, also after a reload.
	 */
	inPlaceNote?: string;
}

export interface HistoryEntrySummary {
	versionId: string;
	path: string;
	at: string;
	description: string;
	threadId?: string;
	editId?: string;
	added: number;
	removed: number;
	/** Unified diff of this entry (for the UI). */
	diff: string;
	kind: "edit" | "create" | "revert" | "delete" | "move";
}

/**
 * What a subscriber receives: history after the nonce, a caught-up marker, then live events.
 * The marker may carry `state`: the thread's state after every event delivered so far, which an
 * in-process service has at hand (its log folded the same events when it opened). A subscriber
 * may take it instead of folding the history again; over HTTP it is sent only for `from: "snapshot"` (windowed).
 */
/**
 * v1.thread.subscribe's params. `from: "snapshot"` (with no nonce, or 0): no history events; the
 * caught-up marker carries the thread's windowed state (src/log/window.ts: its newest turns, what
 * waits, and what lies before them, fetched with v1.thread.history). Without it, every event after
 * the nonce is sent (old clients).
 */
export interface SubscribeParams {
	threadId: string;
	nonce?: number;
	from?: "snapshot";
}

export type SubscriptionMessage =
	| { kind: "event"; event: StoredEvent }
	| { kind: "caught_up"; lastSeq: number; state?: ThreadState }
	| { kind: "error"; error: ServiceError };

export interface Subscription {
	close(): void;
}

/**
 * v1.history.revert. No versionId: undo the note's last change. versionId alone: undo exactly that
 * change (an agent's edit, a revert), merged onto today's text; later changes stay, or it refuses
 * (conflict). `to: true`: return the note to version versionId, undoing every later change;
 * `laterChanges` is how many the user was told that is, and any other count refuses.
 * `path` may be the note's name before a rename: the history finds the note holding versionId.
 */
export interface RevertParams {
	path: string;
	versionId?: string;
	to?: boolean;
	laterChanges?: number;
}

/** A written revert: its own entry's versionId, the note's current path and the lines it changed. */
export interface Reverted {
	versionId: string;
	path: string;
	added: number;
	removed: number;
	/** A move reverted: the notes whose links could not be put back (edited on those lines since). */
	notRestored?: string[];
}

/** v1.thread.undoTurn's answer: the writes undone (each with its revert's versionId) and those that could not be. */
export interface TurnUndone {
	undone: Array<{ editId: string; path: string; versionId: string }>;
	/** Writes left in place, each with why (the user edited the same lines since, the note is gone…). */
	notUndone: Array<{ editId: string; path: string; message: string }>;
}

export interface ThreadService {
	/** v1.thread.create */
	createThread(params: { title?: string }): Promise<Result<{ threadId: string }>>;
	/** v1.thread.list */
	listThreads(): Promise<Result<{ threads: ThreadSummary[] }>>;
	/** v1.thread.delete */
	deleteThread(params: { threadId: string }): Promise<Result>;
	/** v1.thread.rename */
	renameThread(params: { threadId: string; title: string }): Promise<Result>;
	/** v1.thread.subscribe (SSE over HTTP) */
	subscribe(params: SubscribeParams, onMessage: (message: SubscriptionMessage) => void): Subscription;
	/**
	 * v1.thread.history: the whole turns just before `before` (a windowed state's
	 * `earlier.beforeSeq`), at least `limit` messages of them, for a view to put in front of what
	 * it holds (src/log/window.ts, withEarlier).
	 */
	threadHistory(params: { threadId: string; before: number; limit?: number }): Promise<Result<{ page: HistoryPage }>>;
	/** v1.thread.sendMessage: acknowledged at once; the reply streams as events. */
	sendMessage(params: {
		threadId: string;
		content: string;
		/** Edit in place (issue 34): the passage the turn's edits are confined to. */
		selection?: EditSelection;
	}): Promise<Result<{ messageId: string }>>;
	/**
	 * v1.thread.pinItem. pinnedItem.scope: "message" (the next message only: the service unpins
	 * it once that is sent) or "chat" (kept; also when absent). Pinning a pinned item with another
	 * scope switches it.
	 */
	pinItem(params: { threadId: string; operation: "pin" | "unpin"; pinnedItem: PinnedItem }): Promise<Result>;
	/**
	 * v1.context.preview: what a set chip (folder, tag, backlinks, links) would add to the next
	 * message of the thread, note by note with their tokens, resolved as sendMessage resolves it.
	 */
	previewContext(params: { threadId: string; item: PinnedItem }): Promise<Result<{ preview: ChipPreview }>>;
	/**
	 * v1.context.tags: the vault's tags for the composer's `#` picker, ranked for query (those that
	 * start with it first, then by how many notes use them; src/search/tag-suggest.ts), at most
	 * limit (default and cap 20). Counted over the notes a tag chip may add (the access floor's
	 * are left out); a nested tag counts for its parents.
	 */
	suggestTags(params: { query?: string; limit?: number }): Promise<Result<{ tags: TagCount[] }>>;
	/**
	 * v1.context.measure: what the next model request of the thread (no threadId: of a new chat)
	 * would hold if the draft were sent now, measured by the code that measures every request
	 * (context_measured), in the thread's calibrated tokens. Nothing is appended.
	 */
	measureContext(params: MeasureParams): Promise<Result<{ measured: NextRequest }>>;
	/** v1.thread.decideToolCalls: the loop resumes once every pending call is decided. */
	decideToolCalls(params: {
		threadId: string;
		approved: string[];
		denied: string[];
		comment?: string;
	}): Promise<Result>;
	/** v1.thread.setToolPreference */
	setToolPreference(params: { threadId: string; tool: string; preference: ToolPreference }): Promise<Result>;
	/** v1.thread.answerQuestion. skipped: the user skipped the questions (answers must then be {}). */
	answerQuestion(params: { threadId: string; askId: string; answers: AskAnswers; skipped?: boolean }): Promise<Result>;
	/**
	 * v1.thread.reviewEdit: the user's decision on each change of a draft waiting for review
	 * (every changeId accepted or rejected once; `replaced`: their own text for accepted ones).
	 * Only the accepted changes are written, merged onto any typing since the draft.
	 */
	reviewEdit(params: {
		threadId: string;
		editId: string;
		accepted: string[];
		rejected: string[];
		replaced?: Record<string, string>;
		comment?: string;
	}): Promise<Result>;
	/**
	 * v1.thread.undoTurn: undoes every write of the turn that user message messageId started, newest
	 * first, each merged onto the user's later typing; what cannot be undone cleanly is named in
	 * notUndone and the rest is still undone. Each undo appends edit_reverted to the thread.
	 */
	undoTurn(params: { threadId: string; messageId: string }): Promise<Result<TurnUndone>>;
	/** v1.thread.stop: aborts the model stream or the apply in flight; settles a draft waiting for review as rejected. */
	stop(params: { threadId: string }): Promise<Result>;
	/**
	 * v1.thread.resume: Continue on a turn paused by its budget or its step limit (turn_paused):
	 * appends turn_resumed and the turn goes on where it stopped (a budget pause grows the budget by
	 * one more of it). not_pending when the thread is not paused.
	 */
	resume(params: { threadId: string }): Promise<Result>;
	/** v1.thread.retry: re-runs the turn after a retryable error. */
	retry(params: { threadId: string }): Promise<Result>;
	/** v1.history.list */
	listHistory(params: { path: string }): Promise<Result<{ entries: HistoryEntrySummary[] }>>;
	/** v1.history.revert: see RevertParams. */
	revertHistory(params: RevertParams): Promise<Result<Reverted>>;
	/**
	 * v1.history.locate: where the note that holds versionId is now (the history follows renames);
	 * `path` is where the caller last knew it. not_found when no kept history holds the version.
	 * The edit card asks it, so it shows the note's current path after a rename, also after a reload.
	 */
	locateHistory(params: { path: string; versionId: string }): Promise<Result<{ path: string }>>;
}

/** JSON-RPC method name -> ThreadService method (subscribe is SSE, not RPC). */
export const RPC_METHODS = {
	"v1.thread.create": "createThread",
	"v1.thread.list": "listThreads",
	"v1.thread.delete": "deleteThread",
	"v1.thread.rename": "renameThread",
	"v1.thread.sendMessage": "sendMessage",
	"v1.thread.pinItem": "pinItem",
	"v1.thread.history": "threadHistory",
	"v1.context.preview": "previewContext",
	"v1.context.tags": "suggestTags",
	"v1.context.measure": "measureContext",
	"v1.thread.decideToolCalls": "decideToolCalls",
	"v1.thread.setToolPreference": "setToolPreference",
	"v1.thread.answerQuestion": "answerQuestion",
	"v1.thread.reviewEdit": "reviewEdit",
	"v1.thread.undoTurn": "undoTurn",
	"v1.thread.stop": "stop",
	"v1.thread.resume": "resume",
	"v1.thread.retry": "retry",
	"v1.history.list": "listHistory",
	"v1.history.revert": "revertHistory",
	"v1.history.locate": "locateHistory",
} as const satisfies Record<string, Exclude<keyof ThreadService, "subscribe">>;

export type RpcMethod = keyof typeof RPC_METHODS;
