import { describe, expect, it } from "vitest";
import { reply, scripted } from "../../../src/sandbox/model-server";
import type { CompletionChunk } from "../../../src/sandbox/model-server";
import { postCompletion, startScripted } from "./support";

async function chunksOf(baseURL: string): Promise<CompletionChunk[]> {
	const response = await postCompletion(baseURL, { model: "m", messages: [{ role: "user", content: "Why?" }], stream: true });
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
		const completion = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "Why?" }] });
		expect((completion.choices[0]?.message as unknown as { reasoning_content?: string }).reasoning_content).toBe(REASONING);
		expect(completion.choices[0]?.message.content).toBe("Because.");
	});

	it("refuses an unknown form with a message naming the field", async () => {
		const { server } = await startScripted(scripted({ text: "x", reasoning: "y", reasoningAs: "thoughts" as never }));
		const response = await postCompletion(server.baseURL, { model: "m", messages: [{ role: "user", content: "x" }] });
		expect(response.status).toBe(500);
		expect(await response.text()).toContain("reasoningAs must be");
	});
});
