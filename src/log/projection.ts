/**
 * The pure fold of a thread's events into the ThreadState a view renders.
 *
 * `apply` never mutates its input: it returns a new state whose unchanged parts are the very same
 * objects as before (structural sharing), so React can compare by reference. `project` is just
 * `apply` folded over a list, which is why replaying a log and folding live events give
 * deep-equal states. Unknown events (from a newer Redline) only advance lastSeq.
 */
import type { PinnedItem, StoredEvent, ThreadEvent, ThreadEventOf } from "./events";
import { isKnownEvent } from "./events";
import type { AssistantMessageView, ContextStepView, EditView, MessageView, ThreadState, ToolCallView, TurnView } from "./state";
import { cutTitle } from "./title-limit";

export function emptyState(threadId: string): ThreadState {
	return {
		threadId,
		lastSeq: 0,
		status: "idle",
		messages: [],
		toolCalls: {},
		toolCallOrder: [],
		pendingApprovals: [],
		questions: {},
		openQuestions: [],
		edits: {},
		editOrder: [],
		pinned: [],
		preferences: {},
		turns: [],
		errors: [],
	};
}

/**
 * While `project` folds, no one else can see the intermediate states, so the big containers
 * (messages, toolCalls, turns, ...) are grown in place instead of copied for every event, and
 * the state object itself changes in place (`patch`): that keeps a 50,000-event replay linear
 * and cheap. `apply` alone always copies.
 */
let transient = false;
/**
 * During `project`, lookups that a scan would make quadratic over a long thread: where each
 * message is (every new message is looked up first, so a replayed event does not add it twice;
 * messages are only ever appended, so the map catches up with the array's tail), and which edit
 * intent or question belongs to a call (looked up for every proposed call; the first one, as a
 * scan finds it).
 */
let foldIndex: FoldIndex | null = null;

interface FoldIndex {
	ids: Map<string, number>;
	indexed: number;
	editByCall: Map<string, string>;
	askByCall: Map<string, string>;
}

export function project(threadId: string, events: readonly StoredEvent[]): ThreadState {
	let state = emptyState(threadId);
	const outer = { transient, foldIndex };
	transient = true;
	foldIndex = { ids: new Map(), indexed: 0, editByCall: new Map(), askByCall: new Map() };
	try {
		for (const event of events) state = apply(state, event);
	} finally {
		({ transient, foldIndex } = outer);
	}
	return state;
}

export function apply(state: ThreadState, event: StoredEvent): ThreadState {
	const next = isKnownEvent(event) ? applyKnown(state, event) : state;
	if (next.lastSeq === event.seq) return next;
	// Inside project every state object is the fold's own: set it rather than copy it.
	if (transient) {
		next.lastSeq = event.seq;
		return next;
	}
	return { ...next, lastSeq: event.seq };
}

/** Same item: same path, or same handle. */
export function samePinnedItem(a: PinnedItem, b: PinnedItem): boolean {
	if ("path" in a && "path" in b) return a.path === b.path;
	if ("handle" in a && "handle" in b) return a.handle === b.handle;
	return false;
}

