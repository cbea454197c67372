/**
 * How the fold (projection.ts) writes the state it returns: the one speed-up of an otherwise pure
 * function, handed to it explicitly.
 *
 * - `FoldWrites.copying`, for `apply` (one live event): every write copies the container it
 *   changes, and the unchanged parts stay the very same objects (structural sharing), so a view
 *   holding the previous state sees it unchanged and React compares by reference.
 * - `FoldWrites.replay()`, for `project` (a whole log): no one can see the states in between, so
 *   the containers the fold built itself (messages, toolCalls, turns, ...) grow in place and the
 *   state object changes in place. A copy per event made opening a long thread quadratic (4,000
 *   tool calls: 12 s); in place, a 50,000-event replay is linear and cheap. A replay also keeps
 *   the lookups a scan would make quadratic: where each message is (every new message is looked
 *   up first, so a replayed event does not add it twice; messages are only ever appended, so the
 *   map catches up with the array's tail), and which edit intent or question belongs to a call
 *   (looked up for every proposed call; the first one, as a scan finds it).
 *
 * Both give deep-equal states for the same events (test/log/projection.test.ts).
 */
import type { MessageView, ThreadState } from "./state";

/**
 * One class for both ways, chosen by a field, so the fold's calls to it stay monomorphic (two
 * classes made a replay after live appends measurably slower).
 */
export class FoldWrites {
	/** Copy-on-write, for `apply`: shared, it holds nothing. */
	static readonly copying = new FoldWrites(null);

	/** In place, for one replay: a new one per `project` (its lookups are of that fold). */
	static replay(): FoldWrites {
		return new FoldWrites({ ids: new Map(), indexed: 0, editByCall: new Map(), askByCall: new Map() });
	}

	/** Set while replaying: writes go in place, and these lookups keep up with the state. */
	private constructor(private readonly lookups: ReplayLookups | null) {}

	/** `{ ...state, ...changes }`, or the state itself changed. */
	patch(state: ThreadState, changes: Partial<ThreadState>): ThreadState {
		return this.lookups ? Object.assign(state, changes) : { ...state, ...changes };
	}

	/** The state with lastSeq set (a field the fold sets after every event). */
	advanced(state: ThreadState, seq: number): ThreadState {
		if (!this.lookups) return { ...state, lastSeq: seq };
		state.lastSeq = seq;
		return state;
	}

	/** items with item appended. */
	pushed<T>(items: T[], item: T): T[] {
		if (!this.lookups) return [...items, item];
		items.push(item);
		return items;
	}

	/** items with items[index] replaced by item. */
	replaceAt<T>(items: T[], index: number, item: T): T[] {
		const target = this.lookups ? items : items.slice();
		target[index] = item;
		return target;
	}

	/** record with record[key] set to value. */
	withKey<T>(record: Record<string, T>, key: string, value: T): Record<string, T> {
		if (!this.lookups) return { ...record, [key]: value };
		record[key] = value;
		return record;
	}

	/**
	 * `change` applied to a shallow copy of item, which is returned; in a replay the item is the
	 * fold's own and changes in place (a copy, or an Object.assign, per call event was a third of
	 * what folding a long thread cost).
	 */
	edited<T extends object>(item: T, change: (draft: T) => void): T {
		const draft = this.lookups ? item : { ...item };
		change(draft);
		return draft;
	}

	/** Where the message is, or -1 (the fold checks the last message before asking). */
	indexOfMessage(messages: readonly MessageView[], messageId: string): number {
		const lookups = this.lookups;
		if (lookups) {
			for (; lookups.indexed < messages.length; lookups.indexed++)
				lookups.ids.set(messages[lookups.indexed]?.messageId ?? "", lookups.indexed);
			return lookups.ids.get(messageId) ?? -1;
		}
		for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.messageId === messageId) return i;
		return -1;
	}

	/** The first edit intent declared for a call. */
	editOfCall(state: ThreadState, callId: string): string | undefined {
		if (this.lookups) return this.lookups.editByCall.get(callId);
		return state.editOrder.find((id) => state.edits[id]?.callId === callId);
	}

	/** The first question asked by a call. */
	askOfCall(state: ThreadState, callId: string): string | undefined {
		if (this.lookups) return this.lookups.askByCall.get(callId);
		return Object.keys(state.questions).find((id) => state.questions[id]?.callId === callId);
	}

	/** Told when an intent is added for a call, so a replay's lookup keeps up. */
	declaredEdit(callId: string, editId: string): void {
		if (this.lookups && !this.lookups.editByCall.has(callId)) this.lookups.editByCall.set(callId, editId);
	}

	/** Told when a question is added for a call, so a replay's lookup keeps up. */
	askedQuestion(callId: string, askId: string): void {
		if (this.lookups && !this.lookups.askByCall.has(callId)) this.lookups.askByCall.set(callId, askId);
	}
}

interface ReplayLookups {
	ids: Map<string, number>;
	indexed: number;
	editByCall: Map<string, string>;
	askByCall: Map<string, string>;
}
