/**
 * The windowed view of a thread (issue 32): what a client opening a long thread is sent first. A
 * thread's folded state keeps every call's result, so it is as big as its log (a 20,000-call
 * thread: tens of MB); a view needs only its newest screen at first. The window holds the newest
 * turns in full, starting at a user message, with at least `count` messages, and everything that
 * waits for the user (a card, a draft, a question) with its turn; it says how much lies before it
 * (`earlier`). Older items come in pages (`historyPage`, `v1.thread.history`) that a view merges
 * in front of what it holds (`withEarlier`), until nothing lies before.
 *
 * An item belongs to the part of the thread where it starts: a message and an error by their seq,
 * a call by its proposal, a turn by its user message (activity before any user message: the
 * start), an edit or a question by its call. Every cut is at a user message, so a page holds
 * whole turns. Each function costs what it returns, not the thread's length: it walks from the
 * end (the lists are in seq order).
 *
 * The thread-wide fields (status, pins, preferences, usage, what waits) are kept whole.
 */
export type { EarlierItems } from "./state";
import type {
	EarlierItems,
	EditView,
	MessageView,
	QuestionView,
	ThreadState,
	ToolCallView,
	TurnView,
	ErrorView,
} from "./state";

/** Messages in the window a client opening a thread is sent (a few screens). */
export const WINDOW_MESSAGES = 40;
/** Messages in a page of older items when the client does not say. */
export const PAGE_MESSAGES = 40;
/** The most messages one page of older items may ask for. */
export const MAX_PAGE_MESSAGES = 1_000;

/** The items of a thread with seq in [fromSeq, beforeSeq): whole turns (v1.thread.history's answer). */
export interface HistoryPage {
	fromSeq: number;
	beforeSeq: number;
	messages: MessageView[];
	turns: TurnView[];
	toolCalls: Record<string, ToolCallView>;
	toolCallOrder: string[];
	edits: Record<string, EditView>;
	editOrder: string[];
	questions: Record<string, QuestionView>;
	errors: ErrorView[];
	/** What lies before this page; absent when it reaches the thread's start. */
	earlier?: EarlierItems;
}

/** The thread's newest items (at least `count` messages, whole turns) and everything waiting. */
export function windowed(state: ThreadState, count = WINDOW_MESSAGES): ThreadState {
	const from = Math.min(cutBefore(state.messages, state.messages.length, count), waitingStart(state));
	if (from === Number.NEGATIVE_INFINITY) return state;
	const part = slice(state, from, Number.POSITIVE_INFINITY);
	// What no call holds (an intent or a question of an unknown call) is never paged: kept here.
	for (const [editId, edit] of Object.entries(state.edits))
		if (!state.toolCalls[edit.callId] && !part.edits[editId]) {
			part.edits[editId] = edit;
			part.editOrder.push(editId);
		}
	for (const [askId, question] of Object.entries(state.questions))
		if (!state.toolCalls[question.callId]) part.questions[askId] = question;
	const before = earlierThan(state, from);
	const earlier = before && {
		beforeSeq: from,
		messages: before.messages + (state.earlier?.messages ?? 0),
		calls: before.calls + (state.earlier?.calls ?? 0),
	};
	const { earlier: _old, ...rest } = state;
	// Copies: the log's fold writes its own lists in place (fold-writes.ts), and a view keeps this.
	const lists = {
		pendingApprovals: state.pendingApprovals.slice(),
		openQuestions: state.openQuestions.slice(),
		openReviews: state.openReviews.slice(),
		pinned: state.pinned.slice(),
	};
	return { ...rest, ...lists, ...part, ...(earlier ? { earlier } : {}) };
}

/**
 * The page of whole turns that ends just before `beforeSeq`, with at least `limit` messages (or
 * everything before it), from the thread's full state.
 */
export function historyPage(state: ThreadState, beforeSeq: number, limit: number): HistoryPage {
	const end = indexBefore(state.messages, beforeSeq);
	const count = Math.max(1, Math.min(MAX_PAGE_MESSAGES, Math.floor(limit)));
	const from = cutBefore(state.messages, end, count);
	const part = slice(state, from, beforeSeq);
	const earlier = from === Number.NEGATIVE_INFINITY ? undefined : earlierThan(state, from);
	return {
		fromSeq: from === Number.NEGATIVE_INFINITY ? 0 : from,
		beforeSeq,
		...part,
		...(earlier ? { earlier: { beforeSeq: from, ...earlier } } : {}),
	};
}

/** A windowed state with an older page put in front of its items. */
export function withEarlier(state: ThreadState, page: HistoryPage): ThreadState {
	const { earlier: _old, ...rest } = state;
	const have = new Set(state.toolCallOrder);
	return {
		...rest,
		messages: [...page.messages, ...state.messages],
		turns: [...page.turns, ...state.turns],
		toolCalls: { ...page.toolCalls, ...state.toolCalls },
		toolCallOrder: [...page.toolCallOrder.filter((id) => !have.has(id)), ...state.toolCallOrder],
		edits: { ...page.edits, ...state.edits },
		editOrder: [...page.editOrder.filter((id) => state.edits[id] === undefined), ...state.editOrder],
		questions: { ...page.questions, ...state.questions },
		errors: [...page.errors, ...state.errors],
		...(page.earlier ? { earlier: page.earlier } : {}),
	};
}

