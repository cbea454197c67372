import { ChatOpenAI } from "@langchain/openai";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, scripted, type ModelServer } from "../../../src/sandbox/model-server";
import { createRequestUrlFetch } from "../../../src/obsidian/transport/request-url-fetch";
import { requestLog } from "../../fakes/obsidian";

let server: ModelServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

function model(baseURL: string): ChatOpenAI {
	return new ChatOpenAI({
		model: "scripted",
		apiKey: "test-key",
		maxRetries: 0,
		configuration: { baseURL, fetch: createRequestUrlFetch() },
	});
}

describe("the mobile transport (fetch on requestUrl)", () => {
	it("answers a ChatOpenAI call through requestUrl", async () => {
		server = await startModelServer({ script: scripted({ text: "Hello from the phone" }) });
		const before = requestLog.length;
		const answer = await model(server.baseURL).invoke("Hi");
		expect(answer.content).toBe("Hello from the phone");
		expect(requestLog.length).toBeGreaterThan(before);
		expect(requestLog.at(-1)!.url).toContain("/chat/completions");
	});

	it("delivers a streamed (SSE) reply in one piece that still parses", async () => {
		server = await startModelServer({ script: scripted({ text: "one two three" }) });
		let text = "";
		for await (const chunk of await model(server.baseURL).stream("Count"))
			text += typeof chunk.content === "string" ? chunk.content : "";
		expect(text).toBe("one two three");
	});

	it("passes an error status through instead of throwing, so the client reports it", async () => {
		server = await startModelServer({ script: scripted({ fault: { kind: "http", status: 401, message: "bad key" } }) });
		await expect(model(server.baseURL).invoke("Hi")).rejects.toThrow(/401|bad key/);
	});

	it("rejects when its signal aborts", async () => {
		server = await startModelServer({
			script: scripted({ text: "slow", pace: { firstTokenMs: 2000, tokensPerSecond: 0 } }),
		});
		const controller = new AbortController();
		const pending = createRequestUrlFetch()(`${server.baseURL}/chat/completions`, {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify({ model: "scripted", messages: [{ role: "user", content: "x" }], stream: true }),
			signal: controller.signal,
		});
		controller.abort();
		await expect(pending).rejects.toThrow(/abort/i);
	});
});
