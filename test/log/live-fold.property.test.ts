/**
 * The live fold (LiveFold, issue 32): the thread's log and the pane fold each new event at a cost
 * that does not grow with the thread, by writing the containers they built in place. For random
 * event sequences it must still be the fold: after every event it equals `project` of the log so
 * far; a state it handed out (`shared`) or was handed (`from`) never changes; and every entry an
 * event changes (a call, an edit, a question, a message, a turn) is a new object, so a view that
 * compares by reference sees it, with the pane's arrays new too when they change.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../src/log/events";
import { LiveFold, project } from "../../src/log/projection";
import type { ThreadState } from "../../src/log/state";
import { deepFreeze, eventsArb } from "../thread/support/arbitrary-events";

const splitOf = (events: StoredEvent[], seed: number) => (events.length === 0 ? 0 : seed % (events.length + 1));

/** The entries of a state by where a view finds them, as they are now (references). */
function entries(state: ThreadState): Map<string, unknown> {
	const found = new Map<string, unknown>();
	for (const [id, call] of Object.entries(state.toolCalls)) found.set(`call ${id}`, call);
	for (const [id, edit] of Object.entries(state.edits)) found.set(`edit ${id}`, edit);
	for (const [id, question] of Object.entries(state.questions)) found.set(`question ${id}`, question);
	state.messages.forEach((message, i) => found.set(`message ${i}`, message));
	state.turns.forEach((turn, i) => found.set(`turn ${i}`, turn));
	return found;
}

const ARRAYS = [
	"messages",
	"toolCallOrder",
	"pendingApprovals",
	"openQuestions",
	"openReviews",
	"editOrder",
	"pinned",
	"turns",
	"errors",
] as const;

/**
 * Applies `event`, then checks that whatever it changed is a new object: entries always, and the
 * arrays too when `arrays` (a view's fold). `before` is a copy of the state taken before.
 */
function applyAndCheckIdentities(fold: LiveFold, event: StoredEvent, arrays: boolean): ThreadState {
	const previous = fold.state();
	const before = structuredClone(previous);
	const refs = entries(previous);
	const arrayRefs = ARRAYS.map((key) => previous[key]);
	const next = fold.apply(event);
	expect(next).not.toBe(previous);
	const copies = entries(before);
	for (const [where, entry] of entries(next)) {
		const old = copies.get(where);
		if (old !== undefined && JSON.stringify(old) !== JSON.stringify(entry))
			expect(entry, where).not.toBe(refs.get(where));
	}
	if (arrays)
		ARRAYS.forEach((key, i) => {
			if (JSON.stringify(before[key]) !== JSON.stringify(next[key])) expect(next[key], key).not.toBe(arrayRefs[i]);
		});
	return next;
}

describe("the live fold", () => {
	it("equals the fold of the log so far after every event, from a replay of any prefix", () => {
		fc.assert(
			fc.property(eventsArb, fc.nat(), (events, seed) => {
				const split = splitOf(events, seed);
				const fold = LiveFold.replay("t1", events.slice(0, split));
				expect(fold.state()).toStrictEqual(project("t1", events.slice(0, split)));
				for (let i = split; i < events.length; i++) {
					const state = applyAndCheckIdentities(fold, events[i], false);
					expect(state).toStrictEqual(project("t1", events.slice(0, i + 1)));
				}
			}),
			{ numRuns: 300 },
		);
	});

	it("never changes a state it shared, nor the events: later events copy what it gave up", () => {
		fc.assert(
			fc.property(eventsArb, fc.nat(), fc.nat(), (events, seed, shareSeed) => {
				deepFreeze(events);
				const split = splitOf(events, seed);
				const fold = LiveFold.replay("t1", events.slice(0, split));
				const sharedAt = split + (events.length === split ? 0 : shareSeed % (events.length - split + 1));
				let shared: ThreadState | undefined;
				let held: ThreadState | undefined;
				for (let i = split; i <= events.length; i++) {
					if (i === sharedAt) {
						// Frozen: a write in place to anything the view holds throws (modules are strict).
						shared = fold.shared();
						held = project("t1", events.slice(0, i));
						deepFreeze(shared);
					}
					if (i < events.length) fold.apply(events[i]);
				}
				expect(shared).toStrictEqual(held);
				expect(fold.state()).toStrictEqual(project("t1", events));
			}),
			{ numRuns: 300 },
		);
	});

	it("folds on from a state it was handed without writing it, with new arrays and entries for every change", () => {
		fc.assert(
			fc.property(eventsArb, fc.nat(), (events, seed) => {
				deepFreeze(events);
				const split = splitOf(events, seed);
				const handed = deepFreeze(project("t1", events.slice(0, split)));
				const fold = LiveFold.from(handed);
				for (let i = split; i < events.length; i++) {
					const state = applyAndCheckIdentities(fold, events[i], true);
					expect(state).toStrictEqual(project("t1", events.slice(0, i + 1)));
				}
			}),
			{ numRuns: 300 },
		);
	});

	it("links a call proposed after its intent and question, when it folds on from a handed state", () => {
		const at = "2025-01-01T00:00:00.000Z";
		const events: StoredEvent[] = [
			{ type: "assistant_message_started", messageId: "m1" },
			{ type: "edit_intent_declared", editId: "e1", callId: "c1", path: "A.md", operation: "modify", description: "d" },
			{ type: "question_asked", askId: "a1", callId: "c1", questions: [] },
			{ type: "tool_call_proposed", callId: "c1", tool: "declareEditIntent", args: {}, messageId: "m1" },
		].map((event, i) => ({ ...event, seq: i + 1, threadId: "t1", at }) as StoredEvent);
		const fold = LiveFold.from(project("t1", events.slice(0, 3)));
		expect(fold.apply(events[3]).toolCalls.c1).toMatchObject({ editId: "e1", askId: "a1" });
	});
});
