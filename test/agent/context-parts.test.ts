/**
 * The context meter's breakdown is measured over the transcript the budget fitted, with the same
 * costs: its parts add up to the tokens that decided compaction, whatever was elided, omitted,
 * summarised or pinned, and each part holds what it says.
 */
import { describe, expect, it } from "vitest";
import { fitTranscript } from "../../src/agent/context-budget";
import { partsTotal } from "../../src/agent/context-parts";
import { readModelThread } from "../../src/agent/transcript";
import type { NewEvent, StoredEvent } from "../../src/log/events";

function log(events: NewEvent[]): StoredEvent[] {
	return events.map((e, i) => ({ ...e, seq: i + 1, threadId: "t", at: "2025-01-01T00:00:00Z" }));
}

const big = (n: number): string => `Note ${n}.md:\n${"- a line of the note that matters\n".repeat(200)}`;

function turn(n: number): NewEvent[] {
	return [
		{ type: "user_message", messageId: `u${n}`, content: `Read note ${n}`, pinned: [] },
		{ type: "assistant_message_started", messageId: `a${n}` },
		{ type: "assistant_message_completed", messageId: `a${n}`, finishReason: "tool_calls" },
		{
			type: "tool_call_proposed",
			callId: `c${n}`,
			tool: "readNote",
			args: { path: `Note ${n}.md` },
			messageId: `a${n}`,
		},
		{
			type: "tool_call_completed",
			callId: `c${n}`,
			result: { status: "success", message: big(n), path: `Note ${n}.md` },
		},
		{ type: "assistant_message_started", messageId: `b${n}` },
		{ type: "assistant_token", messageId: `b${n}`, text: `Note ${n} says it matters.` },
		{ type: "assistant_message_completed", messageId: `b${n}`, finishReason: "stop" },
	];
}

function thread(turns: number, extra: NewEvent[] = []): StoredEvent[] {
	const events: NewEvent[] = [];
	for (let n = 1; n <= turns; n++) events.push(...turn(n));
	events.push(...extra, { type: "user_message", messageId: "last", content: "And now?", pinned: [] });
	return log(events);
}

const INSTRUCTIONS = "Standing instructions:\nNever touch Journal/.";
const SYSTEM = `You are Redline.\n\n${INSTRUCTIONS}`;

describe("the context meter's breakdown", () => {
	it("adds up to the fitted tokens with nothing left out", () => {
		const fitted = fitTranscript(SYSTEM, readModelThread(thread(4)), { budget: undefined, instructions: INSTRUCTIONS });
		expect(partsTotal(fitted.parts)).toBe(fitted.tokens);
		expect(fitted.parts.instructions).toBeGreaterThan(5);
		expect(fitted.parts.toolResults).toBeGreaterThan(fitted.parts.conversation);
		expect(fitted.parts.pinned).toBe(0);
	});

	it("adds up to the fitted tokens when old results are elided and turns omitted", () => {
		const model = readModelThread(thread(6));
		const full = fitTranscript(SYSTEM, model, { budget: undefined, instructions: INSTRUCTIONS });
		const elided = fitTranscript(SYSTEM, model, { budget: full.tokens - 2000, instructions: INSTRUCTIONS });
		expect(elided.elided).toBeGreaterThan(0);
		expect(partsTotal(elided.parts)).toBe(elided.tokens);
		expect(elided.parts.toolResults).toBeLessThan(full.parts.toolResults);
		const omitted = fitTranscript(SYSTEM, model, { budget: 200, instructions: INSTRUCTIONS, lastResort: true });
		expect(omitted.omitted).toBeGreaterThan(0);
		expect(partsTotal(omitted.parts)).toBe(omitted.tokens);
		expect(omitted.parts.instructions).toBe(full.parts.instructions);
	});

	it("counts a pinned note's read as pinned, in its turn or in the system message after compaction", () => {
		const pin: NewEvent[] = [{ type: "item_pinned", item: { path: "Note 1.md" } }];
		const inTurn = fitTranscript(SYSTEM, readModelThread(thread(3, pin)), { budget: undefined });
		expect(partsTotal(inTurn.parts)).toBe(inTurn.tokens);
		expect(inTurn.parts.pinned).toBeGreaterThan(1000);
		const compacted = log([
			...thread(3, pin).map(({ seq: _s, threadId: _t, at: _a, ...e }) => e as NewEvent),
			{ type: "context_compacted", fromSeq: 1, toSeq: 24, summary: "The user read notes 1 to 3." },
			{ type: "user_message", messageId: "after", content: "Go on", pinned: [] },
		]);
		const after = fitTranscript(SYSTEM, readModelThread(compacted), { budget: undefined });
		expect(partsTotal(after.parts)).toBe(after.tokens);
		expect(after.parts.pinned).toBe(inTurn.parts.pinned - 6);
		expect(after.parts.toolResults).toBe(0);
	});
});
