/**
 * The windowed states that logs being opened got from their stored snapshots (ThreadLog.open's
 * onSnapshot), for `from: "snapshot"` subscribers that arrive meanwhile: they are answered at
 * once, instead of when the whole log is folded. Kept only while the log opens.
 */
import type { ThreadState } from "../log/state";

export class OpeningSnapshots {
	private readonly views = new Map<string, ThreadState>();
	private readonly waiters = new Map<string, Set<(state: ThreadState) => void>>();

	/** The opening log's snapshot, now or once it has it (never, when it has none: cancel then). */
	whileOpening(threadId: string): { state: Promise<ThreadState>; cancel: () => void } {
		const view = this.views.get(threadId);
		if (view) return { state: Promise.resolve(view), cancel: () => undefined };
		let waiter: ((state: ThreadState) => void) | null = null;
		const state = new Promise<ThreadState>((resolve) => (waiter = resolve));
		const set = this.waiters.get(threadId) ?? new Set();
		if (waiter) set.add(waiter);
		this.waiters.set(threadId, set);
		return {
			state,
			cancel: () => {
				if (waiter) set.delete(waiter);
				if (set.size === 0 && this.waiters.get(threadId) === set) this.waiters.delete(threadId);
			},
		};
	}

	/** The log being opened has this windowed state from its snapshot. */
	opened(threadId: string, view: ThreadState): void {
		this.views.set(threadId, view);
		for (const waiter of this.waiters.get(threadId) ?? []) waiter(view);
	}

	/** The log is open (or failed to): later subscribers use it. */
	done(threadId: string): void {
		this.views.delete(threadId);
	}
}
