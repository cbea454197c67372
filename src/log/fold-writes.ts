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
 * - `FoldWrites.owning()`, for a live fold that one owner keeps (LiveFold): every state and every
 *   changed entry (a call, an edit, a message, a turn) is a new object, as when copying, but a
 *   container this fold built itself is written in place: the records (toolCalls, edits,
 *   questions; the few preferences are copied), and for the thread's log the arrays too (the pane's arrays are
 *   copied: its views compare them by reference). A record copy per call event was O(calls) per
 *   step: 1.3 s of a 25-step turn at 20,000 calls. A container it did not build (a state it
 *   adopted, or one it handed out and gave up with `disown`) is copied once, on its first change,
 *   and owned from then on. So a state this fold returned earlier shows its containers' later
 *   changes: it is only the previous version of the same owner's state (LiveFold, projection.ts,
 *   says who may hold one). The replay's lookups are kept, so a new message or call is found
 *   without a scan.
 *
 * All give deep-equal states for the same events (test/log/projection.test.ts,
 * test/log/live-fold.property.test.ts).
 */
import type { MessageView, ThreadState } from "./state";

/**
 * One class for every way, chosen by fields, so the fold's calls to it stay monomorphic (two
 * classes made a replay after live appends measurably slower).
 */
export class FoldWrites {
	/** Copy-on-write, for `apply`: shared, it holds nothing. */
	static readonly copying = new FoldWrites(null, false);

	/** In place, for one replay: a new one per `project` (its lookups are of that fold). */
	static replay(): FoldWrites {
		return new FoldWrites(newLookups(), true);
	}

	/**
	 * For one live fold, applied only to the state it returned last: the containers it built
	 * (records; arrays too when `arrays`) are written in place. `replayFirst`: a log is replayed
	 * in place first (`live()` ends the replay).
	 */
	static owning(options: { arrays: boolean; replayFirst?: boolean }): FoldWrites {
		const writes = new FoldWrites(newLookups(), options.replayFirst === true);
		writes.owned = new WeakSet();
		writes.ownArrays = options.arrays;
		return writes;
	}

	/** Containers this fold built and may write in place (owning only). */
	private owned: WeakSet<object> | null = null;
	/** Arrays too are written in place when owned (else only records). */
	private ownArrays = false;

	/**
	 * lookups: set while replaying or owning, so these lookups keep up with the state. inPlace:
	 * everything is written in place (a replay, which no one sees until it ends).
	 */
	private constructor(
		private readonly lookups: ReplayLookups | null,
		private inPlace: boolean,
	) {}

	/**
	 * Ends an owning fold's replay: the containers the replay built are this fold's own; from now
	 * on states and entries are copied when they change, containers only when not owned.
	 */
	live(state: ThreadState): void {
		this.inPlace = false;
		const owned = this.owned;
		if (!owned) return;
		for (const record of [state.toolCalls, state.edits, state.questions]) owned.add(record);
		if (!this.ownArrays) return;
		for (const array of [
			state.messages,
			state.toolCallOrder,
			state.pendingApprovals,
			state.openQuestions,
			state.openReviews,
			state.editOrder,
			state.pinned,
			state.turns,
			state.errors,
		])
			owned.add(array);
	}

	/**
	 * Gives up every container built so far: they now belong to whoever was handed the state (a
	 * view), and stay as they are; each is copied on its next change (O(its size), once).
	 */
	disown(): void {
		if (this.owned) this.owned = new WeakSet();
	}

	/**
	 * Starts an owning fold from a state it did not build (never written: its containers are
	 * copied on their first change): the lookups are read from it once.
	 */
	adopt(state: ThreadState): void {
		const lookups = this.lookups;
		if (!lookups) return;
		for (const editId of state.editOrder) {
			const callId = state.edits[editId]?.callId;
			if (callId !== undefined) this.declaredEdit(callId, editId);
		}
		for (const [askId, question] of Object.entries(state.questions)) this.askedQuestion(question.callId, askId);
	}

	/** `{ ...state, ...changes }`, or the state itself changed. */
	patch(state: ThreadState, changes: Partial<ThreadState>): ThreadState {
		return this.inPlace ? Object.assign(state, changes) : { ...state, ...changes };
	}

	/** The state with lastSeq set (a field the fold sets after every event). */
	advanced(state: ThreadState, seq: number): ThreadState {
		if (!this.inPlace) return { ...state, lastSeq: seq };
		state.lastSeq = seq;
		return state;
	}

	/** items with item appended. */
	pushed<T>(items: T[], item: T): T[] {
		if (this.inPlace || (this.ownArrays && this.owned?.has(items))) {
			items.push(item);
			return items;
		}
		return this.own([...items, item]);
	}

	/** items with items[index] replaced by item. */
	replaceAt<T>(items: T[], index: number, item: T): T[] {
		const target = this.inPlace || (this.ownArrays && this.owned?.has(items)) ? items : this.own(items.slice());
		target[index] = item;
		return target;
	}

	/** record with record[key] set to value: in place when this fold owns the record. */
	withKey<T>(record: Record<string, T>, key: string, value: T): Record<string, T> {
		if (this.inPlace || this.owned?.has(record)) {
			record[key] = value;
			return record;
		}
		const copy = { ...record, [key]: value };
		this.owned?.add(copy);
		return copy;
	}

	/** A copy the fold made: an owning fold writes it in place from now on. */
	private own<T extends unknown[]>(array: T): T {
		if (this.ownArrays) this.owned?.add(array);
		return array;
	}

	/**
	 * `change` applied to a shallow copy of item, which is returned; in a replay the item is the
	 * fold's own and changes in place (a copy, or an Object.assign, per call event was a third of
	 * what folding a long thread cost).
	 */
	edited<T extends object>(item: T, change: (draft: T) => void): T {
		const draft = this.inPlace ? item : { ...item };
		change(draft);
		return draft;
	}

	/** Where the message is, or -1 (the fold checks the last message before asking). */
	indexOfMessage(messages: readonly MessageView[], messageId: string): number {
		const lookups = this.lookups;
		if (lookups) {
			// Messages are only appended, and replaced at their index: the map catches up with the tail.
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

function newLookups(): ReplayLookups {
	return { ids: new Map(), indexed: 0, editByCall: new Map(), askByCall: new Map() };
}
