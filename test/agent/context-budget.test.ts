import { describe, expect, it } from "vitest";
import type { ToolMessage } from "@langchain/core/messages";
import { fitTranscript } from "../../src/agent/context-budget";
import { estimateMessagesTokens } from "../../src/agent/token-estimate";
import { readModelThread } from "../../src/agent/transcript";
import type { NewEvent, StoredEvent } from "../../src/log/events";

function log(events: NewEvent[]): StoredEvent[] {
	return events.map((e, i) => ({ ...e, seq: i + 1, threadId: "t", at: "2025-01-01T00:00:00Z" }));
}

const big = (n: number): string => `Note ${n}.md (200 lines):\n${"- a line of the note that matters\n".repeat(200)}`;

/** A turn: the user asks, the model reads a note, then answers. */
function readTurn(n: number, options: { answered?: boolean; result?: boolean } = {}): NewEvent[] {
	const events: NewEvent[] = [
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
	];
	if (options.result !== false)
		events.push({ type: "tool_call_completed", callId: `c${n}`, result: { status: "success", message: big(n) } });
	if (options.answered !== false) {
		events.push(
			{ type: "assistant_message_started", messageId: `b${n}` },
			{ type: "assistant_token", messageId: `b${n}`, text: `Note ${n} says it matters.` },
			{ type: "assistant_message_completed", messageId: `b${n}`, finishReason: "stop" },
		);
	}
	return events;
}

function thread(turns: number, last: { answered?: boolean; result?: boolean } = { answered: false }): StoredEvent[] {
	const events: NewEvent[] = [];
	for (let n = 1; n <= turns; n++) events.push(...readTurn(n, n === turns ? last : {}));
	return log(events);
}

const toolContents = (messages: ReturnType<typeof fitTranscript>["messages"]): string[] =>
	messages.filter((m): m is ToolMessage => m.type === "tool").map((m) => text(m.content));

const text = (content: unknown): string => (typeof content === "string" ? content : JSON.stringify(content));

describe("fitting the transcript to a budget", () => {
	it("sends everything when there is no budget or it fits", () => {
		const model = readModelThread(thread(3));
		const unlimited = fitTranscript("SYS", model, { budget: undefined });
		expect(unlimited.fits).toBe(true);
		expect(unlimited.elided).toBe(0);
		const roomy = fitTranscript("SYS", model, { budget: unlimited.tokens });
		expect(roomy.elided).toBe(0);
		expect(toolContents(roomy.messages).every((c) => c.startsWith("Note"))).toBe(true);
	});

	it("elides the oldest results first, only as many as needed, with a stub that says how to fetch them again", () => {
		const model = readModelThread(thread(4));
		const full = fitTranscript("SYS", model, { budget: undefined });
		const fitted = fitTranscript("SYS", model, { budget: full.tokens - 100 });
		expect(fitted.fits).toBe(true);
		expect(fitted.elided).toBe(1);
		const contents = toolContents(fitted.messages);
		expect(contents[0]).toBe(
			`[Result left out to save context: readNote {"path":"Note 1.md"} returned ${big(1).length} characters (success). Call readNote again if you need it.]`,
		);
		expect(contents.slice(1).every((c) => c.startsWith("Note"))).toBe(true);
	});

	it("never elides the current turn's results, even over budget", () => {
		const model = readModelThread(thread(3, { answered: false }));
		const fitted = fitTranscript("SYS", model, { budget: 10 });
		expect(fitted.fits).toBe(false);
		const contents = toolContents(fitted.messages);
		expect(contents.at(-1)).toMatch(/^Note 3\.md/u);
		expect(contents.slice(0, -1).every((c) => c.startsWith("[Result left out"))).toBe(true);
	});

	it("elides only results that can be fetched again", () => {
		const events = log([
			{ type: "user_message", messageId: "u1", content: "Ask me", pinned: [] },
			{ type: "assistant_message_started", messageId: "a1" },
			{ type: "assistant_message_completed", messageId: "a1", finishReason: "tool_calls" },
			{ type: "tool_call_proposed", callId: "q1", tool: "askUser", args: {}, messageId: "a1" },
			{
				type: "tool_call_completed",
				callId: "q1",
				result: { status: "success", message: `The user answered: ${"a long answer ".repeat(300)}` },
			},
			...readTurn(2, { answered: false }),
		]);
		const fitted = fitTranscript("SYS", readModelThread(events), { budget: 10 });
		expect(toolContents(fitted.messages)[0]).toMatch(/^The user answered/u);
	});

	it("as a last resort elides the current turn's earlier steps, then leaves out the oldest turns with a note", () => {
		const events = log([
			...readTurn(1),
			...readTurn(2),
			{ type: "user_message", messageId: "u3", content: "Read two notes", pinned: [] },
			{ type: "assistant_message_started", messageId: "a3" },
			{ type: "assistant_message_completed", messageId: "a3", finishReason: "tool_calls" },
			{ type: "tool_call_proposed", callId: "c3", tool: "readNote", args: { path: "Note 3.md" }, messageId: "a3" },
			{ type: "tool_call_completed", callId: "c3", result: { status: "success", message: big(3) } },
			{ type: "assistant_message_started", messageId: "a4" },
			{ type: "assistant_message_completed", messageId: "a4", finishReason: "tool_calls" },
			{ type: "tool_call_proposed", callId: "c4", tool: "readNote", args: { path: "Note 4.md" }, messageId: "a4" },
			{ type: "tool_call_completed", callId: "c4", result: { status: "success", message: big(4) } },
		]);
		const model = readModelThread(events);
		const least = fitTranscript("SYS", model, { budget: 1, lastResort: true }).tokens;
		const fitted = fitTranscript("SYS", model, { budget: least + 20, lastResort: true });
		expect(fitted.fits).toBe(true);
		const contents = toolContents(fitted.messages);
		expect(contents.at(-1)).toMatch(/^Note 4\.md/u);
		expect(contents.at(-2)).toMatch(/^\[Result left out to save context: readNote \{"path":"Note 3\.md"\}/u);
		expect(fitted.omitted).toBeGreaterThan(0);
		expect(text(fitted.messages[0].content)).toMatch(/earlier messages are not shown to you: they no longer fit/u);
		expect(fitted.messages[1].type).toBe("human");
		expect(text(fitted.messages[1].content)).toBe("Read two notes");
	});

	it("counts exactly what the estimate of the rendered messages says (what calibration records)", () => {
		const model = readModelThread(thread(6));
		for (const budget of [undefined, 20_000, 5_000, 800]) {
			for (const lastResort of [false, true]) {
				const fitted = fitTranscript("A system prompt.", model, { budget, lastResort });
				expect(fitted.tokens).toBe(estimateMessagesTokens(fitted.messages));
			}
		}
	});

	it("leaves calls that have not run as they are", () => {
		const model = readModelThread(thread(3, { result: false, answered: false }));
		const fitted = fitTranscript("SYS", model, { budget: 10, lastResort: true });
		expect(toolContents(fitted.messages).at(-1)).toBe("This call did not run.");
	});
});
