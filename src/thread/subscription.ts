/**
 * Subscribing to a thread: the history after the nonce, then a caught-up marker, then live
 * events, with no gap and no duplicate. The listener is registered in the same synchronous step
 * as the history snapshot, and delivery is deduplicated by seq, so events appended meanwhile
 * (even by a subscriber's own callback) are delivered exactly once, in order.
 *
 * Deleting the thread ends every subscription with one unknown_thread error, so a view (or an
 * open SSE stream) learns at once that the chat is gone instead of waiting on silence.
 *
 * The caught-up marker carries the log's state (the fold of every event up to it), so an
 * in-process view shows a long thread without folding its history a second time.
 *
 * `from: "snapshot"` skips the history: the marker carries the windowed state (src/log/window.ts),
 * whose older items the view pages in. The full history is delivered in slices, so a long thread
 * does not keep the host from its other work.
 *
 * A nonce must be 0 or the seq of an event the log holds. Any other (beyond the log's end, or an
 * event lost in a crash) means the subscriber holds events that are gone: it gets one
 * nonce_ahead error and must subscribe again from 0, instead of a caught-up that hides the loss.
 */
import type { StoredEvent } from "../log/events";
import type { ThreadLog } from "../log/log";
import type { OpeningView } from "./opening-snapshots";
import type { Result, ServiceError, SubscribeParams, Subscription, SubscriptionMessage } from "./service-api";
import { inSlices } from "../log/slices";
import { windowed } from "../log/window";

/** The last message of a subscription whose thread was deleted. */
export const THREAD_DELETED: ServiceError = { code: "unknown_thread", message: "This chat was deleted." };

export function nonceAhead(nonce: number, lastSeq: number): ServiceError {
	return {
		code: "nonce_ahead",
		message: `This chat has no event ${nonce} (its last is ${lastSeq}): it was lost before it was saved, or never existed. Subscribe again from 0.`,
	};
}

type Finder = (params: {
	threadId: string;
}) => Promise<{ log: ThreadLog; error?: undefined } | { log?: undefined; error: Result<never> }>;

/** The windowed state a log's stored snapshot gives while the log opens (see ThreadLog.open). */
export type WhileOpening = (threadId: string) => { view: Promise<OpeningView>; cancel: () => void };

/**
 * The answer a subscriber had from a stored snapshot before the log could check it (a store that
 * reads logs only whole), withdrawn: the log no longer matches it (cut, or rewritten by a sync).
 * nonce_ahead, as a lost resume point: the subscriber holds what the log does not, and subscribes
 * again from 0 (clients already do), to the log's own state.
 */
export function snapshotWithdrawn(seq: number): ServiceError {
	return {
		code: "nonce_ahead",
		message: `This chat's saved view (at event ${seq}) no longer matches its log, which changed since it was saved: subscribe again from 0.`,
	};
}

export function subscribeToLog(
	params: SubscribeParams,
	onMessage: (message: SubscriptionMessage) => void,
	find: Finder,
	whileOpening?: WhileOpening,
): Subscription {
	let closed = false;
	let unlisten: (() => void) | null = null;
	let unlistenDiscard: (() => void) | null = null;
	const send = (message: SubscriptionMessage): void => {
		if (closed) return;
		try {
			onMessage(message);
		} catch (error) {
			console.warn("Redline: a thread subscriber failed", error);
		}
	};
	void (async () => {
		const nonce = (params as { nonce?: unknown } | null)?.nonce ?? 0;
		if (typeof nonce !== "number" || !Number.isInteger(nonce) || nonce < 0) {
			send({ kind: "error", error: { code: "bad_params", message: "nonce must be a non-negative integer" } });
			return;
		}
		const fromSnapshot = params.from === "snapshot" && nonce === 0;
		const finding = find(params);
		// A log still opening may have a stored snapshot: its window answers before the whole log
		// is folded. The rest of the subscription waits for the log, and goes on after that seq.
		let opening: OpeningView | null = null;
		if (fromSnapshot && whileOpening) {
			const waiting = whileOpening(params.threadId);
			opening = await Promise.race([waiting.view, finding.then(() => null)]);
			waiting.cancel();
			if (closed) return;
			if (opening) send({ kind: "caught_up", lastSeq: opening.state.lastSeq, state: opening.state });
		}
		const found = await finding;
		if (closed) return;
		if (found.error) {
			if (!found.error.ok) send({ kind: "error", error: found.error.error });
			return;
		}
		const log = found.log;
		const deleted = (): void => {
			send({ kind: "error", error: { ...THREAD_DELETED } });
			close();
		};
		// Deleted between the lookup and now: the log will never announce it again.
		if (log.isDiscarded()) {
			deleted();
			return;
		}
		// Answered before the log could check the snapshot: the log now says whether it was its own.
		if (opening && !opening.checked && log.openedFromSnapshot !== opening.state.lastSeq) {
			send({ kind: "error", error: snapshotWithdrawn(opening.state.lastSeq) });
			close();
			return;
		}
		if (!opening && !log.hasResumePoint(nonce)) {
			send({ kind: "error", error: nonceAhead(nonce, log.state().lastSeq) });
			return;
		}
		unlistenDiscard = log.onDiscard(deleted);
		let delivered = nonce;
		let caughtUp = false;
		const queue: StoredEvent[] = [];
		const deliver = (event: StoredEvent): void => {
			if (event.seq <= delivered) return;
			delivered = event.seq;
			send({ kind: "event", event });
		};
		unlisten = log.listen((event) => (caughtUp ? deliver(event) : queue.push(event)));
		if (opening) {
			// Already caught up from the snapshot: what the log gained since (a recovery, or the
			// log's tail past an unchecked snapshot) follows.
			delivered = opening.state.lastSeq;
			caughtUp = true;
			for (const event of log.eventsAfter(delivered)) deliver(event);
			if (closed) close();
			return;
		}
		if (fromSnapshot) {
			// No history: the windowed state at the log's last seq (its newest turns and what waits;
			// the rest is paged in with v1.thread.history). Built from the log's live fold, so it
			// costs the window, not the thread. A thread that fits the window is sent whole (shared).
			const current = log.state();
			const view = windowed(current);
			caughtUp = true;
			delivered = current.lastSeq;
			send({ kind: "caught_up", lastSeq: delivered, state: view === current ? log.sharedState() : view });
			if (closed) close();
			return;
		}
		// The history in slices of a few milliseconds: a long thread's would keep the host from
		// answering anything else (a 20,000-call thread: seconds). Events appended meanwhile queue.
		// Read in place (the log only appends): a stream resumed after every few events (a socket
		// that drains slowly) copied the rest of a long log each time.
		const all = log.events();
		const start = log.indexAfter(nonce);
		const end = all.length;
		if (
			!(await inSlices(
				end - start,
				(i) => deliver(all[start + i]),
				() => closed,
			))
		)
			return;
		for (let i = 0; i < queue.length; i++) deliver(queue[i]);
		caughtUp = true;
		// The log's state is the fold of exactly the events delivered: a view need not fold them again.
		// Shared: a view keeps it and folds on from it, so the log's next events must not change it.
		const state = log.sharedState();
		send({ kind: "caught_up", lastSeq: Math.max(delivered, state.lastSeq), state });
		if (closed) close();
	})();
	function close(): void {
		closed = true;
		unlisten?.();
		unlistenDiscard?.();
	}
	return { close };
}
