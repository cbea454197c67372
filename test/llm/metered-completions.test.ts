/**
 * Every call a metered model makes tells its meter what it spent, once (issue 33), through the
 * real @langchain/openai client over HTTP from the scripted model server: the provider's usage
 * when it came, else the estimate; also for a caller that stops reading early and for a Stop;
 * never for a request the provider refused before any reply.
 */
import { HumanMessage } from "@langchain/core/messages";
import { afterEach, describe, expect, it } from "vitest";
import { createChatModel } from "../../src/llm/chat-model";
import type { ModelUsage } from "../../src/log/events";
import { reply, scripted, startModelServer, type ModelServer, type ScriptStep } from "../../src/sandbox/model-server";

let server: ModelServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function metered(step: ScriptStep) {
	server = await startModelServer({ script: scripted(step) });
	const told: ModelUsage[] = [];
	const model = createChatModel({ baseUrl: server.baseURL, model: "scripted" }, undefined, {
		meter: { sink: (usage) => told.push(usage), prices: { scripted: { input: 1, output: 2 } } },
	});
	return { model, told };
}

const long = Array.from({ length: 300 }, (_, i) => `word${i}`).join(" ");

describe("MeteredCompletions", () => {
	it("tells the provider's usage, priced, once the stream ends", async () => {
		const { model, told } = await metered(reply.text("Hi.", { usage: { prompt_tokens: 1000, completion_tokens: 10 } }));
		for await (const _chunk of await model.stream([new HumanMessage("Hello")])) void _chunk;
		expect(told).toEqual([
			{ promptTokens: 1000, completionTokens: 10, model: "scripted", costUsd: (1000 * 1 + 10 * 2) / 1e6 },
		]);
	});

	it("tells an estimate when the caller stops reading before the provider's usage came", async () => {
		const { model, told } = await metered(reply.text(long, { usage: { prompt_tokens: 1000, completion_tokens: 900 } }));
		let read = 0;
		const stream = await model.stream([new HumanMessage("Hello")]);
		for await (const chunk of stream) if (chunk && ++read === 5) break;
		expect(told).toHaveLength(1);
		expect(told[0]).toMatchObject({ estimated: true, model: "scripted" });
		expect(told[0]?.promptTokens).toBeGreaterThan(0);
		expect(told[0]?.completionTokens).toBeGreaterThan(0);
		expect(told[0]?.completionTokens).toBeLessThan(900);
	});

	it("tells an estimate at a Stop mid-stream", async () => {
		const { model, told } = await metered(reply.text(long, { pace: { firstTokenMs: 0, tokensPerSecond: 100 } }));
		const stop = new AbortController();
		let read = 0;
		await expect(async () => {
			for await (const chunk of await model.stream([new HumanMessage("Hello")], { signal: stop.signal }))
				if (chunk && ++read === 3) stop.abort();
		}).rejects.toThrow();
		expect(told).toHaveLength(1);
		expect(told[0]).toMatchObject({ estimated: true });
		expect(told[0]?.completionTokens).toBeGreaterThan(0);
	});

	it("tells nothing for a request the provider refused before any reply", async () => {
		const { model, told } = await metered(reply.text("never", { fault: { kind: "http", status: 500 } }));
		await expect(async () => {
			for await (const _chunk of await model.stream([new HumanMessage("Hello")])) void _chunk;
		}).rejects.toThrow();
		expect(told).toEqual([]);
	});
});
