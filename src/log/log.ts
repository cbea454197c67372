/**
 * One thread's append-only event log: in memory for subscribers (synchronous append, stamped
 * seq/threadId/at, state kept by a LiveFold) and persisted through the Store port as JSON lines at
 * `threads/<threadId>.jsonl` (log-codec.ts explains how tokens are coalesced on disk).
 *
 * Persistence is asynchronous and serialized: tokens and reasoning are written at most every 250 ms
 * while they stream (a crash loses at most the last quarter second of text), every other event is
 * written at once, because it is a decision point the user may act on after a restart.
 *
 * Faults: a write that fails puts its events back at the head of the queue and is retried (with
 * the next write, or by a timer with backoff), so the log on disk never has a hole; a write after
 * one that may have torn (a failed write, or a file that ends mid-line after a crash) starts on a
 * new line, so a torn tail never swallows the next event. A log opened from the store continues
 * SEQ_GAP past its last persisted seq: events a reader saw before a crash lost them are never
 * reused, and a resume point among them is recognized as gone (`hasResumePoint`). A sealed log
 * (the service closed it) refuses appends, so nothing that outlives the service writes to it.
 */
import { hasRangedReads, type Store } from "../store/store";
import type { ThreadHandle } from "./driver";
import type { NewEvent, StoredEvent, ThreadEvent } from "./events";
import { encodeEvents, isStreamedText } from "./log-codec";
import { openLogBytes, OpenStopped, readLogEvents, type LogBytes } from "./log-bytes";
import { LogTail } from "./log-tail";
import { LiveFold } from "./projection";
import { redact, redactDeep } from "./redact";
import type { ThreadState } from "./state";
import { timers } from "./timers";
import {
	checkedRange,
	encodeViewSnapshot,
	matchesLog,
	readViewSnapshot,
	readViewSnapshotHead,
	viewSnapshotKey,
} from "./view-snapshot";
import { windowed } from "./window";
import { inSlices } from "./slices";

export const TOKEN_FLUSH_MS = 250;
/** Retry delays after a failed write: doubling from the first to the last. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 30_000;
/**
 * Seqs left unused after the last persisted one when a log is opened from the store: more than
 * a crash can lose (a quarter second of tokens, or a reply's worth while the store was failing,
 * since a failed save ends the turn), so no seq a reader saw is ever handed out again.
 */
export const SEQ_GAP = 100_000;

export function threadLogKey(threadId: string): string {
	return `threads/${threadId}.jsonl`;
}

export type EventListener = (event: StoredEvent) => void;

/** An append to a log that no longer takes any: sealed (service closed), deleted, or fenced. */
export class ThreadClosedError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "ThreadClosedError";
	}
}

export interface ThreadLogOptions {
	now?: () => Date;
	/** Called after each successful write (the service refreshes its index then). */
	onPersisted?: (log: ThreadLog) => void;
	/**
	 * For open(): the last seq this log had when it was sealed cleanly in this process. When the
	 * store holds exactly that, nothing can have been lost and the seqs continue without a gap.
	 */
	sealedAt?: number;
	/**
	 * For open(): fills in what this version records and older logs lack (the thread service: the
	 * tools' words), once, as the log is read. Nothing is written back: the stored lines stay as
	 * they were, and each open fills them in the same way. A new upgrader for each read of the
	 * log, given its events in order, a chunk at a time (it may keep what it saw of earlier ones).
	 */
	upgrade?: () => (events: StoredEvent[]) => StoredEvent[];
	/**
	 * For open(): called, before the whole log is folded, with the windowed state the stored
	 * snapshot and the log's lines after it give (src/log/view-snapshot.ts), `checked`; not called
	 * when there is no snapshot that matches the log.
	 *
	 * On a store without ranged reads (Obsidian on a phone) the log can only be read whole, which
	 * for a long thread takes long: the snapshot's own state (at its seq) is handed over first,
	 * before the log is read and so before it can be checked (`checked` false), and then, if the
	 * log matches it, the checked state. Whoever shows the unchecked one checks `openedFromSnapshot`
	 * once the log is open: it is that seq only when the log matched.
	 */
	onSnapshot?: (view: ThreadState, checked: boolean) => void;
	/**
	 * For open(): the last seq the thread list records for this log. The unchecked hand-over
	 * happens only for a snapshot at that seq: one behind it (a crash before the seal, up to 2,000
	 * events) would show an older chat that then jumps ahead as the log's tail arrives.
	 */
	listedSeq?: number;
	/**
	 * For open(): true once the open should be given up (the service closes): checked between
	 * chunks and slices; open() then resolves null and writes nothing.
	 */
	stopped?: () => boolean;
}

