/**
 * The snapshot backfill (issue 32): a long thread opens in a tenth of the time from its stored
 * snapshot (src/log/view-snapshot.ts), and a thread Redline writes now always has one, but some
 * long threads have none that can be used: every thread written before format 2 (format 1 is
 * refused), and any whose snapshot was deleted or fell too far behind (a crash before the write).
 * Their first open reads and folds the whole log (about a second for 20,000 calls, more on a
 * phone). So, a while after the service starts, it goes through the thread index, most recently
 * updated first, and opens each long thread without a current snapshot, one at a time, through
 * the service's own loaded logs: the open stores the snapshot (ThreadLog.open does when its
 * snapshot is 2,000 or more events behind), and the log is let go again unless someone asked for
 * it meanwhile (they share that open). The logs are only read; only view.json files (and the
 * record below) are written.
 *
 * It never competes with what the user waits for: it starts late, waits for opens in flight,
 * yields between threads (and within one, as every open is sliced), and stops on close. A thread
 * whose log cannot be read is reported and skipped. A thread that has no current snapshot after
 * its turn (its log could not be read, or its window is most of it, so ThreadLog.saveView refuses
 * one: a short log whose seqs jumped past a crash counts 100,000 more) is written down in
 * BACKFILL_RECORD_KEY with its last seq, and not tried again until it has grown by
 * VIEW_REFRESH_EVENTS: a later start does not read it again, nor does a loop.
 */
import { MAX_SNAPSHOT_TAIL_BYTES, threadLogKey, VIEW_REFRESH_EVENTS, type ThreadLog } from "../log/log";
import { nextTurn } from "../log/slices";
import { timers } from "../log/timers";
import { readViewSnapshotHead, VIEW_HEAD_BYTES, VIEW_SNAPSHOT_VERSION, viewSnapshotKey } from "../log/view-snapshot";
import { hasRangedReads, type Store } from "../store/store";
import type { ThreadSummary } from "./service-api";

/** The threads the backfill tried and left without a snapshot: { v: 1, gaveUp: { threadId: lastSeq } }. */
export const BACKFILL_RECORD_KEY = "threads/snapshot-backfill.json";

type GaveUp = Record<string, number>;

/** What the backfill uses of its service. */
export interface BackfillHost {
	store: Store;
	/** The thread index's entries now. */
	threads(): readonly ThreadSummary[];
	/** Whether the thread's log is loaded or being opened (then it gets its snapshot as any log does). */
	isLoaded(threadId: string): boolean;
	/** Resolves once no log is being opened. */
	quiet(): Promise<void>;
	/** Opens the log in the background (shared with any caller that asks for it meanwhile). */
	open(threadId: string): Promise<ThreadLog | null>;
	/** Lets go of the log again unless someone else uses it; resolves once its snapshot is stored. */
	release(threadId: string): Promise<void>;
}

export class SnapshotBackfill {
	private stopped = false;
	private pass: Promise<void> = Promise.resolve();
	private wake: (() => void) | null = null;
	private timer: ReturnType<typeof setTimeout> | null = null;
	/** Threads tried in this process: each at most once. */
	private readonly tried = new Set<string>();

	constructor(private readonly host: BackfillHost) {}

	/** Starts one pass over the index after `afterMs` (the first open and the search index's warm start go first). */
	start(afterMs: number): void {
		if (this.stopped) return;
		this.pass = new Promise<void>((resolve) => {
			this.wake = resolve;
			this.timer = timers.set(resolve, afterMs);
		})
			.then(() => this.run())
			// Never fatal: the service's close waits on this pass.
			.catch((error) => console.warn("Redline: the snapshot backfill stopped", error));
	}

	/** Resolves when the pass has ended (or was stopped). */
	done(): Promise<void> {
		return this.pass;
	}

	/** Stops the pass; resolves once it has let go (no store access of its own after that). */
	stop(): Promise<void> {
		this.stopped = true;
		if (this.timer !== null) timers.clear(this.timer);
		this.timer = null;
		this.wake?.();
		return this.pass;
	}

