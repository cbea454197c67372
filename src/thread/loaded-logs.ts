/**
 * The thread logs a service holds in memory, least recently used first. Logs load lazily from
 * the store. Idle ones (no drive, no subscriber, everything saved) beyond MAX_IDLE_LOGS are
 * sealed and dropped, so memory does not grow with every chat ever opened; the next use reads
 * them again. Their seqs then go on without a gap and without crash recovery: this process sealed
 * them at exactly what the store holds, so nothing can have been lost.
 */
import type { ThreadLog } from "../log/log";

/** Idle logs kept loaded for quick switching between recent chats. */
export const MAX_IDLE_LOGS = 8;

/** Opens a log from the store; sealedAt: the seq this process sealed it at, if it did. */
export type LogOpener = (threadId: string, sealedAt: number | undefined) => Promise<ThreadLog | null>;

export class LoadedLogs {
	private readonly pending = new Map<string, Promise<ThreadLog | null>>();
	private readonly loaded = new Map<string, ThreadLog>();
	private readonly sealedAt = new Map<string, number>();

	constructor(private readonly open: LogOpener) {}

	/** The thread's log, loaded on first use (null when the store has none). */
	async get(threadId: string): Promise<ThreadLog | null> {
		for (;;) {
			let pending = this.pending.get(threadId);
			if (!pending) {
				const sealedAt = this.sealedAt.get(threadId);
				this.sealedAt.delete(threadId);
				pending = this.open(threadId, sealedAt);
				this.pending.set(threadId, pending);
			}
			const log = await pending;
			// Unloaded while this call waited: load it again.
			if (this.pending.get(threadId) !== pending) continue;
			if (log) this.touch(log);
			return log;
		}
	}

	/** A log created in this process. */
	add(log: ThreadLog): void {
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
	}

	/** The logs loaded now. */
	current(): ThreadLog[] {
		return [...this.loaded.values()];
	}

	/** Every log, once those still loading have loaded. */
	async all(): Promise<ThreadLog[]> {
		const logs = await Promise.all([...this.pending.values()]);
		return logs.filter((log) => log !== null);
	}

	/** Seals and drops the least recently used idle logs beyond MAX_IDLE_LOGS. */
	unloadIdle(busy: (log: ThreadLog) => boolean): void {
		const idle = this.current().filter(
			(log) => !busy(log) && !log.hasListeners() && log.isPersisted() && !log.isSealed(),
		);
		for (const log of idle.slice(0, Math.max(0, idle.length - MAX_IDLE_LOGS))) {
			this.delete(log.threadId);
			this.sealedAt.set(log.threadId, log.state().lastSeq);
			// Everything is saved already: sealing only refuses later appends.
			void log.seal();
		}
	}

	private touch(log: ThreadLog): void {
		this.loaded.delete(log.threadId);
		this.loaded.set(log.threadId, log);
	}
}
