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
 * VIEW_REFRESH_EVENTS: a later start does not read it again, nor does a loop. A thread found with
 * a current snapshot is written down too, with the last seq it had then, and not checked again
 * until it has grown as much: on a host without ranged reads (Obsidian on a phone) the check reads
 * the snapshot whole (about 0.8 MB for a 20,000-call thread), which every start would repeat for
 * every long thread. A snapshot deleted since is not current: one listing of the threads' folder
 * a start tells, and it is stored again. (One torn or replaced since is found when the thread
 * opens, and replaced then.)
 */
import { MAX_SNAPSHOT_TAIL_BYTES, threadLogKey, VIEW_REFRESH_EVENTS, type ThreadLog } from "../log/log";
import { nextTurn } from "../log/slices";
import { timers } from "../log/timers";
import { readViewSnapshotHead, VIEW_HEAD_BYTES, VIEW_SNAPSHOT_VERSION, viewSnapshotKey } from "../log/view-snapshot";
import { hasRangedReads, type Store } from "../store/store";
import type { ThreadSummary } from "./service-api";

/**
 * What the backfill found, by thread, with the last seq each had then: `gaveUp`, tried and left
 * without a snapshot; `current`, with a current one. `{ v: 1, gaveUp: { threadId: lastSeq },
 * current?: { threadId: lastSeq } }`.
 */
export const BACKFILL_RECORD_KEY = "threads/snapshot-backfill.json";

type Seqs = Record<string, number>;

interface BackfillRecord {
	gaveUp: Seqs;
	current: Seqs;
}

/** What one thread's turn came to: not the backfill's (loaded, stopped), or a current snapshot or none at this seq. */
type Outcome = "skipped" | { currentAt: number } | { leftAt: number };

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
	private started = false;

	constructor(private readonly host: BackfillHost) {}

	/**
	 * Starts its one pass over the index after `afterMs` (the first open and the search index's
	 * warm start go first); a second call does nothing, so no thread is tried twice in a process.
	 */
	start(afterMs: number): void {
		if (this.stopped || this.started) return;
		this.started = true;
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
		const record = await readRecord(this.host.store);
		const present = new Set(all.map((t) => t.threadId));
		// One listing of the folder: a snapshot written down as current but deleted since (by the
		// user, a sync tool) is not current, and is stored again.
		const stored = new Set(await this.host.store.list("threads/"));
		// Written down within the last VIEW_REFRESH_EVENTS: nothing to do until the thread grows.
		const known = (thread: ThreadSummary): boolean =>
			[record.gaveUp, record.current].some((seqs) => {
				const at = seqs[thread.threadId];
				if (seqs === record.current && !stored.has(viewSnapshotKey(thread.threadId))) return false;
				return at !== undefined && thread.lastSeq - at < VIEW_REFRESH_EVENTS;
			});
		const threads = all
			.filter((thread) => thread.lastSeq >= VIEW_REFRESH_EVENTS && !known(thread))
			.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
		let unsaved = false;
		for (const thread of threads) {
			// Whatever the user opens goes first; and the host gets a turn between two threads.
			await this.host.quiet();
			await nextTurn();
			if (this.stopped) break;
			const { threadId } = thread;
			let outcome: Outcome;
			try {
				outcome = await this.backfill(thread);
			} catch (error) {
				console.warn(`Redline: could not store a snapshot of thread ${threadId} in the background`, error);
				outcome = { leftAt: thread.lastSeq };
			}
			if (this.stopped) break;
			if (outcome === "skipped") continue;
			delete record.gaveUp[threadId];
			delete record.current[threadId];
			if ("currentAt" in outcome) {
				// Saved with the next thread given up, or at the end of the pass: one write, not one a thread.
				record.current[threadId] = outcome.currentAt;
				unsaved = true;
				continue;
			}
			record.gaveUp[threadId] = outcome.leftAt;
			await writeRecord(this.host.store, record, present);
			unsaved = false;
		}
		// Not after close: the service's close promises no store access of the backfill's own after it.
		if (unsaved && !this.stopped) await writeRecord(this.host.store, record, present);
	}

	/** Backfills one thread. */
	private async backfill(thread: ThreadSummary): Promise<Outcome> {
		const { threadId } = thread;
		if (this.host.isLoaded(threadId)) return "skipped";
		if (await hasCurrentSnapshot(this.host.store, thread)) return { currentAt: thread.lastSeq };
		if (this.stopped || this.host.isLoaded(threadId)) return "skipped";
		const log = await this.host.open(threadId);
		// Stopped meanwhile: the service's close seals it (and stores its snapshot) with the others.
		if (!log || this.stopped) return "skipped";
		const lastSeq = Math.max(thread.lastSeq, log.state().lastSeq);
		await this.host.release(threadId);
		// Kept loaded (someone uses it): its snapshot may still be on its way to the store.
		await log.settled();
		return (await hasCurrentSnapshot(this.host.store, { ...thread, lastSeq }))
			? { currentAt: lastSeq }
			: { leftAt: lastSeq };
	}
}

/** The record (empty when absent or unreadable: every long thread is checked again). */
async function readRecord(store: Store): Promise<BackfillRecord> {
	try {
		const parsed = JSON.parse((await store.read(BACKFILL_RECORD_KEY)) ?? "null") as {
			v?: unknown;
			gaveUp?: unknown;
			current?: unknown;
		} | null;
		if (parsed?.v !== 1) return { gaveUp: {}, current: {} };
		return { gaveUp: seqsOf(parsed.gaveUp), current: seqsOf(parsed.current) };
	} catch {
		return { gaveUp: {}, current: {} };
	}
}

function seqsOf(value: unknown): Seqs {
	const seqs: Seqs = {};
	if (typeof value !== "object" || value === null) return seqs;
	for (const [id, seq] of Object.entries(value)) if (typeof seq === "number") seqs[id] = seq;
	return seqs;
}

/** Writes the record, without the threads the index no longer has (deleted). A failure only costs a check again at the next start. */
async function writeRecord(store: Store, record: BackfillRecord, present: ReadonlySet<string>): Promise<void> {
	const kept = (seqs: Seqs): Seqs => Object.fromEntries(Object.entries(seqs).filter(([id]) => present.has(id)));
	try {
		await store.write(
			BACKFILL_RECORD_KEY,
			JSON.stringify({ v: 1, gaveUp: kept(record.gaveUp), current: kept(record.current) }),
		);
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
