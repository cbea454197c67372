/**
 * Contract 1: the typed events of a thread's append-only log (../shared/ARCHITECTURE.md).
 * Every event carries seq (1.. per thread, never repeats: the resume point), threadId and at.
 */
import type { ToolResult } from "./tool-result";

export const EVENT_SCHEMA_VERSION = 1;

export type ThreadStatus = "idle" | "thinking" | "waiting_for_approval" | "waiting_for_answer" | "running_tool" | "error";
export type ToolPreference = "prompt" | "always" | "never";
export type ToolDecision = "approved" | "denied";
export type EditOperation = "create" | "modify" | "rewrite";
export type PinnedItem = { path: string } | { handle: string };
/** Why a call was settled for the user rather than by them (tool_call_decided/completed.reason). */
export type SettleReason = "new_message" | "stopped";

/** One askUser question as recorded (options normalized to objects). */
export interface AskOption {
	label: string;
	description?: string;
}
export interface AskQuestion {
	question: string;
	header?: string;
	options: AskOption[];
	multiSelect: boolean;
}
/**
 * A call in words for a person, made by its tool from the arguments (src/tools/tool.ts `words`):
 * the card's title ("Read Daily.md"), the step while it runs or waits ("Reading Daily.md"), and the
 * step once done when that reads differently ("Asked 2 questions"; absent: `active`).
 */
export interface ToolWords {
	title: string;
	active: string;
	done?: string;
}

/** Answers keyed by question index ("0", "1", ...): option labels, plus at most one free text. */
export type AskAnswers = Record<string, string[]>;

/**
 * What the provider reported for the request that produced a message (`usage.prompt_tokens`,
 * `usage.completion_tokens`), next to Redline's own estimate of that same request, so the token
 * estimate's per-thread calibration is derived from the log and survives a restart.
 */
export interface ModelUsage {
	promptTokens: number;
	completionTokens?: number;
	estimatedPromptTokens?: number;
}

/** Payload of each event type, without the common fields. */
export interface EventPayloads {
	thread_created: { title?: string; v?: number };
	/** by: "auto" for the title made after the first reply; absent (older logs) or "user" otherwise. */
	thread_renamed: { title: string; by?: "user" | "auto" };
	user_message: { messageId: string; content: string; pinned: PinnedItem[] };
	assistant_message_started: { messageId: string };
	assistant_token: { messageId: string; text: string };
	/**
	 * A thinking model's reasoning (`<think>` content, `reasoning_content` or `reasoning` deltas):
	 * streamed and coalesced on disk like tokens, shown as a step, never as answer text, and not
	 * replayed to the model, except where its API requires it: form "reasoning_content" (absent in
	 * older logs and for the other forms) is DeepSeek's, sent back on a message that made tool calls.
	 * fromAnswer: the first this many characters of the message's text so far (as the fold holds
	 * it) were reasoning after all (a reply whose `<think>` was in the prompt, closed by a bare
	 * `</think>`): they move to the reasoning, ahead of this event's text. Never coalesced.
	 */
	assistant_reasoning: { messageId: string; text: string; form?: "reasoning_content"; fromAnswer?: number };
	/** usage: absent when the provider sent none (and in logs from before it was recorded). */
	assistant_message_completed: { messageId: string; finishReason: string; usage?: ModelUsage };
	status: { status: ThreadStatus; detail?: string };
	/**
	 * words: the call in the tool's words for the pane, recorded by the agent (absent for a tool
	 * it does not have, and in older logs: the thread service fills those in when it loads them).
	 */
	tool_call_proposed: { callId: string; tool: string; args: unknown; messageId: string; words?: ToolWords };
	/**
	 * reason: why a call was settled without the user deciding it, for the pane's words (the
	 * comment is written for the model). "new_message": a newer user message overtook it. Absent
	 * for a decision the user (or a preference, `by: "policy"`) made, and in older logs.
	 */
	tool_call_decided: { callId: string; decision: ToolDecision; by: "user" | "policy"; comment?: string; reason?: SettleReason };
	tool_call_started: { callId: string };
	/** changes: edit blocks received so far while a fast apply streams ("2 changes so far"). */
	tool_call_progress: { callId: string; phase: string; fraction?: number; changes?: number };
	/**
	 * reason: as on tool_call_decided, for an approved call that never started ("new_message");
	 * "stopped": the user pressed Stop, before the call started or while it ran.
	 */
	tool_call_completed: { callId: string; result: ToolResult; reason?: SettleReason };
	tool_preference_set: { tool: string; preference: ToolPreference };
	question_asked: { askId: string; callId: string; questions: AskQuestion[] };
	question_answered: { askId: string; answers: AskAnswers };
	edit_intent_declared: { editId: string; callId: string; path: string; operation: EditOperation; description: string };
	edit_applied: { editId?: string; path: string; versionId: string; added: number; removed: number };
	/**
	 * A revert by any route, appended to the thread whose edit it undid. versionId is the history
	 * entry the revert made; undid is the entry it reversed. restored: true when the revert undid
	 * an earlier revert of this edit (the card shows "Restored"), absent when it undid the edit.
	 */
	edit_reverted: { editId?: string; path: string; versionId: string; added: number; removed: number; undid?: string; restored?: boolean };
	item_pinned: { item: PinnedItem };
	item_unpinned: { item: PinnedItem };
	/**
	 * The transcript sent to the model replaces events fromSeq..toSeq (inclusive) by summary; the
	 * log keeps them all and the pane still shows them. tokensSaved: the estimate shown to the user.
	 */
	context_compacted: { fromSeq: number; toSeq: number; summary: string; tokensSaved?: number };
	/**
	 * The provider refused a request as longer than the model's context. limitTokens: the limit
	 * its message stated (stated: true), or the smaller budget Redline chose when it stated none;
	 * later requests to this model keep under it. requestTokens: the request's size, if stated.
	 */
	context_limit_reached: { model: string; limitTokens: number; stated: boolean; requestTokens?: number };
	error: { message: string; retryable: boolean };
}

export type EventType = keyof EventPayloads;

export interface EventBase {
	seq: number;
	threadId: string;
	at: string; // ISO time
}

export type ThreadEventOf<K extends EventType> = EventBase & { type: K } & EventPayloads[K];

/** The discriminated union of every known event. */
export type ThreadEvent = { [K in EventType]: ThreadEventOf<K> }[EventType];

/** What a producer hands the log: the log stamps seq, threadId and at. */
export type NewEvent = { [K in EventType]: { type: K } & EventPayloads[K] }[EventType];

/**
 * An event whose type this version does not know (written by a newer Redline). It is kept in the
 * log and passed through, and the projection ignores it.
 */
export interface UnknownEvent extends EventBase {
	type: string;
	unknown: true;
	[key: string]: unknown;
}

export type StoredEvent = ThreadEvent | UnknownEvent;

export function isKnownEvent(event: StoredEvent): event is ThreadEvent {
	return !("unknown" in event && event.unknown === true);
}
