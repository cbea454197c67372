/**
 * ThreadState: what a view renders. It is a pure fold of the events (projection.ts), never
 * stored, so replaying the log and folding live events give the same state.
 */
import type { ToolResult } from "./tool-result";
import type { RoleUsage } from "./usage";
import type {
	AskAnswers,
	ContextParts,
	AskQuestion,
	BudgetAmount,
	EditOperation,
	PauseReason,
	PinnedItem,
	ReviewChange,
	SettleReason,
	ThreadStatus,
	ToolDecision,
	ToolPreference,
	EditSelection,
	ToolWords,
} from "./events";

export interface UserMessageView {
	kind: "user";
	messageId: string;
	seq: number;
	at: string;
	content: string;
	pinned: PinnedItem[];
	/** The passage this message asks to edit, alone (an edit in place, issue 34). */
	selection?: EditSelection;
}

export interface AssistantMessageView {
	kind: "assistant";
	messageId: string;
	seq: number; // seq of assistant_message_started
	at: string;
	text: string;
	/**
	 * A thinking model's reasoning for this message (never part of `text`). lastAt: the time of
	 * its last piece, exact after a replay (a coalesced line keeps its last piece's time).
	 */
	reasoning?: { text: string; lastAt: string };
	streaming: boolean;
	finishReason?: string;
	/** callIds proposed by this message, in order. */
	toolCallIds: string[];
}

export type MessageView = UserMessageView | AssistantMessageView;

export type ToolCallPhase = "proposed" | "approved" | "denied" | "running" | "completed";

export interface ToolCallView {
	callId: string;
	tool: string;
	args: unknown;
	/** The call in its tool's words (from tool_call_proposed); absent for a tool nobody described. */
	words?: ToolWords;
	messageId: string;
	proposedSeq: number;
	proposedAt: string;
	phase: ToolCallPhase;
	decision?: ToolDecision;
	decidedBy?: "user" | "policy";
	comment?: string;
	/** Why the call was settled without the user deciding it (see SettleReason). */
	reason?: SettleReason;
	/** changes: edit blocks applied so far while a fast apply streams. */
	progress?: { phase: string; fraction?: number; changes?: number };
	startedAt?: string;
	completedAt?: string;
	result?: ToolResult;
	/** Set when this call declared an edit intent. */
	editId?: string;
	/** Set when this call asked the user. */
	askId?: string;
	/** Set once the call's edit was drafted for review (edit_proposed), with the decision once made. */
	draft?: DraftView;
}

/** A drafted edit waiting for, or past, the user's review (review before write). */
export interface DraftView {
	editId: string;
	path: string;
	changes: ReviewChange[];
	/** The validation's doubts about the draft, for the user (edit_proposed's warnings). */
	warnings?: string[];
	reviewed?: ReviewDecisionView;
}

export interface ReviewDecisionView {
	accepted: string[];
	rejected: string[];
	replaced?: Record<string, string>;
	comment?: string;
	/** Settled for the user (a new message, Stop), not by them. */
	reason?: SettleReason;
}

export interface EditView {
	editId: string;
	callId: string;
	path: string;
	operation: EditOperation;
	description: string;
	applied?: { versionId: string; added: number; removed: number };
	/** Set while the edit is undone: the revert that undid it (versionId is the revert's entry). */
	reverted?: { versionId: string; added: number; removed: number; notRestored?: string[] };
	/** Set when a revert of a revert put the edit back (and it was not undone again since). */
	restored?: { versionId: string; added: number; removed: number };
}

export interface QuestionView {
	askId: string;
	callId: string;
	questions: AskQuestion[];
	answers?: AskAnswers;
	/** The user skipped the questions (answers is then empty). */
	skipped?: boolean;
}

export interface ErrorView {
	seq: number;
	at: string;
	message: string;
	retryable: boolean;
}

/** What happened to the model's context in a turn (shown as steps; the messages stay). */
export type ContextStepView =
	| { kind: "compacted"; seq: number; tokensSaved?: number }
	| { kind: "limit"; seq: number; limitTokens: number; stated: boolean };

/** One turn: a user message and everything until the next one (reasoning-steps timeline). */
export interface TurnView {
	userMessageId: string | null; // null for activity before any user message
	startedAt: string;
	endedAt?: string; // set when the status next returns to idle/error
	/** Time the turn spent waiting for the user (a card, a draft, a question), so its own time can be told apart. */
	waitedMs?: number;
	/** Set while the turn waits for the user: when the wait began. */
	waitingSince?: string;
	callIds: string[];
	/** Compactions and context limits reached in this turn, in order (absent when none). */
	contextSteps?: ContextStepView[];
	/** The last "Undo this turn" of it (turn_undone): the edits it undid and those it left, with why. */
	undo?: TurnUndoView;
	/** What its model calls spent, main and apply model apart (absent while none reported any). */
	usage?: RoleUsage;
}

/** A turn paused before its next model call (turn_paused), until Continue, Stop or a new message. */
export interface PauseView {
	seq: number;
	reason: PauseReason;
	spent?: BudgetAmount;
	budget?: BudgetAmount;
	steps?: number;
}

export interface TurnUndoView {
	at: string;
	undone: string[];
	notUndone: Array<{ editId: string; path: string; message: string }>;
}

/** What lies before a windowed state's items. */
export interface EarlierItems {
	/** Every item before the window starts before this seq (a user message's). */
	beforeSeq: number;
	/** How many messages and calls lie before it. */
	messages: number;
	calls: number;
}

export interface ThreadState {
	threadId: string;
	title?: string;
	createdAt?: string;
	lastSeq: number;
	status: ThreadStatus;
	statusDetail?: string;
	messages: MessageView[];
	toolCalls: Record<string, ToolCallView>;
	/** callIds in proposal order. */
	toolCallOrder: string[];
	/** callIds proposed and not yet decided, in proposal order. */
	pendingApprovals: string[];
	questions: Record<string, QuestionView>;
	/** askIds not yet answered, in order. */
	openQuestions: string[];
	/** callIds whose drafted edit waits for the user's review, in order. */
	openReviews: string[];
	edits: Record<string, EditView>;
	editOrder: string[];
	pinned: PinnedItem[];
	preferences: Record<string, ToolPreference>;
	turns: TurnView[];
	errors: ErrorView[];
	/** What every model call of the thread spent (issue 33). */
	usage: RoleUsage;
	/** Set while a turn is paused (turn_paused), cleared by turn_resumed, a new message or Stop. */
	pause?: PauseView;
	/** The seq of the last turn_resumed: the steps without the user are counted after it. */
	resumedSeq?: number;
	/** Continues after a budget pause (turn_resumed "budget"): the budget is the settings' times one more than this. */
	budgetResumes: number;
	/**
	 * Set on a windowed state (src/log/window.ts): a client opening a thread is sent its newest
	 * items; this says what lies before them, fetched in pages (v1.thread.history). Never set on
	 * the log's own state.
	 */
	earlier?: EarlierItems;
	/** The latest request's context, for the meter (absent before the first model call). */
	context?: ContextView;
}

/** What the latest model request held (context_measured), in the provider's tokens. */
export interface ContextView {
	seq: number;
	tokens: number;
	window?: number;
	roomBeforeCompaction?: number;
	parts: ContextParts;
}
