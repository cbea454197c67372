/**
 * The pure fold of a thread's events into the ThreadState a view renders.
 *
 * `apply` never mutates its input: it returns a new state whose unchanged parts are the very same
 * objects as before (structural sharing), so React can compare by reference. `project` is the
 * same fold over a list, which is why replaying a log and folding live events give deep-equal
 * states; it only writes in place, through fold-writes.ts, what it built itself. Every known event
 * type has its case (a new one fails typecheck until it is folded); unknown events (from a newer
 * Redline) only advance lastSeq.
 */
import type { PinnedItem, PinScope, StoredEvent, ThreadEvent, ThreadEventOf } from "./events";
import { isKnownEvent } from "./events";
import { samePinnedItem } from "./pinned-items";
import { FoldWrites } from "./fold-writes";
import { inSlices } from "./slices";
import type {
	AssistantMessageView,
	ContextStepView,
	EditView,
	MessageView,
	ThreadState,
	ToolCallView,
	TurnView,
} from "./state";
import { cutTitle, storedTitle } from "./title-limit";
import { addRoleUsage, NO_ROLE_USAGE } from "./usage";
import type { ModelRole } from "./usage";
import type { ModelUsage } from "./events";

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
		openReviews: [],
		edits: {},
		editOrder: [],
		pinned: [],
		preferences: {},
		turns: [],
		errors: [],
		usage: NO_ROLE_USAGE,
		budgetResumes: 0,
	};
}

/** The state after every event, from the empty state (a replay: see fold-writes.ts). */
export function project(threadId: string, events: readonly StoredEvent[]): ThreadState {
	const w = FoldWrites.replay();
	let state = emptyState(threadId);
	for (const event of events) state = step(state, event, w);
	return state;
}

/** The state after one more event; `state` is left as it was. */
export function apply(state: ThreadState, event: StoredEvent): ThreadState {
	return step(state, event, FoldWrites.copying);
}

/**
 * A thread's state kept live by one owner (the thread's log; the pane), at a cost per event that
 * does not grow with the thread: `apply` copies the toolCalls, edits and questions records and
 * the arrays on each change, O(calls) per call event, while this fold writes the containers it
 * built in place (fold-writes.ts, `owning`). Each state it returns is a new object, and so is each
 * changed entry (a call, an edit, a message, a turn), so a view still sees what changed by
 * reference; the containers are shared with the states it returned before, which therefore show
 * their later changes. So: only the owner holds its states across events; a state handed to
 * anyone else goes through `shared()`, which gives its containers up (they stay as they are).
 */
export class LiveFold {
	private readonly w: FoldWrites;
	private current: ThreadState;

	private constructor(w: FoldWrites, state: ThreadState) {
		this.w = w;
		this.current = state;
	}

	/**
	 * The fold of `events` from the empty state (one replay in place, as `project`), for the
	 * thread's log: its arrays are written in place too.
	 */
	static replay(threadId: string, events: readonly StoredEvent[]): LiveFold {
		const w = FoldWrites.owning({ arrays: true, replayFirst: true });
		let state = emptyState(threadId);
		for (const event of events) state = step(state, event, w);
		w.live(state);
		return new LiveFold(w, state);
	}

	/** `replay` in slices (src/log/slices.ts), for a long log opened while the host serves others. */
	static async replayInSlices(
		threadId: string,
		events: readonly StoredEvent[],
		stopped?: () => boolean,
	): Promise<LiveFold | null> {
		const w = FoldWrites.owning({ arrays: true, replayFirst: true });
		let state = emptyState(threadId);
		const whole = await inSlices(
			events.length,
			(i) => {
				state = step(state, events[i], w);
			},
			stopped,
		);
		if (!whole) return null;
		w.live(state);
		return new LiveFold(w, state);
	}

	/**
	 * Continues from a state it did not build (a stored snapshot's), as the log's own fold: its
	 * containers are copied once, on their first change, and written in place after that (`from`
	 * copies a view's arrays on every change: folding a long tail that way was quadratic).
	 */
	static adopting(state: ThreadState): LiveFold {
		const w = FoldWrites.owning({ arrays: true });
		w.adopt(state);
		return new LiveFold(w, state);
	}

