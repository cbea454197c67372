/**
 * The calls of a thread that are not completed, in proposal order: what the runner settles, stops
 * or recovers, and what a new message overtakes. Scanning toolCallOrder for them cost O(all calls)
 * per step (issue 32: a turn at 20,000 calls spent a tenth of its time skipping completed calls);
 * this folds only the events appended since the last read (events-fold.ts), as the projection
 * folds phases: a call is open from its proposal (or a later start) until its completion.
 * Always `toolCallOrder.filter(id => toolCalls[id].phase !== "completed")` of the same events
 * (test/log/open-calls.property.test.ts).
 */
import type { ThreadHandle } from "./driver";
import { eventsFold } from "./events-fold";
import { isKnownEvent } from "./events";

interface OpenCalls {
	/** Each known call's place in proposal order. */
	order: Map<string, number>;
	open: Set<string>;
}

const folded = eventsFold<OpenCalls>(
	() => ({ order: new Map(), open: new Set() }),
	(calls, event) => {
		if (!isKnownEvent(event)) return;
		if (event.type === "tool_call_proposed") {
			// A second proposal of a known call changes nothing in the fold either.
			if (calls.order.has(event.callId)) return;
			calls.order.set(event.callId, calls.order.size);
			calls.open.add(event.callId);
		} else if (event.type === "tool_call_started") {
			if (calls.order.has(event.callId)) calls.open.add(event.callId);
		} else if (event.type === "tool_call_completed") {
			calls.open.delete(event.callId);
		}
	},
);

/** The ids of the calls not completed now, in proposal order (read from the log's events). */
export function openCallIds(thread: Pick<ThreadHandle, "events">): string[] {
	const { order, open } = folded.of(thread.events());
	const ids = [...open];
	// Almost always in order already (a call reopened by a late start is the exception).
	return ids.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}
