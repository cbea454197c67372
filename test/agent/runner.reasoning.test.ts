/**
 * A thinking model's reasoning, in each of the three forms providers send it, becomes
 * assistant_reasoning events: never answer text, and never sent back to the model. Before,
 * `<think>` content was shown and replayed as the answer and the two delta forms were dropped.
 */
import { describe, expect, it } from "vitest";
import { messageText, reply, scripted, type ReasoningForm } from "../../src/sandbox/model-server";
import { harness, ofType } from "./support/harness";

const REASONING = "The user wants a note read. Daily.md is the one; <b>read</b> it first.";

describe.each<ReasoningForm>(["think", "reasoning_content", "reasoning"])("AgentRunner with reasoning as %s", (form) => {
	it("records the reasoning as assistant_reasoning, the answer as tokens, and never replays the reasoning", async () => {
		const h = await harness({
			notes: { "Daily.md": "Buy milk\n" },
			script: scripted(
				{ reasoning: REASONING, reasoningAs: form, toolCalls: [{ name: "readNote", arguments: { path: "Daily.md" }, id: "call_read" }] },
				reply.thinking("Milk is on the list.", "You need milk.", form),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "What do I need?");
		const events = await h.events(threadId);
		const messages = ofType(events, "assistant_message_started").map((e) => e.messageId);
		expect(messages).toHaveLength(2);
		const reasoningOf = (messageId: string | undefined) => ofType(events, "assistant_reasoning").filter((e) => e.messageId === messageId).map((e) => e.text).join("");
		expect(reasoningOf(messages[0])).toBe(REASONING);
		expect(reasoningOf(messages[1])).toBe("Milk is on the list.");
		expect(ofType(events, "assistant_token").map((e) => e.text).join("")).toBe("You need milk.");

		const state = await h.state(threadId);
		const last = state.messages[state.messages.length - 1];
		expect(last?.kind === "assistant" && last.text).toBe("You need milk.");
		expect(last?.kind === "assistant" && last.reasoning?.text).toBe("Milk is on the list.");

		// The second request carries the first reply without its reasoning.
		const sent = h.server.requests[1]?.body.messages ?? [];
		const assistant = sent.find((m) => m.role === "assistant");
		expect(assistant?.tool_calls?.[0]?.function.name).toBe("readNote");
		expect(JSON.stringify(sent)).not.toContain("The user wants a note read");
		expect(messageText(assistant ?? { role: "assistant" })).toBe("");
	});
});

describe("AgentRunner with an unclosed <think>", () => {
	it("keeps what it got as reasoning and shows no answer text", async () => {
		const h = await harness({ script: scripted({ text: "<think>Still weighing the options", finishReason: "length" }) });
		const threadId = await h.newThread();
		await h.send(threadId, "Decide");
		const events = await h.events(threadId);
		expect(ofType(events, "assistant_reasoning").map((e) => e.text).join("")).toBe("Still weighing the options");
		expect(ofType(events, "assistant_token")).toHaveLength(0);
		expect(ofType(events, "assistant_message_completed")[0]?.finishReason).toBe("length");
	});

	it("leaves a literal <think> in a code block of a normal answer as answer text", async () => {
		const answer = "Qwen writes its reasoning like this:\n\n```\n<think>…</think>\n```";
		const h = await harness({ script: scripted(reply.text(answer)) });
		const threadId = await h.newThread();
		await h.send(threadId, "How does Qwen mark reasoning?");
		const events = await h.events(threadId);
		expect(ofType(events, "assistant_reasoning")).toHaveLength(0);
		expect(ofType(events, "assistant_token").map((e) => e.text).join("")).toBe(answer);
	});
});