	private async run(): Promise<void> {
		this.wake = null;
		this.timer = null;
		if (this.stopped) return;
		const all = this.host.threads();
		const gaveUp = await readRecord(this.host.store);
		const givenUp = (thread: ThreadSummary): boolean => {
			const at = gaveUp[thread.threadId];
			return at !== undefined && thread.lastSeq - at < VIEW_REFRESH_EVENTS;
		};
		const threads = all
			.filter((thread) => thread.lastSeq >= VIEW_REFRESH_EVENTS && !givenUp(thread))
			.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
		for (const thread of threads) {
			// Whatever the user opens goes first; and the host gets a turn between two threads.
			await this.host.quiet();
			await nextTurn();
			if (this.stopped) return;
			if (this.tried.has(thread.threadId)) continue;
			this.tried.add(thread.threadId);
			let leftAt: number | null;
			try {
				leftAt = await this.backfill(thread);
			} catch (error) {
				console.warn(`Redline: could not store a snapshot of thread ${thread.threadId} in the background`, error);
				leftAt = thread.lastSeq;
			}
			if (leftAt === null || this.stopped) continue;
			gaveUp[thread.threadId] = leftAt;
			await writeRecord(this.host.store, gaveUp, new Set(all.map((t) => t.threadId)));
		}
	}

	/** Backfills one thread; the seq it was left at without a current snapshot, or null (it has one, or is not the backfill's). */
	private async backfill(thread: ThreadSummary): Promise<number | null> {
		const { threadId } = thread;
		if (this.host.isLoaded(threadId)) return null;
		if (await hasCurrentSnapshot(this.host.store, thread)) return null;
		if (this.stopped || this.host.isLoaded(threadId)) return null;
		const log = await this.host.open(threadId);
		// Stopped meanwhile: the service's close seals it (and stores its snapshot) with the others.
		if (!log || this.stopped) return null;
		const lastSeq = Math.max(thread.lastSeq, log.state().lastSeq);
		await this.host.release(threadId);
		// Kept loaded (someone uses it): its snapshot may still be on its way to the store.
		await log.settled();
		return (await hasCurrentSnapshot(this.host.store, { ...thread, lastSeq })) ? null : lastSeq;
	}
}

/** The record of threads given up (empty when absent or unreadable: they are tried again). */
async function readRecord(store: Store): Promise<GaveUp> {
	try {
		const parsed = JSON.parse((await store.read(BACKFILL_RECORD_KEY)) ?? "null") as { v?: unknown; gaveUp?: unknown };
		if (parsed?.v !== 1 || typeof parsed.gaveUp !== "object" || parsed.gaveUp === null) return {};
		const gaveUp: GaveUp = {};
		for (const [id, seq] of Object.entries(parsed.gaveUp)) if (typeof seq === "number") gaveUp[id] = seq;
		return gaveUp;
	} catch {
		return {};
	}
}

/** Writes the record, without the threads the index no longer has (deleted). A failure only costs a retry at the next start. */
async function writeRecord(store: Store, gaveUp: GaveUp, present: ReadonlySet<string>): Promise<void> {
	const kept = Object.fromEntries(Object.entries(gaveUp).filter(([id]) => present.has(id)));
	try {
		await store.write(BACKFILL_RECORD_KEY, JSON.stringify({ v: 1, gaveUp: kept }));
	} catch (error) {
		console.warn("Redline: could not save the snapshot backfill's record", error);
	}
}

/**
 * Whether the thread's stored snapshot would serve its next open: of this format, of this thread,
 * fewer than VIEW_REFRESH_EVENTS behind its last seq, and (where the store tells sizes) at most
 * MAX_SNAPSHOT_TAIL_BYTES behind its log. Reads the snapshot's head and its last bytes (a write
 * cut short does not end as a snapshot does), never the whole state, where the store has ranged
 * reads; a store without them reads it whole, but it is not parsed. Whether it matches the log
 * is for the open, which reads it in full.
 */
export async function hasCurrentSnapshot(store: Store, thread: ThreadSummary): Promise<boolean> {
	const key = viewSnapshotKey(thread.threadId);
	let head: string;
	let end: string;
	let logSize: number | null = null;
	if (hasRangedReads(store)) {
		const size = await store.size(key);
		if (size === null || size < 2) return false;
		const decoder = new TextDecoder();
		head = decoder.decode(await store.readRange(key, 0, Math.min(size, VIEW_HEAD_BYTES)));
		end = decoder.decode(await store.readRange(key, size - 2, size));
		logSize = await store.size(threadLogKey(thread.threadId));
	} else {
		const text = await store.read(key);
		if (text === null) return false;
		head = text.slice(0, VIEW_HEAD_BYTES);
		end = text.slice(-2);
	}
	const stored = readViewSnapshotHead(head);
	if (!stored || end !== "}}") return false;
	if (stored.v !== VIEW_SNAPSHOT_VERSION || stored.threadId !== thread.threadId) return false;
	if (thread.lastSeq - stored.seq >= VIEW_REFRESH_EVENTS) return false;
	return logSize === null || (logSize >= stored.bytes && logSize - stored.bytes <= MAX_SNAPSHOT_TAIL_BYTES);
}