	/**
	 * Continues from a state someone else folded and gave up (the log's `sharedState()`, handed
	 * over in-process), for a view: it is never written (its containers are copied on their
	 * first change), and the arrays stay copied on every change, as views compare them.
	 */
	static from(state: ThreadState): LiveFold {
		const w = FoldWrites.owning({ arrays: false });
		w.adopt(state);
		return new LiveFold(w, state);
	}

	/** The current state: the owner's, whose containers later events change in place. */
	state(): ThreadState {
		return this.current;
	}

	/**
	 * The current state, for someone else to keep: the fold gives its containers up, so this state
	 * never changes (the next change of each container copies it, once).
	 */
	shared(): ThreadState {
		this.w.disown();
		return this.current;
	}

	/** The state after one more event. */
	apply(event: StoredEvent): ThreadState {
		this.current = step(this.current, event, this.w);
		return this.current;
	}
}

function step(state: ThreadState, event: StoredEvent, w: FoldWrites): ThreadState {
	// An event of a type this version does not know is ignored: it only advances lastSeq.
	const next = isKnownEvent(event) ? applyKnown(state, event, w) : state;
	return next.lastSeq === event.seq ? next : w.advanced(next, event.seq);
}

/** How long a pin lasts; a pin with no scope (older logs) is kept for the chat. */
export function pinScope(item: PinnedItem): PinScope {
	return item.scope ?? "chat";
}

/** Same item: same kind and target, whatever its scope (pinned-items.ts). */
export { samePinnedItem };

