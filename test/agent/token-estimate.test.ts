import { describe, expect, it } from "vitest";
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { calibrationOf, estimateMessagesTokens, estimateTextTokens } from "../../src/agent/token-estimate";
import type { NewEvent, StoredEvent } from "../../src/log/events";

function log(...events: NewEvent[]): StoredEvent[] {
	return events.map((e, i) => ({ ...e, seq: i + 1, threadId: "t", at: "2025-01-01T00:00:00Z" }));
}

const completed = (promptTokens: number, estimatedPromptTokens?: number): NewEvent => ({
	type: "assistant_message_completed",
	messageId: "m",
	finishReason: "stop",
	usage: { promptTokens, ...(estimatedPromptTokens !== undefined ? { estimatedPromptTokens } : {}) },
});

describe("estimating tokens without a tokenizer", () => {
	it("counts about four ASCII characters a token", () => {
		expect(estimateTextTokens("")).toBe(0);
		expect(estimateTextTokens("abcd")).toBe(1);
		expect(estimateTextTokens("The meeting moved to room seven.")).toBe(8);
	});

	it("counts a CJK character or an emoji as a token or more, and other letters at about two a token", () => {
		expect(estimateTextTokens("会議は七号室に移りました")).toBe(12);
		expect(estimateTextTokens("회의실")).toBe(3);
		expect(estimateTextTokens("🙂🙂")).toBe(4);
		expect(estimateTextTokens("переехала")).toBe(5);
	});

	it("adds what the chat format costs per message and per tool call", () => {
		const text = estimateTextTokens("Read A.md");
		const one = estimateMessagesTokens([new HumanMessage("Read A.md")]);
		expect(one).toBeGreaterThan(text);
		const withCall = estimateMessagesTokens([
			new SystemMessage("S"),
			new HumanMessage("Read A.md"),
			new AIMessage({
				content: "",
				tool_calls: [{ id: "c1", name: "readNote", args: { path: "A.md" }, type: "tool_call" }],
			}),
			new ToolMessage({ tool_call_id: "c1", content: "alpha" }),
		]);
		expect(withCall).toBeGreaterThan(one + estimateTextTokens('c1readNote{"path":"A.md"}'));
	});

	it("stays linear on a large text", () => {
		expect(estimateTextTokens("x".repeat(4_000_000))).toBe(1_000_000);
	});
});

describe("calibrating the estimate from the provider's usage", () => {
	it("is 1 when no reply recorded both the usage and the estimate", () => {
		expect(calibrationOf(log({ type: "user_message", messageId: "u", content: "hi", pinned: [] }))).toBe(1);
		expect(calibrationOf(log(completed(500)))).toBe(1);
	});

	it("takes the median ratio of the latest replies", () => {
		expect(
			calibrationOf(log(completed(1000, 1000), completed(1200, 1000), completed(1500, 1000), completed(1100, 1000))),
		).toBe(1.2);
	});

	it("ignores ratios no tokenizer explains (a provider that reports nonsense)", () => {
		expect(calibrationOf(log(completed(1, 1000), completed(1100, 1000)))).toBe(1.1);
		expect(calibrationOf(log(completed(100_000, 10)))).toBe(1);
	});

	it("is derived from the log alone, so it survives a restart", () => {
		const events = log(completed(2000, 1000));
		const reread = JSON.parse(JSON.stringify(events)) as StoredEvent[];
		expect(calibrationOf(reread)).toBe(2);
	});
});
