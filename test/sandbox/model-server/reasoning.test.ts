import { describe, expect, it, onTestFinished } from "vitest";
import { DEEPSEEK_MISSING_REASONING, reply, scripted, startModelServer } from "../../../src/sandbox/model-server";
import type { CompletionChunk } from "../../../src/sandbox/model-server";
import { postCompletion, startScripted } from "./support";

async function chunksOf(baseURL: string): Promise<CompletionChunk[]> {
	const response = await postCompletion(baseURL, {
		model: "m",
		messages: [{ role: "user", content: "Why?" }],
		stream: true,
	});
	const events = (await response.text()).split("\n\n").filter((e) => e.startsWith("data: ") && e !== "data: [DONE]");
	return events.map((e) => JSON.parse(e.slice("data: ".length)) as CompletionChunk);
}

const REASONING = "The user asks why. Two causes matter here.";

describe("the scripted model server sends a thinking model's reasoning", () => {
	it("as <think>…</think> at the start of the content, split into token-sized pieces like any text", async () => {
		const { server } = await startScripted(scripted(reply.thinking(REASONING, "Because of both.")));
		const chunks = await chunksOf(server.baseURL);
		const pieces = chunks.map((c) => c.choices[0]?.delta.content ?? "").filter((t) => t !== "");
		expect(pieces.join("")).toBe(`<think>${REASONING}</think>\n\nBecause of both.`);
		// The tags arrive cut into pieces, as real tokenizers cut them.
		expect(pieces).not.toContain("<think>");
		expect(chunks.some((c) => c.choices[0]?.delta.reasoning_content !== undefined)).toBe(false);
	});

	it.each(["reasoning_content", "reasoning"] as const)("in a %s delta field before the answer", async (field) => {
		const { server } = await startScripted(scripted(reply.thinking(REASONING, "Because of both.", field)));
		const chunks = await chunksOf(server.baseURL);
		const deltas = chunks.map((c) => c.choices[0]?.delta ?? {});
		expect(deltas.map((d) => d[field] ?? "").join("")).toBe(REASONING);
		expect(deltas.map((d) => d.content ?? "").join("")).toBe("Because of both.");
		const lastReasoning = deltas.findLastIndex((d) => d[field] !== undefined);
		const firstText = deltas.findIndex((d) => (d.content ?? "") !== "");
		expect(lastReasoning).toBeLessThan(firstText);
	});

	it("in the non-streaming message too", async () => {
		const { client } = await startScripted(scripted(reply.thinking(REASONING, "Because.", "reasoning_content")));
		const completion = await client.chat.completions.create({
			model: "m",
			messages: [{ role: "user", content: "Why?" }],
		});
		expect((completion.choices[0]?.message as unknown as { reasoning_content?: string }).reasoning_content).toBe(
			REASONING,
		);
		expect(completion.choices[0]?.message.content).toBe("Because.");
	});

	it("refuses an unknown form with a message naming the field", async () => {
		const { server } = await startScripted(scripted({ text: "x", reasoning: "y", reasoningAs: "thoughts" as never }));
		const response = await postCompletion(server.baseURL, { model: "m", messages: [{ role: "user", content: "x" }] });
		expect(response.status).toBe(500);
		expect(await response.text()).toContain("reasoningAs must be");
	});
});

describe("the scripted model server in DeepSeek's thinking mode", () => {
	const call = { id: "call_read", type: "function", function: { name: "readNote", arguments: '{"path":"Daily.md"}' } };
	const after = (assistant: Record<string, unknown>) => ({
		model: "m",
		messages: [
			{ role: "user", content: "Why?" },
			{ role: "assistant", content: "", tool_calls: [call], ...assistant },
			{ role: "tool", tool_call_id: "call_read", content: "Buy milk" },
		],
	});

	async function deepseek() {
		const server = await startModelServer({
			thinkingMode: "deepseek",
			script: scripted(
				{
					reasoning: REASONING,
					reasoningAs: "reasoning_content",
					toolCalls: [{ id: "call_read", name: "readNote", arguments: { path: "Daily.md" } }],
				},
				reply.text("Milk."),
				reply.text("Milk."),
			),
		});
		onTestFinished(() => server.close());
		await (
			await postCompletion(server.baseURL, { model: "m", messages: [{ role: "user", content: "Why?" }], stream: true })
		).text();
		return server;
	}

	it("answers DeepSeek's 400 when the reasoning sent with tool calls does not come back on their message", async () => {
		const server = await deepseek();
		for (const assistant of [{}, { reasoning_content: "Something else." }]) {
			const response = await postCompletion(server.baseURL, after(assistant));
			expect(response.status).toBe(400);
			expect(await response.json()).toEqual({
				error: {
					message: DEEPSEEK_MISSING_REASONING,
					type: "invalid_request_error",
					param: null,
					code: "invalid_request_error",
				},
			});
		}
		expect(server.requests.map((r) => r.outcome)).toEqual(["completed", "fault", "fault"]);
	});

	it("answers a request that carries the reasoning back, and ignores reasoning on other messages", async () => {
		const server = await deepseek();
		expect((await postCompletion(server.baseURL, after({ reasoning_content: REASONING }))).status).toBe(200);
		const other = {
			model: "m",
			messages: [
				{ role: "user", content: "Hi" },
				{ role: "assistant", content: "Hello" },
				{ role: "user", content: "Again" },
			],
		};
		expect((await postCompletion(server.baseURL, other)).status).toBe(200);
	});
});
