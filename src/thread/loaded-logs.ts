/**
 * The thread logs a service holds in memory, least recently used first. Logs load lazily from
 * the store. Idle ones (no drive, no subscriber, everything saved) are sealed and dropped, least
 * recently used first, while there are more than MAX_IDLE_LOGS of them or their bytes together
 * (each log's storedBytes: its size as stored, about what it holds in memory) pass
 * IDLE_LOG_BYTES, so memory grows neither with every chat ever opened nor with a few long ones
 * (a 20,000-call thread is a 70 MB log). The most recently used idle log is kept whatever its
 * size: switching back to the chat just left must not read it again. Busy logs (driven, being
 * titled, or with a subscriber) are in use, whatever they cost: they neither go nor count toward
 * the budget, so a long chat open in the pane does not push out the idle ones beside it. The next
 * use of a dropped log reads it again. Its seqs then go on without a gap and without crash recovery: this process
 * sealed it at exactly what the store holds, so nothing can have been lost.
 *
 * A log can be opened in the background (the snapshot backfill: snapshot-backfill.ts): it is the
 * same open as any other, so a caller that asks for it meanwhile shares it, and it is let go again
 * (`release`) only when nobody else asked for it. An open that fails is forgotten, so the next use
 * reads the log again instead of failing forever.
 */
import type { ThreadLog } from "../log/log";

/** Idle logs kept loaded for quick switching between recent chats. */
export const MAX_IDLE_LOGS = 8;

/**
 * The idle logs' bytes kept loaded together (the most recent one's aside). Sized for a phone:
 * Obsidian on iOS is killed near 1–1.5 GB, and the search index alone may take 150 MB there. A
 * loaded log costs 1.2–2.1× its bytes on the heap (its events plus its fold: big note reads near
 * 1.2, small events near 2.1; bench/idle-logs.bench.ts), so 48 MB of idle logs is 55–100 MB: a
 * dozen ordinary chats, or one 13,000-call thread, besides the one just left.
 */
export const IDLE_LOG_BYTES = 48_000_000;

/** How many idle logs, and how many of their bytes, stay loaded. */
export interface IdleLimits {
	logs: number;
	bytes: number;
}

/** Opens a log from the store; sealedAt: the seq this process sealed it at, if it did. */
export type LogOpener = (threadId: string, sealedAt: number | undefined) => Promise<ThreadLog | null>;

export class LoadedLogs {
	private readonly pending = new Map<string, Promise<ThreadLog | null>>();
	private readonly loaded = new Map<string, ThreadLog>();
	private readonly sealedAt = new Map<string, number>();
	/** Threads opened in the background that nobody else has asked for since. */
	private readonly background = new Set<string>();
	/** Opens still reading their logs. */
	private readonly opening = new Set<Promise<unknown>>();

	constructor(
		private readonly open: LogOpener,
		private readonly limits: IdleLimits = { logs: MAX_IDLE_LOGS, bytes: IDLE_LOG_BYTES },
	) {}

	/**
	 * The thread's log, loaded on first use (null when the store has none). `background`: asked for
	 * by the backfill, which lets it go again unless another caller asks for it too.
	 */
	async get(threadId: string, background = false): Promise<ThreadLog | null> {
		if (!background) this.background.delete(threadId);
		for (;;) {
			let pending = this.pending.get(threadId);
			if (!pending) {
				const sealedAt = this.sealedAt.get(threadId);
				this.sealedAt.delete(threadId);
				pending = this.open(threadId, sealedAt);
				this.pending.set(threadId, pending);
				if (background) this.background.add(threadId);
				const opening = pending;
				this.opening.add(opening);
				const done = () => this.opening.delete(opening);
				opening.then(done, done);
			}
			let log: ThreadLog | null;
			try {
				log = await pending;
			} catch (error) {
				// Forgotten: the next use reads the log again (and close does not wait on a failure).
				if (this.pending.get(threadId) === pending) this.delete(threadId);
				throw error;
			}
			// Unloaded while this call waited: load it again.
			if (this.pending.get(threadId) !== pending) continue;
			if (log) this.touch(log);
			return log;
		}
	}

	/** A log created in this process. */
	add(log: ThreadLog): void {
		this.background.delete(log.threadId);
		this.pending.set(log.threadId, Promise.resolve(log));
		this.touch(log);
	}

	has(threadId: string): boolean {
		return this.pending.has(threadId);
	}

	delete(threadId: string): void {
		this.pending.delete(threadId);
		this.loaded.delete(threadId);
		this.sealedAt.delete(threadId);
		this.background.delete(threadId);
	}

	/** The logs loaded now. */
	current(): ThreadLog[] {
		return [...this.loaded.values()];
	}

	/** Every log, once those still loading have loaded (one that fails to is left out). */
	async all(): Promise<ThreadLog[]> {
		const logs = await Promise.allSettled([...this.pending.values()]);
		return logs.flatMap((log) => (log.status === "fulfilled" && log.value !== null ? [log.value] : []));
	}

	/** Resolves once no log is being opened (the opens in flight now, and any started meanwhile). */
	async quiet(): Promise<void> {
		while (this.opening.size > 0) await Promise.allSettled([...this.opening]);
	}

	/**
	 * Seals and drops idle logs, least recently used first, while there are more than the limits'
	 * count or their bytes pass its budget; the most recently used one stays (the count is never
	 * below one). Busy logs are not counted.
	 */
	unloadIdle(busy: (log: ThreadLog) => boolean): void {
		const idle = this.current().filter((log) => this.isIdle(log, busy));
		let count = idle.length;
		let bytes = idle.reduce((sum, log) => sum + log.storedBytes, 0);
		for (const log of idle.slice(0, -1)) {
			if (count <= this.limits.logs && bytes <= this.limits.bytes) break;
			void this.unload(log);
			count--;
			bytes -= log.storedBytes;
		}
	}

	/**
	 * Lets go of a log opened in the background, when nobody else asked for it and it is idle;
	 * resolves once it is sealed (its snapshot stored), so the next background open comes after.
	 */
	async release(threadId: string, busy: (log: ThreadLog) => boolean): Promise<void> {
		const log = this.loaded.get(threadId);
		if (!this.background.has(threadId) || !log || !this.isIdle(log, busy)) return;
		await this.unload(log);
	}

	private isIdle(log: ThreadLog, busy: (log: ThreadLog) => boolean): boolean {
		return !busy(log) && !log.hasListeners() && log.isPersisted() && !log.isSealed();
	}

	private unload(log: ThreadLog): Promise<void> {
		this.delete(log.threadId);
		this.sealedAt.set(log.threadId, log.state().lastSeq);
		// Everything is saved already: sealing only refuses later appends (and stores the snapshot).
		return log.seal();
	}

	private touch(log: ThreadLog): void {
		this.loaded.delete(log.threadId);
		this.loaded.set(log.threadId, log);
	}
}
