/**
 * parseLog takes most lines (one known event, no coalesced tokens) by a fast path that keeps the
 * parsed record as the event instead of expanding a copy of it. These tests pin that the fast path
 * gives exactly the events the general expansion gives, and that it is never taken for a line the
 * expansion changes (coalesced tokens, an unknown type, stray token lengths).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../src/log/events";
import { encodeEvents, expandRecord, isPlainEvent, parseLog } from "../../src/log/log-codec";
import { eventsArb } from "../thread/support/arbitrary-events";

type LineRecord = Record<string, unknown> & { seq: number; type: string };

function records(text: string): LineRecord[] {
	return text
		.split("\n")
		.filter(Boolean)
		.map((line) => JSON.parse(line) as LineRecord);
}

/** The slow path alone: every line through expandRecord, as parseLog did before the fast path. */
function expandedEvents(text: string): StoredEvent[] {
	return records(text).flatMap((record) => expandRecord(record, [], "line"));
}

/** Lines the general path changes: stray `lens` on a plain event, wrong lengths on tokens. */
const oddLineArb = fc.oneof(
	fc.record({ type: fc.constant("status"), status: fc.constant("idle"), lens: fc.constant([1]) }),
	fc.record({
		type: fc.constant("assistant_token"),
		messageId: fc.constant("m1"),
		text: fc.constant("abc"),
		lens: fc.constantFrom([1, 1], [4], "3", []),
	}),
	fc.record({ type: fc.constant("from_the_future"), payload: fc.string({ maxLength: 4 }) }),
);

describe("parsing a log's lines", () => {
	it("gives the same events by the fast path as by expanding every line", () => {
		fc.assert(
			fc.property(eventsArb, fc.array(oddLineArb, { maxLength: 5 }), (events, odd) => {
				const lastSeq = events.at(-1)?.seq ?? 0;
				const extra = odd.map(
					(line, i) =>
						JSON.stringify({ ...line, seq: lastSeq + 1 + i, threadId: "t1", at: "2025-01-01T00:00:00.000Z" }) + "\n",
				);
				const text = encodeEvents(events) + extra.join("");
				expect(parseLog("t1", text).events).toStrictEqual(expandedEvents(text));
			}),
			{ numRuns: 300 },
		);
	});

	it("takes the fast path only for lines the expansion would merely copy", () => {
		fc.assert(
			fc.property(eventsArb, (events) => {
				for (const record of records(encodeEvents(events))) {
					const skipped: string[] = [];
					const expanded = expandRecord(record, skipped, "line");
					if (isPlainEvent(record)) {
						expect(expanded).toStrictEqual([record]);
						expect(skipped).toEqual([]);
					}
				}
			}),
			{ numRuns: 200 },
		);
	});

	it("leaves coalesced tokens, unknown types and stray token lengths to the expansion", () => {
		const base = { seq: 3, threadId: "t1", at: "x" };
		expect(isPlainEvent({ ...base, type: "assistant_token", messageId: "m1", text: "ab", lens: [1, 1] })).toBe(false);
		expect(isPlainEvent({ ...base, type: "status", status: "idle", lens: [1] })).toBe(false);
		expect(isPlainEvent({ ...base, type: "from_the_future" })).toBe(false);
		expect(isPlainEvent({ ...base, type: "status", status: "idle" })).toBe(true);
	});
});

describe("a reasoning line that takes answer text back", () => {
	const line = (extra: Record<string, unknown>) =>
		JSON.stringify({
			seq: 1,
			threadId: "t1",
			at: "2025-01-01T00:00:00.000Z",
			type: "assistant_reasoning",
			messageId: "m1",
			text: "",
			...extra,
		}) + "\n";

	it("keeps its count through a reload", () => {
		expect(parseLog("t1", line({ fromAnswer: 12 })).events[0]).toMatchObject({ fromAnswer: 12 });
	});

	it("is skipped, and said so, when its count is not a character count", () => {
		for (const fromAnswer of [-1, 1.5, "12", null]) {
			const parsed = parseLog("t1", line({ fromAnswer }));
			expect(parsed.events).toEqual([]);
			expect(parsed.skipped).toEqual(["line 1: assistant_reasoning without a valid fromAnswer"]);
		}
	});
});
