/**
 * DeepSeek's thinking mode requires the `reasoning_content` of an assistant message that made
 * tool calls back on that message in every later request (else HTTP 400, see
 * src/sandbox/model-server/thinking-mode.ts). Redline is tool-driven: before, every such turn
 * failed on its second request. The other forms (`reasoning` deltas, `<think>` content) are never
 * sent back: runner.reasoning.test.ts.
 */
import { describe, expect, it } from "vitest";
import { reply, scripted } from "../../src/sandbox/model-server";
import type { WireMessage } from "../../src/sandbox/model-server";
import { harness, ofType } from "./support/harness";

const FIRST = "The user wants Daily.md: read it.";
const SECOND = "Now Todo.md, to compare.";

const readCall = (path: string, id: string) => ({
	reasoning: path === "Daily.md" ? FIRST : SECOND,
	reasoningAs: "reasoning_content" as const,
	toolCalls: [{ id, name: "readNote", arguments: { path } }],
});

const assistants = (messages: WireMessage[]) => messages.filter((m) => m.role === "assistant");

describe("AgentRunner against DeepSeek's thinking mode", () => {
	it("sends the reasoning of each tool-calling message back on it: two tool rounds, a reply, and a second turn", async () => {
		const h = await harness({
			thinkingMode: "deepseek",
			notes: { "Daily.md": "Buy milk\n", "Todo.md": "Call mum\n" },
			script: scripted(
				readCall("Daily.md", "call_daily"),
				readCall("Todo.md", "call_todo"),
				reply.thinking("Both read.", "Milk, and call mum.", "reasoning_content"),
				reply.thinking("Nothing new.", "That was all.", "reasoning_content"),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "What do I need?");
		await h.send(threadId, "Anything else?");
		const events = await h.events(threadId);
		expect(ofType(events, "error")).toEqual([]);
		expect(h.server.requests.map((r) => r.outcome)).toEqual(["completed", "completed", "completed", "completed"]);
		expect(
			ofType(events, "assistant_token")
				.map((e) => e.text)
				.join(""),
		).toBe("Milk, and call mum.That was all.");

		const last = h.server.requests[3]?.body.messages ?? [];
		expect(assistants(last).map((m) => m.reasoning_content)).toEqual([FIRST, SECOND, undefined]);
		expect(assistants(last).map((m) => m.tool_calls?.[0]?.id)).toEqual(["call_daily", "call_todo", undefined]);
		// The reply without tool calls keeps its reasoning to itself, as before.
		expect(JSON.stringify(last)).not.toContain("Both read.");
	});

	it("sends the same after a restart (the reasoning comes from the log)", async () => {
		const h = await harness({
			thinkingMode: "deepseek",
			notes: { "Daily.md": "Buy milk\n" },
			script: scripted(readCall("Daily.md", "call_daily"), reply.text("Milk."), reply.text("Nothing else.")),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "What do I need?");
		const live = assistants(h.server.requests[1]?.body.messages ?? []);
		await h.restart();
		await h.send(threadId, "Anything else?");
		const replayed = assistants(h.server.requests[2]?.body.messages ?? []);
		expect(h.server.requests.map((r) => r.outcome)).toEqual(["completed", "completed", "completed"]);
		expect(live[0]?.reasoning_content).toBe(FIRST);
		expect(replayed[0]).toEqual(live[0]);
	});
});
