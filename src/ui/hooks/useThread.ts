/**
 * The live ThreadState of one thread: subscribes to the service, folds every event with the
 * pure projection, and renders at most once per animation frame, so a burst of streamed tokens
 * costs one render, not one per token. The history replay renders once, at the caught-up marker.
 */
import { useEffect, useState } from "react";
import { apply, emptyState } from "../../thread/projection";
import type { ServiceError, ThreadService } from "../../thread/service-api";
import type { ThreadState } from "../../thread/state";

export interface ThreadView {
	state: ThreadState;
	/** False until the history has been replayed. */
	caughtUp: boolean;
	error?: ServiceError;
}

export function useThread(service: ThreadService, threadId: string | null, win: Window | null): ThreadView | null {
	const [view, setView] = useState<ThreadView | null>(null);

	useEffect(() => {
		if (threadId === null) {
			setView(null);
			return;
		}
		let state = emptyState(threadId);
		let caughtUp = false;
		let error: ServiceError | undefined;
		let frame: number | null = null;
		let closed = false;
		setView({ state, caughtUp });

		const flush = (): void => {
			frame = null;
			if (!closed) setView(error ? { state, caughtUp, error } : { state, caughtUp });
		};
		const schedule = (): void => {
			if (frame !== null || closed) return;
			// Pop-out windows have their own frame clock; without a window, render on a microtask.
			if (win) frame = win.requestAnimationFrame(flush);
			else queueMicrotask(flush);
			frame ??= -1;
		};

		const subscription = service.subscribe({ threadId }, (message) => {
			if (closed) return;
			if (message.kind === "event") {
				// A resumed subscription may repeat events we already folded.
				if (message.event.seq <= state.lastSeq) return;
				state = apply(state, message.event);
				schedule();
			} else if (message.kind === "caught_up") {
				caughtUp = true;
				if (frame !== null && frame >= 0) win?.cancelAnimationFrame(frame);
				flush();
			} else {
				error = message.error;
				schedule();
			}
		});

		return () => {
			closed = true;
			if (frame !== null && frame >= 0) win?.cancelAnimationFrame(frame);
			subscription.close();
		};
	}, [service, threadId, win]);

	return view && view.state.threadId === threadId ? view : null;
}
