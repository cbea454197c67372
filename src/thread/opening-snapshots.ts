/**
 * The windowed states that logs being opened got from their stored snapshots (ThreadLog.open's
 * onSnapshot), for `from: "snapshot"` subscribers that arrive meanwhile: they are answered at
 * once, instead of when the whole log is folded. Kept only while the log opens.
 *
 * A view may be unchecked (a store that reads logs only whole hands the snapshot over before the
 * log is read): its subscriber checks it against the opened log (ThreadLog.openedFromSnapshot).
 */
import type { ThreadState } from "../log/state";

export interface OpeningView {
	state: ThreadState;
	/** Checked against the log already; false: only once the log is open. */
	checked: boolean;
}

export class OpeningSnapshots {
	private readonly views = new Map<string, OpeningView>();
	private readonly waiters = new Map<string, Set<(view: OpeningView) => void>>();

	/** The opening log's snapshot, now or once it has it (never, when it has none: cancel then). */
	whileOpening(threadId: string): { view: Promise<OpeningView>; cancel: () => void } {
		const view = this.views.get(threadId);
		if (view) return { view: Promise.resolve(view), cancel: () => undefined };
		let waiter: ((view: OpeningView) => void) | null = null;
		const waiting = new Promise<OpeningView>((resolve) => (waiter = resolve));
		const set = this.waiters.get(threadId) ?? new Set();
		if (waiter) set.add(waiter);
		this.waiters.set(threadId, set);
		return {
			view: waiting,
			cancel: () => {
				if (waiter) set.delete(waiter);
				if (set.size === 0 && this.waiters.get(threadId) === set) this.waiters.delete(threadId);
			},
		};
	}

	/** The log being opened has this windowed state from its snapshot (a checked one replaces an unchecked one). */
	opened(threadId: string, state: ThreadState, checked: boolean): void {
		const view = { state, checked };
		this.views.set(threadId, view);
		for (const waiter of this.waiters.get(threadId) ?? []) waiter(view);
	}

	/** The log is open (or failed to): later subscribers use it. */
	done(threadId: string): void {
		this.views.delete(threadId);
	}
}
