/**
 * The windowed view (issue 32, part 3): a client opening a long thread gets its newest items and
 * pages older ones in. For random threads, the window plus every page merged back is the thread's
 * whole state; and a window taken at any seq N, folded on with the events after N (what a client
 * does with a snapshot and its tail), shows what the window of the whole log shows.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LiveFold, project } from "../../src/log/projection";
import type { ThreadState } from "../../src/log/state";
import { historyPage, windowed, withEarlier, withoutEarlier } from "../../src/log/window";
import { randomThreadArb } from "./support/random-thread";

/** The window, then pages of `limit` messages merged in front until nothing lies before. */
function pagedBack(full: ThreadState, count: number, limit: number): ThreadState {
	let view = windowed(full, count);
	for (let pages = 0; view.earlier; pages++) {
		if (pages > 1000) throw new Error("paging does not end");
		view = withEarlier(view, historyPage(full, view.earlier.beforeSeq, limit));
	}
	return view;
}

describe("the windowed view of a thread", () => {
	it("is the whole state once every page is merged back", () => {
		fc.assert(
			fc.property(
				randomThreadArb,
				fc.integer({ min: 1, max: 12 }),
				fc.integer({ min: 1, max: 8 }),
				(events, count, limit) => {
					const full = project("thr_random", events);
					expect(pagedBack(full, count, limit)).toEqual(full);
				},
			),
			{ numRuns: 300 },
		);
	});

	it("holds at least the newest messages, whole turns, and every call that waits", () => {
		fc.assert(
			fc.property(randomThreadArb, fc.integer({ min: 1, max: 12 }), (events, count) => {
				const full = project("thr_random", events);
				const view = windowed(full, count);
				expect(view.messages.length).toBeGreaterThanOrEqual(Math.min(count, full.messages.length));
				expect(full.messages.slice(full.messages.length - view.messages.length)).toEqual(view.messages);
				if (view.earlier) expect(view.messages[0]?.kind).toBe("user");
				for (const callId of [...full.pendingApprovals, ...full.openReviews])
					expect(view.toolCalls[callId]).toBeDefined();
				for (const askId of full.openQuestions) expect(view.questions[askId]).toBeDefined();
				expect((view.earlier?.messages ?? 0) + view.messages.length).toBe(full.messages.length);
				expect((view.earlier?.calls ?? 0) + view.toolCallOrder.length).toBe(full.toolCallOrder.length);
			}),
			{ numRuns: 300 },
		);
	});

	it("taken at any seq and folded on with the events after it, equals the window of the whole log", () => {
		fc.assert(
			fc.property(randomThreadArb, fc.integer({ min: 1, max: 6 }), fc.nat(), (events, count, seed) => {
				const n = events.length === 0 ? 0 : seed % (events.length + 1);
				const snapshot = windowed(project("thr_random", events.slice(0, n)), count);
				const fold = LiveFold.from(structuredClone(snapshot));
				for (const event of events.slice(n)) fold.apply(event);
				const whole = project("thr_random", events);
				expect(windowed(fold.state(), count)).toEqual(windowed(whole, count));
				// And paging the rest in from the server's state gives the whole state.
				let view = fold.state();
				while (view.earlier) view = withEarlier(view, historyPage(whole, view.earlier.beforeSeq, 3));
				expect(withoutEarlier(view)).toEqual(whole);
			}),
			{ numRuns: 300 },
		);
	});
});
