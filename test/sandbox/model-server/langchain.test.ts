import { AIMessageChunk, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
	hasTool,
	lastUserText,
	reply,
	scripted,
	splitTokens,
	type ModelScript,
	type ModelServer,
} from "../../../src/sandbox/model-server";
import { startScripted } from "./support";

async function start(script: ModelScript): Promise<ModelServer> {
	return (await startScripted(script)).server;
}

// Streaming replies are read with .stream(), never .invoke(): with streaming: true, invoke()
// estimates token usage by downloading tiktoken tables from tiktoken.pages.dev, which hangs offline.
async function streamed(
	model: { stream: ChatOpenAI["stream"] },
	input: Parameters<ChatOpenAI["stream"]>[0],
	options?: Parameters<ChatOpenAI["stream"]>[1],
): Promise<AIMessageChunk> {
	let merged: AIMessageChunk | undefined;
	for await (const chunk of await model.stream(input, options))
		merged = merged === undefined ? chunk : merged.concat(chunk);
	if (merged === undefined) throw new Error("the stream yielded nothing");
	return merged;
}

function chatModel(baseURL: string, streaming = true): ChatOpenAI {
	return new ChatOpenAI({
		model: "scripted-model",
		apiKey: "test",
		configuration: { baseURL },
		streaming,
		maxRetries: 0,
	});
}

const readNote = tool(async () => "", {
	name: "readNote",
	description: "Read a note",
	schema: z.object({ path: z.string() }),
});
const searchNotes = tool(async () => "", {
	name: "searchNotes",
	description: "Search notes",
	schema: z.object({ query: z.string(), limit: z.number().optional() }),
});

describe("ChatOpenAI against the scripted model server", () => {
	it("streams a text reply token by token", async () => {
		const text = "The meeting notes mention three action items for next week.";
		const { baseURL } = await start(scripted(reply.text(text)));
		const chunks: string[] = [];
		for await (const chunk of await chatModel(baseURL).stream([new HumanMessage("Summarize")])) {
			if (typeof chunk.content === "string" && chunk.content !== "") chunks.push(chunk.content);
		}
		expect(chunks.length).toBeGreaterThan(5);
		expect(chunks.join("")).toBe(text);
	});

	it("merges two tool calls whose arguments were split across chunks", async () => {
		const { baseURL, requests } = await start(
			scripted(
				reply.toolCalls([
					{ name: "readNote", args: { path: "Projects/Plan for the long summer.md" }, id: "call_read" },
					{ name: "searchNotes", args: { query: "quarterly budget review", limit: 5 } },
				]),
			),
		);
		const model = chatModel(baseURL).bindTools([readNote, searchNotes]);
		let merged: AIMessageChunk | undefined;
		let argumentPieces = 0;
		for await (const chunk of await model.stream([new HumanMessage("Find the plan")])) {
			argumentPieces += (chunk.tool_call_chunks ?? []).filter((c) => (c.args ?? "") !== "").length;
			merged = merged === undefined ? chunk : merged.concat(chunk);
		}
		// More argument pieces than tool calls: the client really had to merge split arguments.
		expect(argumentPieces).toBeGreaterThan(4);
		expect(merged?.tool_calls).toEqual([
			{ name: "readNote", args: { path: "Projects/Plan for the long summer.md" }, id: "call_read", type: "tool_call" },
			{
				name: "searchNotes",
				args: { query: "quarterly budget review", limit: 5 },
				id: expect.any(String) as string,
				type: "tool_call",
			},
		]);
		expect(merged?.response_metadata.finish_reason).toBe("tool_calls");
		expect(hasTool(requests[0], "readNote")).toBe(true);
		expect(hasTool(requests[0], "searchNotes")).toBe(true);
		expect(hasTool(requests[0], "executeEdit")).toBe(false);
	});

	it("answers a non-streaming invoke with text and tool calls", async () => {
		const { baseURL, requests } = await start(
			scripted(reply.toolCalls([{ name: "readNote", args: { path: "a.md" } }], "Let me look.")),
		);
		const message = await chatModel(baseURL, false)
			.bindTools([readNote])
			.invoke([new HumanMessage("Open a.md")]);
		expect(message.content).toBe("Let me look.");
		expect(message.tool_calls?.map((c) => [c.name, c.args])).toEqual([["readNote", { path: "a.md" }]]);
		expect(message.usage_metadata?.output_tokens).toBeGreaterThan(0);
		expect(requests[0].body.stream).toBeFalsy();
	});

	it("records the messages and tools the client sent", async () => {
		const { baseURL, requests } = await start(scripted(reply.text("ok")));
		await streamed(chatModel(baseURL).bindTools([readNote]), [
			new SystemMessage("You edit notes."),
			new HumanMessage("Hello there"),
		]);
		expect(requests).toHaveLength(1);
		const body = requests[0].body;
		expect(body.model).toBe("scripted-model");
		expect(body.stream).toBe(true);
		expect(body.messages).toEqual([
			{ role: "system", content: "You edit notes." },
			{ role: "user", content: "Hello there" },
		]);
		expect(body.tools?.map((t) => t.function.name)).toEqual(["readNote"]);
		expect(body.tools?.[0].function.parameters).toMatchObject({
			type: "object",
			properties: { path: { type: "string" } },
		});
		expect(lastUserText(requests[0])).toBe("Hello there");
		expect(requests[0].headers.authorization).toBe("Bearer test");
		expect(requests[0].outcome).toBe("completed");
	});

	it("records the prediction field when the client sends one", async () => {
		const { baseURL, requests } = await start(scripted(reply.text("# Note\nRewritten.")));
		await streamed(chatModel(baseURL), [new HumanMessage("Rewrite")], {
			prediction: { type: "content", content: "# Note\nOriginal." },
		});
		expect(requests[0].body.prediction).toEqual({ type: "content", content: "# Note\nOriginal." });
	});

	it("lets a script answer from what the client sent", async () => {
		const { baseURL } = await start((req) => reply.text(`You said: ${lastUserText(req) ?? "nothing"}`));
		const message = await chatModel(baseURL, false).invoke([new HumanMessage("ping")]);
		expect(message.content).toBe("You said: ping");
	});

	it("reports usage with completion tokens equal to the tokens streamed", async () => {
		const text = "one two three four";
		const { baseURL } = await start(scripted(reply.text(text)));
		const merged = await streamed(chatModel(baseURL), [new HumanMessage("count")]);
		expect(merged.usage_metadata?.output_tokens).toBe(splitTokens(text).length);
		expect(merged.usage_metadata?.output_tokens).toBeGreaterThan(3);
		expect(merged.usage_metadata?.input_tokens).toBeGreaterThan(0);
	});
});