function applyKnown(state: ThreadState, event: ThreadEvent): ThreadState {
	switch (event.type) {
		case "thread_created":
			// Cut here too: an older log may hold a title from before the limit (title-limit.ts).
			return { ...state, createdAt: event.at, ...(event.title !== undefined ? { title: cutTitle(event.title) } : {}) };
		case "thread_renamed":
			return { ...state, title: cutTitle(event.title) };
		case "user_message":
			return onUserMessage(state, event);
		case "assistant_message_started":
			if (findMessage(state.messages, event.messageId) >= 0) return state;
			return patch(state, {
				messages: pushed(state.messages, {
					kind: "assistant",
					messageId: event.messageId,
					seq: event.seq,
					at: event.at,
					text: "",
					streaming: true,
					toolCallIds: [],
				}),
			});
		case "assistant_token":
			if (transient) return appendTokenInPlace(state, event.messageId, event.text);
			return updateAssistant(state, event.messageId, (m) => void (m.text += event.text));
		case "assistant_reasoning":
			return updateAssistant(state, event.messageId, (m) => {
				const moved = event.fromAnswer === undefined ? "" : m.text.slice(0, event.fromAnswer);
				m.text = m.text.slice(moved.length);
				m.reasoning = { text: (m.reasoning?.text ?? "") + moved + event.text, lastAt: event.at };
			});
		case "assistant_message_completed":
			return updateAssistant(state, event.messageId, (m) => {
				m.streaming = false;
				m.finishReason = event.finishReason;
			});
		case "status":
			return onStatus(state, event);
		case "tool_call_proposed":
			return onProposed(state, event);
		case "tool_call_decided":
			return updateCall(state, event.callId, (c) => {
				if (c.phase === "proposed") c.phase = event.decision;
				c.decision = event.decision;
				c.decidedBy = event.by;
				if (event.comment !== undefined) c.comment = event.comment;
				if (event.reason !== undefined) c.reason = event.reason;
			}, true);
		case "tool_call_started":
			return updateCall(state, event.callId, (c) => {
				c.phase = "running";
				c.startedAt = event.at;
			}, true);
		case "tool_call_progress":
			return updateCall(state, event.callId, (c) => {
				c.progress = {
					phase: event.phase,
					...(event.fraction !== undefined ? { fraction: event.fraction } : {}),
					...(event.changes !== undefined ? { changes: event.changes } : {}),
				};
			}, false);
		case "tool_call_completed":
			return updateCall(state, event.callId, (c) => {
				c.phase = "completed";
				c.completedAt = event.at;
				c.result = event.result;
				if (event.reason !== undefined) c.reason = event.reason;
			}, true);
		case "tool_preference_set":
			return { ...state, preferences: withKey(state.preferences, event.tool, event.preference) };
		case "question_asked":
			return onQuestionAsked(state, event);
		case "question_answered": {
			const question = state.questions[event.askId];
			if (!question) return state;
			return {
				...state,
				questions: withKey(state.questions, event.askId, { ...question, answers: event.answers }),
				openQuestions: state.openQuestions.filter((id) => id !== event.askId),
			};
		}
		case "edit_intent_declared":
			return onEditDeclared(state, event);
		case "edit_applied":
		case "edit_reverted": {
			const edit = event.editId !== undefined ? state.edits[event.editId] : undefined;
			if (!edit) return state;
			const outcome = { versionId: event.versionId, added: event.added, removed: event.removed };
			// The history names the note where it is now (it follows renames): the card follows it too.
			const { reverted: _reverted, restored: _restored, ...rest } = { ...edit, path: event.path };
			let updated: EditView;
			if (event.type === "edit_applied") updated = { ...edit, path: event.path, applied: outcome };
			else updated = event.restored === true ? { ...rest, restored: outcome } : { ...rest, reverted: outcome };
			return { ...state, edits: withKey(state.edits, edit.editId, updated) };
		}
		case "item_pinned":
			if (state.pinned.some((p) => samePinnedItem(p, event.item))) return state;
			return { ...state, pinned: pushed(state.pinned, event.item) };
		case "item_unpinned":
			if (!state.pinned.some((p) => samePinnedItem(p, event.item))) return state;
			return { ...state, pinned: state.pinned.filter((p) => !samePinnedItem(p, event.item)) };
		case "error":
			return patch(state, { errors: pushed(state.errors, { seq: event.seq, at: event.at, message: event.message, retryable: event.retryable }) });
		case "context_compacted":
			return onContextStep(state, event.at, { kind: "compacted", seq: event.seq, ...(event.tokensSaved !== undefined ? { tokensSaved: event.tokensSaved } : {}) });
		case "context_limit_reached":
			return onContextStep(state, event.at, { kind: "limit", seq: event.seq, limitTokens: event.limitTokens, stated: event.stated });
		default:
			return state;
	}
}