/** The state without what tells it is windowed (to compare a merged view with the full state). */
export function withoutEarlier(state: ThreadState): ThreadState {
	const { earlier: _earlier, ...rest } = state;
	return rest;
}

type Part = Omit<HistoryPage, "fromSeq" | "beforeSeq" | "earlier">;

/** The items that start in [from, before), each list walked back from its end. */
function slice(state: ThreadState, from: number, before: number): Part {
	const messages = tail(state.messages, (m) => m.seq, from, before);
	const users = new Set<string>();
	for (const message of messages) if (message.kind === "user") users.add(message.messageId);
	// A turn is its user message's; the turn before any user message starts the thread.
	const turns: TurnView[] = [];
	let found = 0;
	for (let i = state.turns.length - 1; i >= 0 && found < users.size; i--) {
		const id = state.turns[i].userMessageId;
		if (id !== null && users.has(id)) {
			turns.push(state.turns[i]);
			found++;
		}
	}
	turns.reverse();
	const first = state.turns[0];
	if (from === Number.NEGATIVE_INFINITY && first?.userMessageId === null) turns.unshift(first);
	const toolCalls: Record<string, ToolCallView> = {};
	const toolCallOrder: string[] = [];
	for (let i = state.toolCallOrder.length - 1; i >= 0; i--) {
		const callId = state.toolCallOrder[i];
		const call = state.toolCalls[callId];
		if (!call) continue;
		if (call.proposedSeq < from) break;
		if (call.proposedSeq >= before) continue;
		toolCalls[callId] = call;
		toolCallOrder.push(callId);
	}
	toolCallOrder.reverse();
	const edits: Record<string, EditView> = {};
	const editOrder: string[] = [];
	for (let i = state.editOrder.length - 1; i >= 0; i--) {
		const editId = state.editOrder[i];
		const edit = state.edits[editId];
		const seq = edit ? state.toolCalls[edit.callId]?.proposedSeq : undefined;
		if (!edit || seq === undefined) continue;
		if (seq < from) break;
		if (seq >= before) continue;
		edits[editId] = edit;
		editOrder.push(editId);
	}
	editOrder.reverse();
	const questions: Record<string, QuestionView> = {};
	for (const callId of toolCallOrder) {
		const askId = toolCalls[callId]?.askId;
		const question = askId === undefined ? undefined : state.questions[askId];
		if (askId !== undefined && question?.callId === callId) questions[askId] = question;
	}
	const errors = tail(state.errors, (e) => e.seq, from, before);
	return { messages, turns, toolCalls, toolCallOrder, edits, editOrder, questions, errors };
}

/** The items of a seq-ordered list in [from, before), found from its end. */
function tail<T>(items: readonly T[], seqOf: (item: T) => number, from: number, before: number): T[] {
	let end = items.length;
	while (end > 0 && seqOf(items[end - 1]) >= before) end--;
	let start = end;
	while (start > 0 && seqOf(items[start - 1]) >= from) start--;
	return items.slice(start, end);
}

/** How many messages lie before `before` (binary search: seqs increase). */
function indexBefore(messages: readonly MessageView[], before: number): number {
	let lo = 0;
	let hi = messages.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (messages[mid].seq < before) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/**
 * The seq of the user message that starts a window of at least `count` messages ending at index
 * `end`; NEGATIVE_INFINITY when that reaches the first message (nothing lies before).
 */
function cutBefore(messages: readonly MessageView[], end: number, count: number): number {
	let index = Math.max(0, end - count);
	while (index > 0 && messages[index].kind !== "user") index--;
	return index === 0 ? Number.NEGATIVE_INFINITY : messages[index].seq;
}

/** Where the turn of the oldest call that waits for the user starts (POSITIVE_INFINITY: none). */
function waitingStart(state: ThreadState): number {
	const waiting = [...state.pendingApprovals, ...state.openReviews];
	for (const askId of state.openQuestions) {
		const callId = state.questions[askId]?.callId;
		if (callId !== undefined) waiting.push(callId);
	}
	let oldest = Number.POSITIVE_INFINITY;
	for (const callId of waiting) oldest = Math.min(oldest, state.toolCalls[callId]?.proposedSeq ?? oldest);
	if (oldest === Number.POSITIVE_INFINITY) return oldest;
	return cutBefore(state.messages, indexBefore(state.messages, oldest + 1), 1);
}

/** How many messages and calls start before `from` (calls by binary search: proposals are in order). */
function earlierThan(state: ThreadState, from: number): { messages: number; calls: number } | undefined {
	const messages = indexBefore(state.messages, from);
	let lo = 0;
	let hi = state.toolCallOrder.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if ((state.toolCalls[state.toolCallOrder[mid]]?.proposedSeq ?? 0) < from) lo = mid + 1;
		else hi = mid;
	}
	return messages === 0 && lo === 0 ? undefined : { messages, calls: lo };
}
