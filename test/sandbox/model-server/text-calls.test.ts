/**
 * The scripted server playing the models that "Check connection" tells apart: one without native
 * tool calling (it ignores `tools`, or refuses them as Ollama does), one behind a key, one that
 * refuses foreign origins, and text streamed in exactly the pieces a test chooses.
 */
import OpenAI from "openai";
import { onTestFinished, describe, expect, it } from "vitest";
import {
	hasTool,
	lastUserText,
	offersTools,
	reply,
	scripted,
	startModelServer,
	toolResults,
	type ModelServerOptions,
	type RecordedRequest,
} from "../../../src/sandbox/model-server";
import { textToolInstructions } from "../../../src/agent/text-tool-format";
import { nodeFetch as fetch } from "../../../src/node/fetch";

const READ_NOTE = {
	type: "function" as const,
	function: {
		name: "readNote",
		description: "Read a note.",
		parameters: { type: "object", properties: { path: { type: "string" } } },
	},
};
const ask = { model: "local-model", messages: [{ role: "user" as const, content: "Read A.md" }] };

async function start(
	options: Omit<ModelServerOptions, "script"> & { script?: ModelServerOptions["script"] },
): Promise<{ server: Awaited<ReturnType<typeof startModelServer>>; client: OpenAI }> {
	const server = await startModelServer({ script: scripted(), ...options });
	onTestFinished(() => server.close());
	return { server, client: new OpenAI({ baseURL: server.baseURL, apiKey: "test", maxRetries: 0 }) };
}

function request(messages: RecordedRequest["body"]["messages"]): RecordedRequest {
	return { body: { model: "m", messages }, headers: {}, receivedAt: 0, outcome: "pending" };
}

describe("a model without native tool calling", () => {
	it("writes the script's calls as text tool calls when it ignores tools", async () => {
		const script = scripted(
			reply.toolCalls(
				[
					{ name: "readNote", args: { path: "A.md" } },
					{ name: "readNote", args: "{bad" },
				],
				"Reading.",
			),
		);
		const { client } = await start({ script, toolSupport: "ignores" });
		const answer = await client.chat.completions.create({ ...ask, tools: [READ_NOTE] });
		const message = answer.choices[0].message;
		expect(message.tool_calls).toBeUndefined();
		expect(message.content).toBe(
			'Reading.\n<tool_call>\n{"name": "readNote", "arguments": {"path":"A.md"}}\n</tool_call>\n<tool_call>\n{"name": "readNote", "arguments": {bad}\n</tool_call>',
		);
		expect(answer.choices[0].finish_reason).toBe("stop");
	});

	it("refuses tools with Ollama's 400 when it refuses them, and answers without them", async () => {
		const { client, server } = await start({
			script: scripted(reply.toolCalls([{ name: "readNote", args: { path: "A.md" } }])),
			toolSupport: "refuses",
		});
		const refused = await client.chat.completions
			.create({ ...ask, tools: [READ_NOTE] })
			.catch((error: unknown) => error);
		expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
		expect((refused as Error).message).toBe("400 local-model does not support tools");
		expect(server.requests[0]?.outcome).toBe("fault");
		const answer = await client.chat.completions.create(ask);
		expect(answer.choices[0].message.content).toContain('<tool_call>\n{"name": "readNote"');
	});

	it("lets a script read the results and the user's words of a text-tool request", () => {
		const system = { role: "system", content: `You are Redline.\n\n${textToolInstructions([READ_NOTE])}` };
		const results = {
			role: "user",
			content:
				'<tool_response name="readNote">\n# A\n</tool_response>\n<tool_response name="readNote" status="error">\nNo note "B.md".\n</tool_response>',
		};
		const sent = request([
			system,
			{ role: "user", content: "Read A and B" },
			{ role: "assistant", content: "<tool_call>…</tool_call>" },
			results,
		]);
		expect(offersTools(sent)).toBe(true);
		expect(hasTool(sent, "readNote")).toBe(true);
		expect(hasTool(sent, "listNotes")).toBe(false);
		expect(lastUserText(sent)).toBe("Read A and B");
		expect(toolResults(sent)).toEqual([
			{ toolCallId: "", name: "readNote", content: "# A" },
			{ toolCallId: "", name: "readNote", content: 'No note "B.md".' },
		]);
		expect(
			offersTools(
				request([
					{ role: "system", content: "Rewrite the note." },
					{ role: "user", content: "x" },
				]),
			),
		).toBe(false);
	});
});

describe("what real servers refuse", () => {
	it("answers 401 to a request without the server's key, on every route", async () => {
		const { server } = await start({ apiKey: "sk-right", script: scripted(reply.text("hi")) });
		const wrong = new OpenAI({ baseURL: server.baseURL, apiKey: "sk-wrong", maxRetries: 0 });
		await expect(wrong.chat.completions.create(ask)).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
		expect((await fetch(`${server.baseURL}/models`)).status).toBe(401);
		const right = new OpenAI({ baseURL: server.baseURL, apiKey: "sk-right", maxRetries: 0 });
		expect((await right.chat.completions.create(ask)).choices[0].message.content).toBe("hi");
	});

	it("answers a bare 403 to a request from an origin it does not allow, and serves requests without one", async () => {
		const { server } = await start({ allowedOrigins: ["http://localhost"], script: scripted(reply.text("hi")) });
		const body = JSON.stringify(ask);
		const foreign = await fetch(`${server.baseURL}/chat/completions`, {
			method: "POST",
			headers: { "content-type": "application/json", origin: "app://obsidian.md" },
			body,
		});
		expect(foreign.status).toBe(403);
		expect(await foreign.text()).toBe("");
		const plain = await fetch(`${server.baseURL}/chat/completions`, {
			method: "POST",
			headers: { "content-type": "application/json" },
			body,
		});
		expect(plain.status).toBe(200);
	});

	it("streams text in exactly the pieces a script gives", async () => {
		const { client } = await start({ script: scripted({ textChunks: ["<tool", "_call>", ""] }) });
		const pieces: string[] = [];
		for await (const chunk of await client.chat.completions.create({ ...ask, stream: true })) {
			const content = chunk.choices[0]?.delta.content;
			if (content) pieces.push(content);
		}
		expect(pieces).toEqual(["<tool", "_call>"]);
	});
});
