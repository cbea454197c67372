/**
 * How the real @langchain/openai 1.6 client surfaces each way a thinking model sends reasoning,
 * through createChatModel, over HTTP from the scripted model server, and sends DeepSeek's back.
 * Without ReasoningCompletions the `reasoning` delta (OpenRouter) is dropped (the second case
 * fails on that) and an AIMessage's reasoning_content never reaches the request (the fourth).
 */
import { AIMessage, HumanMessage, ToolMessage, type AIMessageChunk } from "@langchain/core/messages";
import { afterEach, describe, expect, it } from "vitest";
import { createChatModel } from "../../src/llm/chat-model";
import {
	reply,
	scripted,
	startModelServer,
	type ModelServer,
	type ReasoningForm,
} from "../../src/sandbox/model-server";

let server: ModelServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function chunks(form: ReasoningForm, bindTools = false): Promise<AIMessageChunk[]> {
	server = await startModelServer({ script: scripted(reply.thinking("Weigh both options first.", "Option B.", form)) });
	const base = createChatModel({ baseUrl: server.baseURL, model: "thinker" }, undefined);
	// bindTools makes a new client from the same fields: reasoning must survive that too.
	const model = bindTools
		? base.bindTools([
				{
					type: "function",
					function: { name: "noop", description: "x", parameters: { type: "object", properties: {} } },
				},
			])
		: base;
	const out: AIMessageChunk[] = [];
	for await (const chunk of await model.stream([new HumanMessage("A or B?")])) out.push(chunk);
	return out;
}

const reasoningOf = (list: AIMessageChunk[], key = "reasoning_content") =>
	list.map((c) => (c.additional_kwargs[key] as string | undefined) ?? "").join("");
const contentOf = (list: AIMessageChunk[]) =>
	list.map((c) => (typeof c.content === "string" ? c.content : "")).join("");

describe("reasoning deltas through ChatOpenAI", () => {
	it("keeps a reasoning_content delta in additional_kwargs.reasoning_content, apart from the content", async () => {
		const list = await chunks("reasoning_content");
		expect(reasoningOf(list)).toBe("Weigh both options first.");
		expect(contentOf(list)).toBe("Option B.");
	});

	it("keeps a reasoning delta in additional_kwargs.reasoning (the library alone drops it), also with tools bound", async () => {
		for (const bound of [false, true]) {
			const list = await chunks("reasoning", bound);
			expect(reasoningOf(list, "reasoning")).toBe("Weigh both options first.");
			expect(reasoningOf(list)).toBe("");
			expect(contentOf(list)).toBe("Option B.");
			await server?.close();
		}
	});

	it("leaves <think> in the content, where the agent's ReasoningSplit finds it", async () => {
		const list = await chunks("think");
		expect(reasoningOf(list)).toBe("");
		expect(contentOf(list)).toBe("<think>Weigh both options first.</think>\n\nOption B.");
	});

	it("sends an AIMessage's reasoning_content on the request's assistant message with the same tool calls, and nothing on others", async () => {
		server = await startModelServer({ script: scripted(reply.text("Done.")) });
		const model = createChatModel({ baseUrl: server.baseURL, model: "thinker" }, undefined);
		const call = (id: string) => ({ id, name: "readNote", args: { path: "Daily.md" }, type: "tool_call" as const });
		const messages = [
			new HumanMessage("Read it twice"),
			new AIMessage({
				content: "",
				tool_calls: [call("call_a")],
				additional_kwargs: { reasoning_content: "Read Daily.md." },
			}),
			new ToolMessage({ tool_call_id: "call_a", content: "Buy milk" }),
			new AIMessage({ content: "", tool_calls: [call("call_b")] }),
			new ToolMessage({ tool_call_id: "call_b", content: "Buy milk" }),
		];
		for await (const chunk of await model.stream(messages)) void chunk;
		const sent = server.requests[0]?.body.messages.filter((m) => m.role === "assistant") ?? [];
		expect(sent.map((m) => [m.tool_calls?.[0]?.id, m.reasoning_content])).toEqual([
			["call_a", "Read Daily.md."],
			["call_b", undefined],
		]);
	});
});
