import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { reply, scripted, startModelServer, type ScriptedReply } from "../../../src/sandbox/model-server";
import { postCompletion, startScripted } from "./support";
import { nodeFetch as fetch } from "../../../src/node/fetch";

const ask = { model: "m", messages: [{ role: "user" as const, content: "Tidy my inbox note" }] };

describe("the scripted model server", () => {
	it("listens on loopback and gives an OpenAI base URL", async () => {
		const { server } = await startScripted(scripted());
		expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/u);
		expect(server.baseURL).toBe(`${server.url}/v1`);
	});

	it("refuses to listen anywhere but loopback", async () => {
		await expect(startModelServer({ script: scripted(), host: "0.0.0.0" as "127.0.0.1" })).rejects.toThrow(
			/loopback only/u,
		);
	});

	it("fails clearly once the script is exhausted", async () => {
		const { client } = await startScripted(scripted(reply.text("only one")));
		await client.chat.completions.create(ask);
		const error = await client.chat.completions.create(ask).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(OpenAI.InternalServerError);
		expect((error as Error).message).toMatch(
			/script exhausted: call 2 but the script has 1 reply \(last user message: "Tidy my inbox note"\)/u,
		);
	});

	it("turns a script that throws into a 500 carrying its message", async () => {
		const { client, server } = await startScripted(() => {
			throw new Error("no reply for this test step");
		});
		await expect(client.chat.completions.create(ask)).rejects.toThrow(/no reply for this test step/u);
		expect(server.requests[0].outcome).toBe("script-error");
	});

	it("rejects a malformed scripted reply with a message naming the field", async () => {
		const bad = { toolCalls: [{ arguments: {} }] } as unknown as ScriptedReply;
		const { client } = await startScripted(
			scripted(bad, { fault: { kind: "http", status: 200 } }, { pace: { firstTokenMs: -1, tokensPerSecond: 10 } }),
		);
		await expect(client.chat.completions.create(ask)).rejects.toThrow(/invalid scripted reply: toolCalls\[0\]\.name/u);
		await expect(client.chat.completions.create(ask)).rejects.toThrow(/fault\.status must be an HTTP error status/u);
		await expect(client.chat.completions.create(ask)).rejects.toThrow(/pace\.firstTokenMs/u);
	});

	it("answers requests that are not chat completions with 400 and a reason", async () => {
		const { server } = await startScripted(scripted());
		const notJson = await postCompletion(server.baseURL, "{not json");
		expect(notJson.status).toBe(400);
		expect(await notJson.json()).toMatchObject({
			error: { message: expect.stringContaining("not valid JSON") as string, type: "invalid_request_error" },
		});
		const noMessages = await postCompletion(server.baseURL, { model: "m" });
		expect(noMessages.status).toBe(400);
		expect(await noMessages.json()).toMatchObject({
			error: { message: expect.stringContaining("'messages'") as string },
		});
		const noModel = await postCompletion(server.baseURL, { messages: [] });
		expect(((await noModel.json()) as { error: { message: string } }).error.message).toContain("'model'");
		expect(server.requests).toHaveLength(0);
	});

	it("answers unknown routes with a 404 in OpenAI's error shape", async () => {
		const { server } = await startScripted(scripted());
		const response = await fetch(`${server.url}/v1/embeddings`, { method: "POST", body: "{}" });
		expect(response.status).toBe(404);
		expect(await response.json()).toEqual({
			error: {
				message: expect.stringContaining("POST /v1/embeddings") as string,
				type: "not_found_error",
				param: null,
				code: "unknown_url",
			},
		});
	});

	it("passes each call its index and restarts counting when the script is replaced", async () => {
		const seen: number[] = [];
		const { client, server } = await startScripted((_req, { callIndex }) => {
			seen.push(callIndex);
			return reply.text(`call ${callIndex}`);
		});
		await client.chat.completions.create(ask);
		await client.chat.completions.create(ask);
		server.setScript(scripted(reply.text("new script")));
		const answer = await client.chat.completions.create(ask);
		expect(seen).toEqual([0, 1]);
		expect(answer.choices[0].message.content).toBe("new script");
		expect(server.requests).toHaveLength(3);
	});

	it("still delivers every token of a paced stream", async () => {
		const text = "Paced replies arrive whole, just later.";
		const { client } = await startScripted(
			scripted(
				{ text, pace: { firstTokenMs: 20, tokensPerSecond: 400 } },
				{ text, pace: { firstTokenMs: 5, tokensPerSecond: 1000 } },
			),
		);
		let streamed = "";
		for await (const chunk of await client.chat.completions.create({ ...ask, stream: true }))
			streamed += chunk.choices[0]?.delta.content ?? "";
		expect(streamed).toBe(text);
		expect((await client.chat.completions.create(ask)).choices[0].message.content).toBe(text);
	});

	it("sends a usage chunk only when the client asks for it", async () => {
		const { server } = await startScripted(scripted(reply.text("a b c"), reply.text("a b c")));
		const events = async (includeUsage: boolean): Promise<string[]> => {
			const response = await postCompletion(server.baseURL, {
				...ask,
				stream: true,
				...(includeUsage ? { stream_options: { include_usage: true } } : {}),
			});
			expect(response.headers.get("content-type")).toContain("text/event-stream");
			return (await response.text()).split("\n\n").filter((e) => e !== "");
		};
		const withUsage = await events(true);
		expect(withUsage.at(-1)).toBe("data: [DONE]");
		expect(JSON.parse(withUsage.at(-2)!.slice("data: ".length))).toMatchObject({
			choices: [],
			usage: { completion_tokens: 3 },
		});
		const without = await events(false);
		expect(without.some((e) => e.includes('"usage"'))).toBe(false);
		expect(without.at(-1)).toBe("data: [DONE]");
	});

	it("uses the usage a script gives instead of counting", async () => {
		const { client } = await startScripted(
			scripted({ text: "hi", usage: { prompt_tokens: 1000, completion_tokens: 7 } }),
		);
		const answer = await client.chat.completions.create(ask);
		expect(answer.usage).toMatchObject({ prompt_tokens: 1000, completion_tokens: 7, total_tokens: 1007 });
	});

	it("lets a test wait for a request while its reply is still streaming", async () => {
		const { client, server } = await startScripted(
			scripted({ text: "tick ".repeat(50), pace: { firstTokenMs: 0, tokensPerSecond: 20 } }),
		);
		const controller = new AbortController();
		const reading = client.chat.completions.create({ ...ask, stream: true }, { signal: controller.signal });
		const [first] = await server.waitForRequests(1);
		expect(first.body.messages[0].content).toBe("Tidy my inbox note");
		expect(first.outcome).toBe("pending");
		controller.abort();
		await reading
			.then(async (stream) => {
				for await (const chunk of stream) void chunk;
			})
			.catch(() => undefined);
	});

	it("rejects a wait for requests that never come once the server closes", async () => {
		const { server } = await startScripted(scripted());
		const waiting = server.waitForRequests(2);
		await server.close();
		await expect(waiting).rejects.toThrow(/closed after 0 of 2 awaited requests/u);
	});
});