function onUserMessage(state: ThreadState, event: ThreadEventOf<"user_message">): ThreadState {
	if (findMessage(state.messages, event.messageId) >= 0) return state;
	return patch(state, {
		messages: pushed(state.messages, { kind: "user", messageId: event.messageId, seq: event.seq, at: event.at, content: event.content, pinned: event.pinned }),
		turns: pushed(state.turns, { userMessageId: event.messageId, startedAt: event.at, callIds: [] }),
	});
}

function onStatus(state: ThreadState, event: ThreadEventOf<"status">): ThreadState {
	let next: ThreadState;
	if (event.detail !== undefined) next = patch(state, { status: event.status, statusDetail: event.detail });
	else if (state.statusDetail === undefined) next = patch(state, { status: event.status });
	else {
		// The detail goes: a copy without the key (deleting it would slow every later access).
		const { statusDetail: _dropped, ...rest } = state;
		next = { ...rest, status: event.status };
	}
	const last = next.turns[next.turns.length - 1];
	if (!last) return next;
	const ends = event.status === "idle" || event.status === "error";
	if (ends && last.endedAt === undefined) return patch(next, { turns: replaceLast(next.turns, edited(last, (turn) => void (turn.endedAt = event.at))) });
	// Work resumed after the turn ended (a retry): the same turn is running again.
	if (!ends && last.endedAt !== undefined) {
		const { endedAt: _ended, ...open } = last;
		return patch(next, { turns: replaceLast(next.turns, open) });
	}
	return next;
}

function onProposed(state: ThreadState, event: ThreadEventOf<"tool_call_proposed">): ThreadState {
	if (state.toolCalls[event.callId]) return state;
	let call: ToolCallView = {
		callId: event.callId,
		tool: event.tool,
		args: event.args,
		messageId: event.messageId,
		proposedSeq: event.seq,
		proposedAt: event.at,
		phase: "proposed",
		...(event.words !== undefined ? { words: event.words } : {}),
	};
	// edit_intent_declared is emitted from streaming partial arguments, so it may come first.
	const editId = foldIndex ? foldIndex.editByCall.get(event.callId) : state.editOrder.find((id) => state.edits[id]?.callId === event.callId);
	if (editId !== undefined) call = { ...call, editId };
	const askId = foldIndex ? foldIndex.askByCall.get(event.callId) : Object.keys(state.questions).find((id) => state.questions[id]?.callId === event.callId);
	if (askId !== undefined) call = { ...call, askId };

	let messages = state.messages;
	const index = findMessage(messages, event.messageId);
	const message = index >= 0 ? messages[index] : undefined;
	if (message && message.kind === "assistant") {
		messages = replaceAt(messages, index, edited(message, (m) => void (m.toolCallIds = pushed(m.toolCallIds, event.callId))));
	}
	let turns = state.turns;
	const last = turns[turns.length - 1];
	turns = last
		? replaceLast(turns, edited(last, (turn) => void (turn.callIds = pushed(turn.callIds, event.callId))))
		: [{ userMessageId: null, startedAt: event.at, callIds: [event.callId] } satisfies TurnView];
	return patch(state, {
		messages,
		turns,
		toolCalls: withKey(state.toolCalls, event.callId, call),
		toolCallOrder: pushed(state.toolCallOrder, event.callId),
		pendingApprovals: pushed(state.pendingApprovals, event.callId),
	});
}

/** A step of the turn the event happened in (the conversation itself is unchanged). */
function onContextStep(state: ThreadState, at: string, step: ContextStepView): ThreadState {
	const last = state.turns[state.turns.length - 1];
	const turn: TurnView = last
		? { ...last, contextSteps: [...(last.contextSteps ?? []), step] }
		: { userMessageId: null, startedAt: at, callIds: [], contextSteps: [step] };
	return { ...state, turns: last ? replaceLast(state.turns, turn) : pushed(state.turns, turn) };
}

function onQuestionAsked(state: ThreadState, event: ThreadEventOf<"question_asked">): ThreadState {
	if (state.questions[event.askId]) return state;
	if (foldIndex && !foldIndex.askByCall.has(event.callId)) foldIndex.askByCall.set(event.callId, event.askId);
	const next: ThreadState = {
		...state,
		questions: withKey(state.questions, event.askId, { askId: event.askId, callId: event.callId, questions: event.questions }),
		openQuestions: pushed(state.openQuestions, event.askId),
	};
	return updateCall(next, event.callId, (c) => void (c.askId = event.askId), false);
}

