import OpenAI from "openai";
import { describe, expect, it, onTestFinished } from "vitest";
import {
	refusalBody,
	reply,
	requestSize,
	scripted,
	startModelServer,
	type ContextErrorStyle,
	type RequestSize,
} from "../../../src/sandbox/model-server";
import { CONTEXT_ERROR_FIXTURES } from "../../agent/fixtures/context-length-errors";
import { postCompletion, startScripted } from "./support";

// Each server style, the real refusal it must reproduce, and the request sizes that refusal states.
const SHAPES: Array<{ style: ContextErrorStyle; fixture: string; limit: number; size: RequestSize }> = [
	{
		style: "openai",
		fixture: "chat completions, messages only",
		limit: 4097,
		size: { messages: 4619, tools: 0, completion: 0 },
	},
	{
		style: "openai",
		fixture: "chat completions with max_tokens",
		limit: 4096,
		size: { messages: 3130, tools: 0, completion: 1000 },
	},
	{
		style: "openai-unstated",
		fixture: "no limit stated",
		limit: 4096,
		size: { messages: 5000, tools: 0, completion: 0 },
	},
	{
		style: "openrouter",
		fixture: "text, tool input and output",
		limit: 65536,
		size: { messages: 60833, tools: 10042, completion: 21333 },
	},
	{
		style: "openrouter",
		fixture: "text input and output",
		limit: 131072,
		size: { messages: 10535, tools: 0, completion: 131072 },
	},
	{ style: "openrouter", fixture: "text input only", limit: 32768, size: { messages: 42832, tools: 0, completion: 0 } },
	{
		style: "ollama",
		fixture: "OpenAI-compatible endpoint",
		limit: 16384,
		size: { messages: 26528, tools: 0, completion: 0 },
	},
	{ style: "vllm", fixture: "0.11+, input tokens", limit: 3, size: { messages: 8, tools: 0, completion: 0 } },
	{
		style: "vllm-legacy",
		fixture: "0.x, messages only",
		limit: 32768,
		size: { messages: 32818, tools: 0, completion: 0 },
	},
];

function fixture(name: string) {
	const found = CONTEXT_ERROR_FIXTURES.find((f) => f.name === name);
	if (!found) throw new Error(`no fixture ${name}`);
	return found;
}

describe("the scripted model server's context limit", () => {
	it.each(SHAPES)("refuses in $style's real words and shape ($fixture)", ({ style, fixture: name, limit, size }) => {
		const real = fixture(name);
		const body = refusalBody(style, limit, size) as { error?: { message: string; metadata?: unknown } };
		// OpenRouter names the upstream provider in metadata; the message and the rest are its own.
		if (style === "openrouter") {
			const realError = (real.body as { error: { message: string; code?: number } }).error;
			expect(body.error?.message).toBe(realError.message);
			if (realError.code !== undefined) expect(body.error).toMatchObject({ code: realError.code });
			return;
		}
		expect(body).toEqual(real.body);
	});

	it("refuses a request longer than the limit with a 400, before the script runs", async () => {
		let asked = 0;
		const { server } = await startScripted(() => {
			asked++;
			return reply.text("fits");
		});
		server.setContextLimit({ tokens: 50, style: "openai" });
		const long = { model: "m", messages: [{ role: "user", content: "x".repeat(400) }] };
		const refused = await postCompletion(server.baseURL, long);
		expect(refused.status).toBe(400);
		const body = (await refused.json()) as { error: { code: string; message: string } };
		expect(body.error.code).toBe("context_length_exceeded");
		expect(body.error.message).toMatch(
			/^This model's maximum context length is 50 tokens\. However, your messages resulted in \d+ tokens\./u,
		);
		expect(server.requests[0].outcome).toBe("context-exceeded");
		expect(asked).toBe(0);

		const short = await postCompletion(server.baseURL, { model: "m", messages: [{ role: "user", content: "hi" }] });
		expect(short.status).toBe(200);
		expect(asked).toBe(1);
	});

	it("counts tool definitions and max_tokens against the limit, as providers do", async () => {
		const { server } = await startScripted(scripted(reply.text("a"), reply.text("b")));
		const base = { model: "m", messages: [{ role: "user", content: "hello" }] };
		const size = requestSize(base);
		server.setContextLimit({ tokens: size.messages + 5, style: "vllm-legacy" });
		expect((await postCompletion(server.baseURL, base)).status).toBe(200);
		const withCompletion = await postCompletion(server.baseURL, { ...base, max_tokens: 10 });
		expect(withCompletion.status).toBe(400);
		expect(((await withCompletion.json()) as { message: string }).message).toContain(
			`(${size.messages} in the messages, 10 in the completion)`,
		);
		const tools = [
			{
				type: "function",
				function: { name: "readNote", description: "Read a note of the vault.", parameters: { type: "object" } },
			},
		];
		expect((await postCompletion(server.baseURL, { ...base, tools })).status).toBe(400);
		server.setContextLimit(null);
		expect((await postCompletion(server.baseURL, { ...base, tools })).status).toBe(200);
	});

	it("reports as prompt_tokens what it counts against the limit", async () => {
		const { server, client } = await startScripted(scripted(reply.text("ok")));
		const body = {
			model: "m",
			messages: [{ role: "user" as const, content: "How long is this?" }],
			tools: [{ type: "function" as const, function: { name: "f", parameters: { type: "object" } } }],
		};
		const answer = await client.chat.completions.create(body);
		const size = requestSize(server.requests[0].body);
		expect(answer.usage?.prompt_tokens).toBe(size.messages + size.tools);
	});

	it("counts with a denser tokenizer when told, for its usage and its limit alike", async () => {
		const server = await startModelServer({ script: scripted(reply.text("ok"), reply.text("ok")), charsPerToken: 2 });
		onTestFinished(() => server.close());
		const client = new OpenAI({ baseURL: server.baseURL, apiKey: "test", maxRetries: 0 });
		const body = { model: "m", messages: [{ role: "user" as const, content: "x".repeat(400) }] };
		const answer = await client.chat.completions.create(body);
		const chars = JSON.stringify(server.requests[0].body.messages).length;
		expect(answer.usage?.prompt_tokens).toBe(Math.ceil(chars / 2));
		server.setContextLimit({ tokens: Math.ceil(chars / 2) - 1 });
		expect((await postCompletion(server.baseURL, body)).status).toBe(400);
		await expect(startModelServer({ script: scripted(), charsPerToken: 0 })).rejects.toThrow(
			/charsPerToken must be a positive number/u,
		);
	});

	it("rejects a limit that is not a positive whole number", async () => {
		const { server } = await startScripted(scripted());
		expect(() => server.setContextLimit({ tokens: 0 })).toThrow(/positive whole number/u);
	});
});
