/**
 * A fold over a thread's events that is kept between steps: a log's events array only grows, so
 * the next read folds only its new tail (issue 32: scans of the whole log before every model call
 * made a step cost grow with the thread). One accumulator per events array and per fold; when the
 * array no longer starts with the events folded (another log, or a fixture rewritten), it starts
 * again from the first event, so the answer is always the one a fold of the whole array gives.
 */
import type { StoredEvent } from "./events";

interface Folded<T> {
	value: T;
	folded: number;
	last: StoredEvent | undefined;
}

export interface EventsFold<T> {
	/** The accumulator after every event of `events`. */
	of(events: readonly StoredEvent[]): T;
}

export function eventsFold<T>(init: () => T, step: (value: T, event: StoredEvent) => void): EventsFold<T> {
	const folds = new WeakMap<readonly StoredEvent[], Folded<T>>();
	return {
		of(events) {
			let fold = folds.get(events);
			if (!fold || fold.folded > events.length || (fold.folded > 0 && events[fold.folded - 1] !== fold.last)) {
				fold = { value: init(), folded: 0, last: undefined };
				folds.set(events, fold);
			}
			for (; fold.folded < events.length; fold.folded++) step(fold.value, events[fold.folded]);
			fold.last = events[fold.folded - 1];
			return fold.value;
		},
	};
}
