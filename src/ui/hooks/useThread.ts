/**
 * The live ThreadState of one thread: subscribes to the service, folds every event with the
 * pure projection, and renders at most once per animation frame, so a burst of streamed tokens
 * costs one render, not one per token. The history replay renders once, at the caught-up marker:
 * with the state the marker carries (an in-process service folded those events when it opened
 * the log: a long thread is not folded twice on the UI thread), or else folded in one pass with
 * `project` (which grows its containers in place, several times faster than `apply` per event).
 * Live events are folded by a LiveFold that starts from that state: it writes the toolCalls,
 * edits and questions records in place once it copied them (a copy per call event made each
 * event cost O(calls)), while every changed entry and array is new, so components compare those,
 * never the records.
 *
 * It asks for the thread from its snapshot: the caught-up marker carries the windowed state (the
 * newest turns and whatever waits, src/log/window.ts), so a long thread opens at the cost of a
 * screen; older items are fetched a page at a time (`loadEarlier`, v1.thread.history) when the
 * user scrolls up to them, and put in front of what the view holds.
 *
 * A nonce_ahead error (a transport resumed after events this view holds, but the service lost
 * them in a crash; or the stored snapshot it showed no longer matches the log) starts over: a fresh
 * subscription from 0 replaces the state, so the view never keeps events that no longer exist.
 * `restarts` counts those, so components that keep positions in the state (the mounted window)
 * start afresh with it.
 */
import { useLayoutEffect, useState } from "react";
import { emptyState, LiveFold, project } from "../../log/projection";
import type { StoredEvent } from "../../log/events";
import type { ServiceError, Subscription, ThreadService } from "../../thread/service-api";
import type { ThreadState } from "../../log/state";
import { withEarlier } from "../../log/window";

export interface ThreadView {
	state: ThreadState;
	/** False until the history has been replayed. */
	caughtUp: boolean;
	error?: ServiceError;
	/** Fetches the page of items before the state's (when `state.earlier` says there are some). */
	loadEarlier: () => void;
	/** How many times the state was replaced by a fresh subscription (nonce_ahead): a key for what it holds. */
	restarts: number;
}

export function useThread(service: ThreadService, threadId: string | null, win: Window | null): ThreadView | null {
	const [view, setView] = useState<ThreadView | null>(null);

	// Subscribed as the thread is committed, not in an effect after the frame: a service that replays
	// the history at once (in-process) shows it in that same frame, without painting "Loading…" first.
	useLayoutEffect(() => {
		if (threadId === null) {
			setView(null);
			return;
		}
		let state = emptyState(threadId);
		let fold = LiveFold.from(state);
		let caughtUp = false;
		let error: ServiceError | undefined;
		let frame: number | null = null;
		let closed = false;
		let restarts = 0;
		/** History received before the first caught-up marker, folded at once when it arrives. */
		let history: StoredEvent[] | null = [];
		/** The seq a page is being fetched before (one at a time). */
		let loading: number | null = null;
		const loadEarlier = (): void => {
			const before = state.earlier?.beforeSeq;
			if (before === undefined || loading === before || closed) return;
			loading = before;
			void service.threadHistory({ threadId, before }).then((answer) => {
				if (loading === before) loading = null;
				if (closed) return;
				if (!answer.ok) {
					error = answer.error;
					schedule();
					return;
				}
				// Merged only onto the state it was asked for: a resubscription started over.
				if (state.earlier?.beforeSeq !== before) return;
				state = withEarlier(state, answer.page);
				fold = LiveFold.from(state);
				schedule();
			});
		};
		setView({ state, caughtUp, loadEarlier, restarts });

		/** The state at the first caught-up marker: the one it carries, or the fold of the history. */
		const foldHistory = (given?: ThreadState): void => {
			if (history === null) return;
			if (given) state = given;
			else if (history.length > 0) state = project(threadId, history);
			fold = LiveFold.from(state);
			history = null;
		};

		const flush = (): void => {
			frame = null;
			if (!closed)
				setView(error ? { state, caughtUp, error, loadEarlier, restarts } : { state, caughtUp, loadEarlier, restarts });
		};
		const schedule = (): void => {
			if (frame !== null || closed) return;
			// Pop-out windows have their own frame clock; without a window, render on a microtask.
			if (win) frame = win.requestAnimationFrame(flush);
			else queueMicrotask(flush);
			frame ??= -1;
		};

		const subscribe = (): Subscription =>
			service.subscribe({ threadId, from: "snapshot" }, (message) => {
				if (closed) return;
				if (message.kind === "event") {
					// A resumed subscription may repeat events we already have: seq only moves forward.
					if (history !== null) {
						const last = history[history.length - 1];
						if (last === undefined || message.event.seq > last.seq) history.push(message.event);
						return;
					}
					if (message.event.seq <= state.lastSeq) return;
					state = fold.apply(message.event);
					schedule();
				} else if (message.kind === "caught_up") {
					foldHistory(message.state);
					caughtUp = true;
					if (frame !== null && frame >= 0) win?.cancelAnimationFrame(frame);
					flush();
				} else if (message.error.code === "nonce_ahead") {
					subscription.close();
					state = emptyState(threadId);
					fold = LiveFold.from(state);
					history = [];
					restarts++;
					subscription = subscribe();
				} else {
					foldHistory();
					error = message.error;
					schedule();
				}
			});
		let subscription = subscribe();

		return () => {
			closed = true;
			if (frame !== null && frame >= 0) win?.cancelAnimationFrame(frame);
			subscription.close();
		};
	}, [service, threadId, win]);

	return view && view.state.threadId === threadId ? view : null;
}