/** A stored snapshot further behind the log's end than this (bytes) is not used (the log is opened). */
export const MAX_SNAPSHOT_TAIL_BYTES = 8_000_000;
/** How much of the log's end an open reads for its tail (a snapshot's check needs the last line and 4 KB). */
const TAIL_READ_BYTES = 64 * 1024;

/** A stored snapshot is refreshed (after opening, and as the log is written) when it is this many events behind the log. */
export const VIEW_REFRESH_EVENTS = 2_000;

export class ThreadLog implements ThreadHandle {
	private readonly all: StoredEvent[];
	/** The state, kept by a fold this log owns (its records change in place: see LiveFold). */
	private readonly fold: LiveFold;
	private nextSeq = 1;
	private readonly listeners = new Set<EventListener>();
	private readonly discardListeners = new Set<() => void>();
	private unwritten: StoredEvent[] = [];
	/** The chain of writes; never rejects (each failure is reported once, by flush). */
	private writing: Promise<void> = Promise.resolve();
	/** The write in progress (rejects when it fails), and the one waiting behind it. */
	private inFlight: Promise<void> | null = null;
	private queued: Promise<void> | null = null;
	private timer: ReturnType<typeof setTimeout> | null = null;
	private retryMs = 0;
	/** The stored text may end mid-line: the next write starts with a newline. */
	private mayBeTorn = false;
	private discarded = false;
	private sealed = false;
	/** The stored log's length and end, in bytes, for a snapshot's check (view-snapshot.ts). */
	private tail = new LogTail();
	/**
	 * The log's length as opened plus what this log wrote since (storedBytes). Kept apart from the
	 * tail's, which is unknown after a failed write: what the log holds in memory is not.
	 */
	private storedSize = 0;
	/** The seq of the newest stored snapshot (0: none). */
	private viewSavedAt = 0;
	/**
	 * The seq of the stored snapshot this log was opened from, checked against the log (0: none
	 * matched). A view answered from the snapshot before the check (onSnapshot's `checked` false)
	 * is the log's only when this is its seq.
	 */
	private fromSnapshot = 0;
	/** The seq at which a snapshot was last found too big to keep (its window is most of the log). */
	private viewRefusedAt = 0;
	/** The snapshot writes, one after the other (never rejects): a seal waits for the one in flight. */
	private viewSaving: Promise<void> = Promise.resolve();
	private readonly now: () => Date;

	constructor(
		readonly threadId: string,
		private readonly store: Store,
		private readonly options: ThreadLogOptions = {},
		loaded: readonly StoredEvent[] = [],
		/** The fold of `loaded`, when the opener made it (in slices). */
		folded?: LiveFold,
	) {
		this.now = options.now ?? (() => new Date());
		// One pass that grows the containers in place: `apply` per event copies them each time,
		// which made opening a long thread quadratic (4,000 tool calls: 12 s on the UI thread).
		this.all = loaded.slice();
		this.fold = folded ?? LiveFold.replay(threadId, loaded);
		this.nextSeq = this.fold.state().lastSeq + 1;
	}

