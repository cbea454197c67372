/**
 * One thread's append-only event log: in memory for subscribers (synchronous append, stamped
 * seq/threadId/at, state kept by `apply`) and persisted through the Store port as JSON lines at
 * `threads/<threadId>.jsonl` (log-codec.ts explains how tokens are coalesced on disk).
 *
 * Persistence is asynchronous and serialized: tokens are written at most every 250 ms while they
 * stream (a crash loses at most the last quarter second of text), every other event is written
 * at once, because it is a decision point the user may act on after a restart.
 */
import type { Store } from "../store/store";
import type { ThreadHandle } from "./driver";
import type { NewEvent, StoredEvent, ThreadEvent } from "./events";
import { encodeEvents, parseLog } from "./log-codec";
import { apply, emptyState } from "./projection";
import type { ThreadState } from "./state";

export const TOKEN_FLUSH_MS = 250;

export function threadLogKey(threadId: string): string {
	return `threads/${threadId}.jsonl`;
}

/**
 * The core also runs in Node (sandbox, tests), where there is no window: the global timers,
 * looked up at each use so that test clocks installed later apply.
 */
const timers = {
	get set() {
		return setTimeout;
	},
	get clear() {
		return clearTimeout;
	},
};

export type EventListener = (event: StoredEvent) => void;

export interface ThreadLogOptions {
	now?: () => Date;
	/** Called after each successful write (the service refreshes its index then). */
	onPersisted?: (log: ThreadLog) => void;
}

export class ThreadLog implements ThreadHandle {
	private readonly all: StoredEvent[] = [];
	private current: ThreadState;
	private nextSeq = 1;
	private readonly listeners = new Set<EventListener>();
	private readonly discardListeners = new Set<() => void>();
	private unwritten: StoredEvent[] = [];
	private writing: Promise<void> = Promise.resolve();
	private queued: Promise<void> | null = null;
	private timer: ReturnType<typeof setTimeout> | null = null;
	private discarded = false;
	private readonly now: () => Date;

	constructor(
		readonly threadId: string,
		private readonly store: Store,
		private readonly options: ThreadLogOptions = {},
		loaded: readonly StoredEvent[] = [],
	) {
		this.now = options.now ?? (() => new Date());
		this.current = emptyState(threadId);
		for (const event of loaded) {
			this.all.push(event);
			this.current = apply(this.current, event);
		}
		this.nextSeq = this.current.lastSeq + 1;
	}

	/** Reads a thread's log from the store; skipped lines are reported with console.warn. */
	static async open(store: Store, threadId: string, options: ThreadLogOptions = {}): Promise<ThreadLog | null> {
		const text = await store.read(threadLogKey(threadId));
		if (text === null) return null;
		const { events, skipped } = parseLog(threadId, text);
		if (skipped.length > 0) console.warn(`Redline: skipped ${skipped.length} unreadable line(s) in thread ${threadId}: ${skipped.join("; ")}`);
		return new ThreadLog(threadId, store, options, events);
	}

	events(): readonly StoredEvent[] {
		return this.all;
	}

	state(): ThreadState {
		return this.current;
	}

	/** Events with seq > nonce (binary search: seqs increase). */
	eventsAfter(nonce: number): StoredEvent[] {
		let lo = 0;
		let hi = this.all.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if ((this.all[mid]).seq <= nonce) lo = mid + 1;
			else hi = mid;
		}
		return this.all.slice(lo);
	}

	append(event: NewEvent): ThreadEvent {
		if (this.discarded) throw new Error(`Thread ${this.threadId} was deleted`);
		const stamped = { ...toJsonShape(event), seq: this.nextSeq++, threadId: this.threadId, at: this.now().toISOString() };
		this.all.push(stamped);
		this.current = apply(this.current, stamped);
		this.unwritten.push(stamped);
		if (stamped.type === "assistant_token") {
			this.timer ??= timers.set(() => void this.flush().catch(() => undefined), TOKEN_FLUSH_MS);
		} else {
			void this.flush().catch(() => undefined);
		}
		for (const listener of this.listeners) {
			try {
				listener(stamped);
			} catch (error) {
				console.warn("Redline: a thread subscriber failed", error);
			}
		}
		return stamped;
	}

	/** Skips seqs, so that events a client may have seen before a crash lost them are never reused. */
	skipSeqs(count: number): void {
		this.nextSeq += count;
	}

	/** Registers a listener for appended events; returns the function that removes it. */
	listen(listener: EventListener): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Registers a callback for when the thread is deleted; returns the function that removes it. */
	onDiscard(listener: () => void): () => void {
		this.discardListeners.add(listener);
		return () => this.discardListeners.delete(listener);
	}

	/** True once the thread was deleted: nothing more is appended, persisted or announced. */
	isDiscarded(): boolean {
		return this.discarded;
	}

	flush(): Promise<void> {
		this.stopTimer();
		if (this.unwritten.length === 0 || this.discarded) return this.queued ?? this.writing;
		// One write waits at a time and takes everything unwritten when its turn comes, so a burst
		// of decision points becomes one store append instead of one per event.
		if (this.queued) return this.queued;
		const write = this.writing.then(async () => {
			this.queued = null;
			const batch = this.unwritten;
			this.unwritten = [];
			if (batch.length === 0 || this.discarded) return;
			await this.store.append(threadLogKey(this.threadId), encodeEvents(batch));
			this.options.onPersisted?.(this);
		});
		this.queued = write;
		// The chain goes on after a failed write; the failure is reported once, here.
		this.writing = write.catch((error) => console.warn(`Redline: could not persist thread ${this.threadId}`, error));
		return write;
	}

	/**
	 * Stops persisting and notifying (the thread was deleted); pending writes are dropped. The
	 * discard listeners run last, once, so that subscribers can say goodbye.
	 */
	discard(): void {
		if (this.discarded) return;
		this.discarded = true;
		this.stopTimer();
		this.unwritten = [];
		this.listeners.clear();
		const goodbyes = [...this.discardListeners];
		this.discardListeners.clear();
		for (const listener of goodbyes) {
			try {
				listener();
			} catch (error) {
				console.warn("Redline: a thread subscriber failed", error);
			}
		}
	}

	private stopTimer(): void {
		if (this.timer !== null) timers.clear(this.timer);
		this.timer = null;
	}

	/** Resolves once everything written so far has reached the store. */
	settled(): Promise<void> {
		return this.writing;
	}
}

/**
 * What the event will be once read back from disk: undefined fields dropped, no shared mutable
 * objects with the producer. Live subscribers then see exactly what a replay rebuilds. Tokens,
 * by far the most frequent, are flat strings and skip the round trip.
 */
function toJsonShape(event: NewEvent): NewEvent {
	if (event.type === "assistant_token") return { type: event.type, messageId: event.messageId, text: event.text };
	return JSON.parse(JSON.stringify(event)) as NewEvent;
}
