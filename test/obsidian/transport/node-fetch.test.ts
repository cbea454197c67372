import { ChatOpenAI } from "@langchain/openai";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, scripted, type ModelServer } from "../../../src/sandbox/model-server";
import { createNodeFetch } from "../../../src/obsidian/transport/node-fetch";
import { http, https } from "../../../src/node/http";
import { setTimeout } from "../../../src/node/timers";

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
		configuration: { baseURL, fetch: createNodeFetch({ http, https }) },
	});
}

async function until(check: () => boolean): Promise<void> {
	for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe("the desktop transport (fetch on Node's http)", () => {
	it("streams a ChatOpenAI reply token by token, before the server has finished", async () => {
		// Slow enough (about 0.7 s for the reply) that a loaded CI machine still reads the first token
		// while the server is writing; a transport that buffers the whole body sees "completed" here.
		server = await startModelServer({
			script: scripted({ text: "one two three four five six", pace: { firstTokenMs: 0, tokensPerSecond: 8 } }),
		});
		const chunks: string[] = [];
		const outcomesAtChunk: string[] = [];
		for await (const chunk of await model(server.baseURL).stream("Count")) {
			if (typeof chunk.content === "string" && chunk.content !== "") {
				chunks.push(chunk.content);
				outcomesAtChunk.push(server.requests[0].outcome);
			}
		}
		expect(chunks.join("")).toBe("one two three four five six");
		expect(chunks.length).toBeGreaterThan(3);
		// The first token reached the client while the server was still writing the reply.
		expect(outcomesAtChunk[0]).toBe("pending");
	});

	it("aborts a streaming reply and closes the connection", async () => {
		server = await startModelServer({
			script: scripted({ text: "a ".repeat(200), pace: { firstTokenMs: 0, tokensPerSecond: 50 } }),
		});
		const controller = new AbortController();
		const received: string[] = [];
		const run = (async () => {
			for await (const chunk of await model(server.baseURL).stream("Go", { signal: controller.signal })) {
				received.push(typeof chunk.content === "string" ? chunk.content : "");
				if (received.length === 3) controller.abort();
			}
		})();
		await expect(run).rejects.toThrow(/abort/i);
		await until(() => server!.requests[0]?.outcome === "client-closed");
		expect(server.requests[0].outcome).toBe("client-closed");
		expect(received.length).toBeLessThan(200);
	});

	it("rejects at once when the signal is already aborted", async () => {
		const fetchFn = createNodeFetch({ http, https });
		const controller = new AbortController();
		controller.abort();
		await expect(fetchFn("http://127.0.0.1:9/", { signal: controller.signal })).rejects.toThrow(/abort/i);
	});

	it("passes status, headers and body through", async () => {
		server = await startModelServer({ script: scripted({ text: "hi" }) });
		const fetchFn = createNodeFetch({ http, https });
		const models = await fetchFn(`${server.baseURL}/models`);
		expect(models.status).toBe(200);
		expect(models.headers.get("content-type")).toMatch(/json/);
		expect(JSON.stringify(await models.json())).toContain("scripted");
	});
});
