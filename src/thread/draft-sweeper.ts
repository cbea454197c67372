/**
 * Forgets a thread's kept drafts (src/composer/draft-store.ts) once their calls are settled, after
 * each drive and after a Stop, so the Store does not grow by a whole note per reviewed edit. One
 * sweep at a time per thread; idle() waits for it, so "the thread is idle" means "and tidy".
 */
import { forgetSettledDrafts } from "../composer/draft-store";
import type { ThreadLog } from "../log/log";
import type { Store } from "../store/store";

export class DraftSweeper {
	private readonly sweeps = new Map<string, Promise<void>>();

	constructor(private readonly store: Store) {}

	sweep(log: ThreadLog): Promise<void> {
		const threadId = log.threadId;
		const previous = this.sweeps.get(threadId) ?? Promise.resolve();
		const next = previous.then(() =>
			forgetSettledDrafts(this.store, threadId, (callId) => {
				const call = log.state().toolCalls[callId];
				return call !== undefined && call.phase !== "completed";
			}).catch((error: unknown) => console.warn(`Redline: could not tidy the drafts of thread ${threadId}`, error)),
		);
		this.sweeps.set(threadId, next);
		void next.then(() => {
			if (this.sweeps.get(threadId) === next) this.sweeps.delete(threadId);
		});
		return next;
	}

	/** Resolves once the thread's sweep in flight, if any, is done. */
	settled(threadId: string): Promise<void> {
		return this.sweeps.get(threadId) ?? Promise.resolve();
	}
}