	/**
	 * Reads a thread's log from the store; skipped lines are reported with console.warn. New seqs
	 * start SEQ_GAP past the last one read, unless the log was sealed at exactly that seq.
	 */
	static async open(store: Store, threadId: string, options: ThreadLogOptions = {}): Promise<ThreadLog | null> {
		const stored = options.onSnapshot ? await readStoredSnapshot(store, threadId) : null;
		// Read whole, a long log keeps a phone busy for seconds: its snapshot answers first, unchecked.
		if (stored !== null && !hasRangedReads(store)) {
			// Its head first: one behind the list is not parsed (0.8 MB for 20,000 calls) for nothing.
			const seq = readViewSnapshotHead(stored)?.seq;
			const early = seq !== undefined && (options.listedSeq ?? seq) === seq ? readViewSnapshot(stored, threadId) : null;
			if (early) options.onSnapshot?.(early.state, false);
		}
		const source = await openLogBytes(store, threadLogKey(threadId));
		if (source === null) return null;
		const snapshot = stored !== null ? await openSnapshot(stored, threadId, source, options) : null;
		// In chunks, each parsed and folded in slices: a long log (a 20,000-call thread is 70 MB)
		// read, decoded or folded in one run kept the host from its other work for seconds.
		const stopped = options.stopped ?? (() => false);
		let read;
		try {
			read = await readLogEvents(threadId, source, 0, options.upgrade?.(), stopped);
		} catch (error) {
			if (error instanceof OpenStopped) return null;
			throw error;
		}
		const { events, skipped } = read;
		if (skipped.length > 0)
			console.warn(
				`Redline: skipped ${skipped.length} unreadable line(s) in thread ${threadId}: ${skipped.join("; ")}`,
			);
		const fold = await LiveFold.replayInSlices(threadId, events, stopped);
		if (fold === null) return null;
		const log = new ThreadLog(threadId, store, options, events, fold);
		const tailAt = Math.max(0, source.size - TAIL_READ_BYTES);
		const end = await source.read(tailAt, source.size);
		log.mayBeTorn = end.length > 0 && end[end.length - 1] !== 10; /* \n */
		log.tail = new LogTail(end, tailAt);
		log.storedSize = source.size;
		log.viewSavedAt = snapshot?.seq ?? 0;
		log.fromSnapshot = snapshot?.seq ?? 0;
		if (options.sealedAt !== log.fold.state().lastSeq) log.nextSeq += SEQ_GAP;
		if (log.state().lastSeq - log.viewSavedAt >= VIEW_REFRESH_EVENTS) void log.saveView();
		return log;
	}

	/** The seq of the stored snapshot this log was opened from, when the log matched it (0: none). */
	get openedFromSnapshot(): number {
		return this.fromSnapshot;
	}

	/**
	 * The log's size in bytes: as stored when it was opened, plus what it wrote since. About what it
	 * holds in memory (its events and its folded state are of the order of its text), in O(1): the
	 * service's idle budget (loaded-logs.ts) weighs logs by it.
	 */
	get storedBytes(): number {
		return this.storedSize;
	}

	events(): readonly StoredEvent[] {
		return this.all;
	}

	/**
	 * The current state, to read now: its arrays and records change in place as events are
	 * appended (LiveFold). Code that keeps a state across appends, or hands it to a view, takes
	 * `sharedState()`.
	 */
	state(): ThreadState {
		return this.fold.state();
	}

	/** The current state, unchanged by later appends (for a subscriber to keep). */
	sharedState(): ThreadState {
		return this.fold.shared();
	}

	/** Events with seq > nonce. */
	eventsAfter(nonce: number): StoredEvent[] {
		return this.all.slice(this.indexAfter(nonce));
	}

	/**
	 * Whether a reader can resume after nonce: 0, or the seq of an event this log holds. Any other
	 * nonce names an event the log does not have (beyond its end, or lost in a crash): the reader
	 * holds events that are gone and must start again from 0.
	 */
	hasResumePoint(nonce: number): boolean {
		if (nonce === 0) return true;
		const index = this.indexAfter(nonce);
		return index > 0 && this.all[index - 1]?.seq === nonce;
	}

