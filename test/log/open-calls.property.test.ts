/**
 * The open calls (open-calls.ts) are folded from the log's new events at each read, instead of a
 * scan of every call (issue 32). For random event sequences, read after every event from the same
 * growing log, they are exactly the calls the projection shows not completed, in proposal order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../src/log/events";
import { openCallIds } from "../../src/log/open-calls";
import { project } from "../../src/log/projection";
import { eventsArb } from "../thread/support/arbitrary-events";

describe("the open calls", () => {
	it("are the projection's calls not completed, in proposal order, after every event", () => {
		fc.assert(
			fc.property(eventsArb, (events) => {
				const log: StoredEvent[] = [];
				const thread = { events: () => log };
				for (const event of events) {
					log.push(event);
					const state = project("t1", log);
					const expected = state.toolCallOrder.filter((id) => state.toolCalls[id]?.phase !== "completed");
					expect(openCallIds(thread)).toStrictEqual(expected);
				}
			}),
			{ numRuns: 300 },
		);
	});

	it("reopens a completed call that starts again, at its place in proposal order", () => {
		const at = "2025-01-01T00:00:00.000Z";
		const log = [
			{ type: "tool_call_proposed", callId: "c1", tool: "readNote", args: {}, messageId: "m1" },
			{ type: "tool_call_proposed", callId: "c2", tool: "readNote", args: {}, messageId: "m1" },
			{ type: "tool_call_completed", callId: "c1", result: { status: "success", message: "ok" } },
			{ type: "tool_call_started", callId: "c1" },
		].map((event, i) => ({ ...event, seq: i + 1, threadId: "t1", at }) as StoredEvent);
		expect(openCallIds({ events: () => log })).toStrictEqual(["c1", "c2"]);
	});

	it("ignores a second proposal of a known call, as the projection does", () => {
		const at = "2025-01-01T00:00:00.000Z";
		const log = [
			{ type: "tool_call_proposed", callId: "c1", tool: "readNote", args: {}, messageId: "m1" },
			{ type: "tool_call_completed", callId: "c1", result: { status: "success", message: "ok" } },
			{ type: "tool_call_proposed", callId: "c1", tool: "readNote", args: {}, messageId: "m1" },
		].map((event, i) => ({ ...event, seq: i + 1, threadId: "t1", at }) as StoredEvent);
		expect(openCallIds({ events: () => log })).toStrictEqual([]);
	});
});