function onEditDeclared(state: ThreadState, event: ThreadEventOf<"edit_intent_declared">): ThreadState {
	if (state.edits[event.editId]) return state;
	if (foldIndex && !foldIndex.editByCall.has(event.callId)) foldIndex.editByCall.set(event.callId, event.editId);
	const next: ThreadState = {
		...state,
		edits: withKey(state.edits, event.editId, {
			editId: event.editId,
			callId: event.callId,
			path: event.path,
			operation: event.operation,
			description: event.description,
		}),
		editOrder: pushed(state.editOrder, event.editId),
	};
	return updateCall(next, event.callId, (c) => void (c.editId = event.editId), false);
}

/** Updates a known call; `settles` removes it from pendingApprovals (it left the proposed phase). */
function updateCall(state: ThreadState, callId: string, change: (call: ToolCallView) => void, settles: boolean): ThreadState {
	const call = state.toolCalls[callId];
	if (!call) return state;
	const pending = state.pendingApprovals;
	const next = patch(state, { toolCalls: withKey(state.toolCalls, callId, edited(call, change)) });
	if (settles && pending.includes(callId)) next.pendingApprovals = pending.filter((id) => id !== callId);
	return next;
}

function updateAssistant(state: ThreadState, messageId: string, change: (m: AssistantMessageView) => void): ThreadState {
	const index = findMessage(state.messages, messageId);
	const message = index >= 0 ? state.messages[index] : undefined;
	if (!message || message.kind !== "assistant") return state;
	return patch(state, { messages: replaceAt(state.messages, index, edited(message, change)) });
}

/**
 * `change` applied to a shallow copy of item, which is returned (the structural sharing `apply`
 * promises). Inside project the item is the fold's own, so it changes in place: a copy (or an
 * Object.assign) per call event was a third of what folding a long thread cost.
 */
function edited<T extends object>(item: T, change: (draft: T) => void): T {
	const draft = transient ? item : { ...item };
	change(draft);
	return draft;
}

/** Inside project: the message is the fold's own, so the token is added to it, not to a copy. */
function appendTokenInPlace(state: ThreadState, messageId: string, text: string): ThreadState {
	const message = state.messages[findMessage(state.messages, messageId)];
	if (message?.kind === "assistant") message.text += text;
	return state;
}

/** Searches from the end: the message being streamed is almost always the last one. */
function findMessage(messages: readonly MessageView[], messageId: string): number {
	// The streaming message first: most lookups are its tokens, and a compare beats a hash lookup.
	if (messages[messages.length - 1]?.messageId === messageId) return messages.length - 1;
	if (foldIndex) {
		for (; foldIndex.indexed < messages.length; foldIndex.indexed++) foldIndex.ids.set(messages[foldIndex.indexed]?.messageId ?? "", foldIndex.indexed);
		return foldIndex.ids.get(messageId) ?? -1;
	}
	for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.messageId === messageId) return i;
	return -1;
}

/** `{ ...state, ...changes }`; inside project the fold's own state changes in place instead. */
function patch(state: ThreadState, changes: Partial<ThreadState>): ThreadState {
	return transient ? Object.assign(state, changes) : { ...state, ...changes };
}

function replaceAt<T>(items: T[], index: number, item: T): T[] {
	if (transient) {
		items[index] = item;
		return items;
	}
	const copy = items.slice();
	copy[index] = item;
	return copy;
}

function pushed<T>(items: T[], item: T): T[] {
	if (transient) {
		items.push(item);
		return items;
	}
	return [...items, item];
}

function withKey<T>(record: Record<string, T>, key: string, value: T): Record<string, T> {
	if (transient) {
		record[key] = value;
		return record;
	}
	return { ...record, [key]: value };
}

function replaceLast<T>(items: T[], item: T): T[] {
	return replaceAt(items, items.length - 1, item);
}