	/** The index in events() of the first event with seq > nonce (binary search: seqs increase). */
	indexAfter(nonce: number): number {
		let lo = 0;
		let hi = this.all.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (this.all[mid].seq <= nonce) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	append(event: NewEvent): ThreadEvent {
		if (this.discarded) throw new ThreadClosedError(`Thread ${this.threadId} was deleted`);
		if (this.sealed) throw new ThreadClosedError(`Thread ${this.threadId} is closed: the thread service shut down`);
		const stamped = {
			...redactEvent(toJsonShape(event)),
			seq: this.nextSeq++,
			threadId: this.threadId,
			at: this.now().toISOString(),
		};
		this.all.push(stamped);
		this.fold.apply(stamped);
		this.unwritten.push(stamped);
		if (isStreamedText(stamped)) {
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

	/** True once sealed: appends are refused. */
	isSealed(): boolean {
		return this.sealed;
	}

	/** True while a subscriber listens. */
	hasListeners(): boolean {
		return this.listeners.size > 0;
	}

	/** True when every event appended so far has reached the store. */
	isPersisted(): boolean {
		return this.unwritten.length === 0 && this.inFlight === null && this.queued === null;
	}

	/**
	 * Writes everything appended so far; resolves when it reached the store, rejects when the
	 * write failed (the events stay queued and are retried).
	 */
	flush(): Promise<void> {
		this.stopTimer();
		if (this.discarded) return Promise.resolve();
		if (this.unwritten.length === 0) return this.queued ?? this.inFlight ?? Promise.resolve();
		// One write waits at a time and takes everything unwritten when its turn comes, so a burst
		// of decision points becomes one store append instead of one per event.
		if (this.queued) return this.queued;
		const write = this.writing.then(async () => {
			this.queued = null;
			const batch = this.unwritten;
			this.unwritten = [];
			if (batch.length === 0 || this.discarded) return;
			const current = this.writeBatch(batch);
			this.inFlight = current;
			try {
				await current;
			} finally {
				this.inFlight = null;
			}
			// Kept near the log's end as it grows, not only at a seal: a crash (no seal) would leave
			// the snapshot of the last open, too far behind to be used once the thread grew.
			const newest = Math.max(this.viewSavedAt, this.viewRefusedAt);
			if (this.state().lastSeq - newest >= VIEW_REFRESH_EVENTS) void this.saveView();
		});
		this.queued = write;
		// The chain goes on after a failed write; the failure is reported once, here.
		this.writing = write.catch((error) => console.warn(`Redline: could not persist thread ${this.threadId}`, error));
		return write;
	}

	private async writeBatch(batch: StoredEvent[]): Promise<void> {
		const text = (this.mayBeTorn ? "\n" : "") + encodeEvents(batch);
		try {
			await this.store.append(threadLogKey(this.threadId), text);
		} catch (error) {
			// Back at the head of the queue: the next write takes them first, in order.
			this.unwritten = batch.concat(this.unwritten);
			this.mayBeTorn = true;
			// Part of it may be stored: the log's length is unknown here until it is opened again.
			this.tail.lose();
			this.scheduleRetry();
			throw error;
		}
		this.mayBeTorn = false;
		const bytes = new TextEncoder().encode(text);
		this.tail.append(bytes);
		this.storedSize += bytes.length;
		this.retryMs = 0;
		this.options.onPersisted?.(this);
	}

	private scheduleRetry(): void {
		if (this.sealed || this.discarded) return;
		this.retryMs = this.retryMs === 0 ? RETRY_FIRST_MS : Math.min(RETRY_MAX_MS, this.retryMs * 2);
		this.stopTimer();
		this.timer = timers.set(() => void this.flush().catch(() => undefined), this.retryMs);
	}

	/**
	 * Closes the log for good (the service shuts down): appends are refused from now on, and
	 * everything appended before is written, with a second try if the first write fails.
	 */
	async seal(): Promise<void> {
		if (this.sealed || this.discarded) return this.flush();
		this.sealed = true;
		try {
			await this.flush();
		} catch {
			await this.flush();
		} finally {
			this.stopTimer();
		}
		if (this.state().lastSeq !== this.viewSavedAt) await this.saveView();
	}

	/**
	 * Stores the snapshot of this log's windowed state (view-snapshot.ts), when everything is
	 * written, the stored text ends with a whole line and the snapshot is under half the log's
	 * size; a failure only leaves the older one. One at a time: a save asked for while one is
	 * written follows it, and is skipped when that one already stands for the log's last seq (an
	 * open's save and the seal right after it wrote the same snapshot twice).
	 */
	saveView(): Promise<void> {
		this.viewSaving = this.viewSaving
			.then(() => this.writeView())
			.catch((error) => console.warn(`Redline: could not store the snapshot of thread ${this.threadId}`, error));
		return this.viewSaving;
	}

	private async writeView(): Promise<void> {
		const point = this.tail.point();
		if (this.discarded || !this.isPersisted() || this.mayBeTorn || point === null) return;
		const state = this.state();
		if (state.lastSeq === 0 || state.lastSeq === this.viewSavedAt) return;
		const text = encodeViewSnapshot(this.threadId, windowed(state), point);
		// Kept only where it saves reading: a short thread, or one whose newest turns are most of it
		// (a long reply), opens as fast from its log, and the copy would only double its bytes on disk.
		if (text.length * 2 > point.size) {
			this.viewRefusedAt = state.lastSeq;
			return;
		}
		const seq = state.lastSeq;
		try {
			await this.store.write(viewSnapshotKey(this.threadId), text);
			this.viewSavedAt = Math.max(this.viewSavedAt, seq);
		} catch (error) {
			console.warn(`Redline: could not store the snapshot of thread ${this.threadId}`, error);
		}
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

	/** Resolves once everything written so far (events, and the snapshot being stored) has reached the store. */
	async settled(): Promise<void> {
		await this.writing;
		await this.viewSaving;
	}
}

/**
 * The stored snapshot, when it matches the log: its state folded on with the lines after it,
 * windowed, handed to onSnapshot. Only the snapshot, its check's few KB of the log and the log
 * after it are read. Anything wrong with it and the log is opened as it is.
 */
async function openSnapshot(
	stored: string,
	threadId: string,
	source: LogBytes,
	options: ThreadLogOptions,
): Promise<{ seq: number } | null> {
	let events: StoredEvent[];
	let snapshot;
	try {
		// Parsed again (not the early answer's objects): the fold below changes its state in place.
		snapshot = readViewSnapshot(stored, threadId);
		if (!snapshot) return null;
		// Far behind the log, it saves little: the log is opened as it is (and a new one stored).
		if (source.size < snapshot.bytes || source.size - snapshot.bytes > MAX_SNAPSHOT_TAIL_BYTES) return null;
		const { start, end } = checkedRange(snapshot);
		if (!matchesLog(snapshot, source.size, await source.read(start, end))) return null;
		events = (await readLogEvents(threadId, source, snapshot.bytes, options.upgrade?.())).events;
	} catch {
		return null;
	}
	const fold = LiveFold.adopting(snapshot.state);
	await inSlices(events.length, (i) => {
		if (events[i].seq > snapshot.seq) fold.apply(events[i]);
	});
	options.onSnapshot?.(windowed(fold.state()), true);
	return snapshot;
}

/** The stored snapshot's text, or null (none, or unreadable: the log is opened as it is). */
async function readStoredSnapshot(store: Store, threadId: string): Promise<string | null> {
	try {
		return await store.read(viewSnapshotKey(threadId));
	} catch {
		return null;
	}
}

/**
 * What the event will be once read back from disk: undefined fields dropped, no shared mutable
 * objects with the producer. Live subscribers then see exactly what a replay rebuilds. Tokens,
 * by far the most frequent, are flat strings and skip the round trip.
 */
/**
 * The events that carry failure text from outside (a provider's error, a retry's reason, a
 * tool's error) are redacted here, where every producer's event passes (src/log/redact.ts):
 * a key a 401 quoted never reaches the log, the pane or the next request.
 */
export function redactEvent(event: NewEvent): NewEvent {
	if (event.type === "error") return { ...event, message: redact(event.message) };
	if (event.type === "status" && event.detail !== undefined) return { ...event, detail: redact(event.detail) };
	if (event.type === "tool_call_completed" && event.result.status === "error")
		return { ...event, result: redactDeep(event.result) };
	return event;
}

function toJsonShape(event: NewEvent): NewEvent {
	if (event.type === "assistant_token") return { type: event.type, messageId: event.messageId, text: event.text };
	if (event.type === "assistant_reasoning")
		return {
			type: event.type,
			messageId: event.messageId,
			text: event.text,
			...(event.form ? { form: event.form } : {}),
			...(event.fromAnswer !== undefined ? { fromAnswer: event.fromAnswer } : {}),
		};
	return JSON.parse(JSON.stringify(event)) as NewEvent;
}