function applyKnown(state: ThreadState, event: ThreadEvent, w: FoldWrites): ThreadState {
	switch (event.type) {
		case "thread_created":
			// Cut here too: an older log may hold a title from before the limit (title-limit.ts).
			return { ...state, createdAt: event.at, ...(event.title !== undefined ? { title: cutTitle(event.title) } : {}) };
		case "thread_renamed": {
			const renamed = { ...state, title: storedTitle(event.title, event.by) };
			return event.usage ? withUsage(renamed, "apply", event.usage, w) : renamed;
		}
		case "user_message":
			return onUserMessage(state, event, w);
		case "assistant_message_started":
			if (findMessage(state.messages, event.messageId, w) >= 0) return state;
			return w.patch(state, {
				messages: w.pushed(state.messages, {
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
			return updateAssistant(state, event.messageId, (m) => void (m.text += event.text), w);
		case "assistant_reasoning":
			return updateAssistant(
				state,
				event.messageId,
				(m) => {
					const moved = event.fromAnswer === undefined ? "" : m.text.slice(0, event.fromAnswer);
					m.text = m.text.slice(moved.length);
					m.reasoning = { text: (m.reasoning?.text ?? "") + moved + event.text, lastAt: event.at };
				},
				w,
			);
		case "assistant_message_completed": {
			const next = updateAssistant(
				state,
				event.messageId,
				(m) => {
					m.streaming = false;
					m.finishReason = event.finishReason;
				},
				w,
			);
			return event.usage ? withUsage(next, "main", event.usage, w) : next;
		}
		case "status":
			return onStatus(state, event, w);
		case "tool_call_proposed":
			return onProposed(state, event, w);
		case "tool_call_decided":
			return updateCall(
				state,
				event.callId,
				(c) => {
					if (c.phase === "proposed") c.phase = event.decision;
					c.decision = event.decision;
					c.decidedBy = event.by;
					if (event.comment !== undefined) c.comment = event.comment;
					if (event.reason !== undefined) c.reason = event.reason;
				},
				true,
				w,
			);
		case "tool_call_started":
			return updateCall(
				state,
				event.callId,
				(c) => {
					c.phase = "running";
					c.startedAt = event.at;
				},
				true,
				w,
			);
		case "tool_call_progress":
			return updateCall(
				state,
				event.callId,
				(c) => {
					c.progress = {
						phase: event.phase,
						...(event.fraction !== undefined ? { fraction: event.fraction } : {}),
						...(event.changes !== undefined ? { changes: event.changes } : {}),
					};
				},
				false,
				w,
			);
		case "tool_call_completed":
			return updateCall(
				state,
				event.callId,
				(c) => {
					c.phase = "completed";
					c.completedAt = event.at;
					c.result = event.result;
					if (event.reason !== undefined) c.reason = event.reason;
				},
				true,
				w,
			);
		case "tool_preference_set":
			// A handful of tools, always copied: views compare the record itself.
			return { ...state, preferences: { ...state.preferences, [event.tool]: event.preference } };
		case "question_asked":
			return onQuestionAsked(state, event, w);
		case "question_answered": {
			const question = state.questions[event.askId];
			if (!question) return state;
			return {
				...state,
				questions: w.withKey(state.questions, event.askId, {
					...question,
					answers: event.answers,
					...(event.skipped === true ? { skipped: true } : {}),
				}),
				openQuestions: state.openQuestions.filter((id) => id !== event.askId),
			};
		}
		case "edit_intent_declared":
			return onEditDeclared(state, event, w);
		case "edit_applied":
		case "edit_reverted": {
			if (event.type === "edit_applied" && event.usage) state = withUsage(state, "apply", event.usage, w);
			const edit = event.editId !== undefined ? state.edits[event.editId] : undefined;
			if (!edit) return state;
			const outcome = { versionId: event.versionId, added: event.added, removed: event.removed };
			const notRestored = event.type === "edit_reverted" && event.notRestored?.length ? event.notRestored : undefined;
			// The history names the note where it is now (it follows renames): the card follows it too.
			const { reverted: _reverted, restored: _restored, ...rest } = { ...edit, path: event.path };
			let updated: EditView;
			if (event.type === "edit_applied") updated = { ...edit, path: event.path, applied: outcome };
			else
				updated =
					event.restored === true
						? { ...rest, restored: outcome }
						: { ...rest, reverted: notRestored ? { ...outcome, notRestored } : outcome };
			return { ...state, edits: w.withKey(state.edits, edit.editId, updated) };
		}
		case "edit_proposed":
			return onEditProposed(event.usage ? withUsage(state, "apply", event.usage, w) : state, event, w);
		case "turn_paused": {
			const { reason, spent, budget, steps } = event;
			const pause = {
				seq: event.seq,
				reason,
				...(spent ? { spent } : {}),
				...(budget ? { budget } : {}),
				...(steps !== undefined ? { steps } : {}),
			};
			return { ...unpaused(state), pause };
		}
		case "turn_resumed":
			return {
				...unpaused(state),
				resumedSeq: event.seq,
				budgetResumes: state.budgetResumes + (event.reason === "budget" ? 1 : 0),
			};
		case "edit_reviewed":
			return onEditReviewed(state, event, w);
		case "item_pinned": {
			const at = state.pinned.findIndex((p) => samePinnedItem(p, event.item));
			if (at < 0) return { ...state, pinned: w.pushed(state.pinned, event.item) };
			// Pinned already: the event changes its scope (the chip's Keep), in place.
			if (pinScope(state.pinned[at]) === pinScope(event.item)) return state;
			return { ...state, pinned: state.pinned.map((p, i) => (i === at ? event.item : p)) };
		}
		case "item_unpinned":
			if (!state.pinned.some((p) => samePinnedItem(p, event.item))) return state;
			return { ...state, pinned: state.pinned.filter((p) => !samePinnedItem(p, event.item)) };
		case "error":
			return w.patch(state, {
				errors: w.pushed(state.errors, {
					seq: event.seq,
					at: event.at,
					message: event.message,
					retryable: event.retryable,
				}),
			});
		case "turn_undone":
			return onTurnUndone(state, event, w);
		case "context_compacted": {
			const compacted = onContextStep(
				state,
				event.at,
				{
					kind: "compacted",
					seq: event.seq,
					...(event.tokensSaved !== undefined ? { tokensSaved: event.tokensSaved } : {}),
				},
				w,
			);
			return event.usage ? withUsage(compacted, "apply", event.usage, w) : compacted;
		}
		case "usage_recorded":
			return withUsage(state, event.role, event.usage, w);
		case "context_limit_reached":
			return onContextStep(
				state,
				event.at,
				{ kind: "limit", seq: event.seq, limitTokens: event.limitTokens, stated: event.stated },
				w,
			);
		case "context_measured":
			return w.patch(state, {
				context: {
					seq: event.seq,
					tokens: event.tokens,
					parts: event.parts,
					...(event.window !== undefined ? { window: event.window } : {}),
					...(event.roomBeforeCompaction !== undefined ? { roomBeforeCompaction: event.roomBeforeCompaction } : {}),
				},
			});
		default:
			// Every known type has its case above: a type added to event-schemas.ts without one
			// fails typecheck here. At run time only an unmarked event of a type this version does
			// not know gets here (a newer Redline's, over RPC): ignored, as step ignores unknown ones.
			return ignored(event, state);
	}
}

function onUserMessage(state: ThreadState, event: ThreadEventOf<"user_message">, w: FoldWrites): ThreadState {
	if (findMessage(state.messages, event.messageId, w) >= 0) return state;
	// A new message ends a paused turn: the next one starts (and is paused again if the budget is spent).
	if (state.pause) state = unpaused(state);
	return w.patch(state, {
		messages: w.pushed(state.messages, {
			kind: "user",
			messageId: event.messageId,
			seq: event.seq,
			at: event.at,
			content: event.content,
			pinned: event.pinned,
			...(event.selection ? { selection: event.selection } : {}),
		}),
		turns: w.pushed(state.turns, { userMessageId: event.messageId, startedAt: event.at, callIds: [] }),
	});
}

function onStatus(state: ThreadState, event: ThreadEventOf<"status">, w: FoldWrites): ThreadState {
	let next: ThreadState;
	if (event.detail !== undefined) next = w.patch(state, { status: event.status, statusDetail: event.detail });
	else if (state.statusDetail === undefined) next = w.patch(state, { status: event.status });
	else {
		// The detail goes: a copy without the key (deleting it would slow every later access).
		const { statusDetail: _dropped, ...rest } = state;
		next = { ...rest, status: event.status };
	}
	// Stop on a paused turn ends it: idle (or an error) after a pause closes the pause.
	if (next.pause && (event.status === "idle" || event.status === "error")) next = unpaused(next);
	const waited = next.turns[next.turns.length - 1];
	if (!waited) return next;
	const last = timedWait(waited, event, w);
	if (last !== waited) next = w.patch(next, { turns: replaceLast(next.turns, last, w) });
	const ends = event.status === "idle" || event.status === "error";
	if (ends && last.endedAt === undefined)
		return w.patch(next, {
			turns: replaceLast(
				next.turns,
				w.edited(last, (turn) => void (turn.endedAt = event.at)),
				w,
			),
		});
	// Work resumed after the turn ended (a retry): the same turn is running again.
	if (!ends && last.endedAt !== undefined) {
		const { endedAt: _ended, ...open } = last;
		return w.patch(next, { turns: replaceLast(next.turns, open, w) });
	}
	return next;
}

const WAITING: ReadonlySet<string> = new Set([
	"waiting_for_approval",
	"waiting_for_answer",
	"waiting_for_review",
	"paused",
]);

/**
 * The turn's time waiting for the user: a wait starts when the status becomes a waiting one and
 * ends at the next status that is not ("3 steps in 4.2 s" counts the agent's time, not the user's).
 */
function timedWait(turn: TurnView, event: ThreadEventOf<"status">, w: FoldWrites): TurnView {
	const waiting = WAITING.has(event.status);
	if (waiting && turn.waitingSince === undefined) return w.edited(turn, (t) => void (t.waitingSince = event.at));
	if (waiting || turn.waitingSince === undefined) return turn;
	const ms = Date.parse(event.at) - Date.parse(turn.waitingSince);
	const { waitingSince: _since, ...rest } = turn;
	return { ...rest, waitedMs: (turn.waitedMs ?? 0) + (Number.isFinite(ms) && ms > 0 ? ms : 0) };
}

function onProposed(state: ThreadState, event: ThreadEventOf<"tool_call_proposed">, w: FoldWrites): ThreadState {
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
	const editId = w.editOfCall(state, event.callId);
	if (editId !== undefined) call = { ...call, editId };
	const askId = w.askOfCall(state, event.callId);
	if (askId !== undefined) call = { ...call, askId };

	let messages = state.messages;
	const index = findMessage(messages, event.messageId, w);
	const message = index >= 0 ? messages[index] : undefined;
	if (message && message.kind === "assistant") {
		messages = w.replaceAt(
			messages,
			index,
			w.edited(message, (m) => void (m.toolCallIds = w.pushed(m.toolCallIds, event.callId))),
		);
	}
	let turns = state.turns;
	const last = turns[turns.length - 1];
	turns = last
		? replaceLast(
				turns,
				w.edited(last, (turn) => void (turn.callIds = w.pushed(turn.callIds, event.callId))),
				w,
			)
		: [{ userMessageId: null, startedAt: event.at, callIds: [event.callId] } satisfies TurnView];
	return w.patch(state, {
		messages,
		turns,
		toolCalls: w.withKey(state.toolCalls, event.callId, call),
		toolCallOrder: w.pushed(state.toolCallOrder, event.callId),
		pendingApprovals: w.pushed(state.pendingApprovals, event.callId),
	});
}

/** The turn the message started records its last undo; a message the thread does not hold changes nothing. */
function onTurnUndone(state: ThreadState, event: ThreadEventOf<"turn_undone">, w: FoldWrites): ThreadState {
	const index = state.turns.findIndex((turn) => turn.userMessageId === event.messageId);
	const turn = state.turns[index];
	if (!turn) return state;
	const undo = { at: event.at, undone: event.undone, notUndone: event.notUndone };
	return w.patch(state, { turns: w.replaceAt(state.turns, index, { ...turn, undo }) });
}

/** A copy without the pause. */
function unpaused(state: ThreadState): ThreadState {
	if (!state.pause) return state;
	const { pause: _pause, ...rest } = state;
	return rest;
}

/** One model call's usage, added to the thread's and to its turn's (a call before any message starts none). */
function withUsage(state: ThreadState, role: ModelRole, usage: ModelUsage, w: FoldWrites): ThreadState {
	const last = state.turns[state.turns.length - 1];
	const turns = last
		? replaceLast(state.turns, { ...last, usage: addRoleUsage(last.usage ?? NO_ROLE_USAGE, role, usage) }, w)
		: state.turns;
	return w.patch(state, { usage: addRoleUsage(state.usage, role, usage), turns });
}

/** A step of the turn the event happened in (the conversation itself is unchanged). */
function onContextStep(state: ThreadState, at: string, step: ContextStepView, w: FoldWrites): ThreadState {
	const last = state.turns[state.turns.length - 1];
	const turn: TurnView = last
		? { ...last, contextSteps: [...(last.contextSteps ?? []), step] }
		: { userMessageId: null, startedAt: at, callIds: [], contextSteps: [step] };
	return { ...state, turns: last ? replaceLast(state.turns, turn, w) : w.pushed(state.turns, turn) };
}

function onQuestionAsked(state: ThreadState, event: ThreadEventOf<"question_asked">, w: FoldWrites): ThreadState {
	if (state.questions[event.askId]) return state;
	w.askedQuestion(event.callId, event.askId);
	const next: ThreadState = {
		...state,
		questions: w.withKey(state.questions, event.askId, {
			askId: event.askId,
			callId: event.callId,
			questions: event.questions,
		}),
		openQuestions: w.pushed(state.openQuestions, event.askId),
	};
	return updateCall(next, event.callId, (c) => void (c.askId = event.askId), false, w);
}

function onEditDeclared(state: ThreadState, event: ThreadEventOf<"edit_intent_declared">, w: FoldWrites): ThreadState {
	if (state.edits[event.editId]) return state;
	w.declaredEdit(event.callId, event.editId);
	const next: ThreadState = {
		...state,
		edits: w.withKey(state.edits, event.editId, {
			editId: event.editId,
			callId: event.callId,
			path: event.path,
			operation: event.operation,
			description: event.description,
		}),
		editOrder: w.pushed(state.editOrder, event.editId),
	};
	return updateCall(next, event.callId, (c) => void (c.editId = event.editId), false, w);
}

function onEditProposed(state: ThreadState, event: ThreadEventOf<"edit_proposed">, w: FoldWrites): ThreadState {
	const call = state.toolCalls[event.callId];
	if (!call || call.draft !== undefined) return state;
	const next = updateCall(
		state,
		event.callId,
		(c) =>
			void (c.draft = {
				editId: event.editId,
				path: event.path,
				changes: event.changes,
				...(event.warnings && event.warnings.length > 0 ? { warnings: event.warnings } : {}),
			}),
		false,
		w,
	);
	return w.patch(next, { openReviews: w.pushed(next.openReviews, event.callId) });
}

/** Closes the open review it decides: its call's, or the first open one of its edit. */
function onEditReviewed(state: ThreadState, event: ThreadEventOf<"edit_reviewed">, w: FoldWrites): ThreadState {
	const callId = state.openReviews.find(
		(id) => (event.callId === undefined || id === event.callId) && state.toolCalls[id]?.draft?.editId === event.editId,
	);
	if (callId === undefined) return state;
	const { accepted, rejected, replaced, comment, reason } = event;
	const reviewed = {
		accepted,
		rejected,
		...(replaced !== undefined ? { replaced } : {}),
		...(comment !== undefined ? { comment } : {}),
		...(reason !== undefined ? { reason } : {}),
	};
	const next = updateCall(state, callId, (c) => void (c.draft = c.draft && { ...c.draft, reviewed }), false, w);
	return { ...next, openReviews: next.openReviews.filter((id) => id !== callId) };
}

/** Updates a known call; `settles` removes it from pendingApprovals (it left the proposed phase). */
function updateCall(
	state: ThreadState,
	callId: string,
	change: (call: ToolCallView) => void,
	settles: boolean,
	w: FoldWrites,
): ThreadState {
	const call = state.toolCalls[callId];
	if (!call) return state;
	const pending = state.pendingApprovals;
	const next = w.patch(state, { toolCalls: w.withKey(state.toolCalls, callId, w.edited(call, change)) });
	if (settles && pending.includes(callId)) next.pendingApprovals = pending.filter((id) => id !== callId);
	return next;
}

function updateAssistant(
	state: ThreadState,
	messageId: string,
	change: (m: AssistantMessageView) => void,
	w: FoldWrites,
): ThreadState {
	const index = findMessage(state.messages, messageId, w);
	const message = index >= 0 ? state.messages[index] : undefined;
	if (!message || message.kind !== "assistant") return state;
	const messages = w.replaceAt(state.messages, index, w.edited(message, change));
	// In a replay the message changed in place, in the same array: the state is the same too.
	return messages === state.messages ? state : w.patch(state, { messages });
}

/** Searches from the end: the message being streamed is almost always the last one. */
function findMessage(messages: readonly MessageView[], messageId: string, w: FoldWrites): number {
	// The streaming message first: most lookups are its tokens, and a compare beats a hash lookup.
	if (messages[messages.length - 1]?.messageId === messageId) return messages.length - 1;
	return w.indexOfMessage(messages, messageId);
}

function replaceLast<T>(items: T[], item: T, w: FoldWrites): T[] {
	return w.replaceAt(items, items.length - 1, item);
}

/** The end of an exhaustive switch: typecheck fails at the call while some known type has no case. */
function ignored(_event: never, state: ThreadState): ThreadState {
	return state;
}
