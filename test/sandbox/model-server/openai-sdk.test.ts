import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { reply, scripted, toolResults } from "../../../src/sandbox/model-server";
import { startScripted } from "./support";

const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [
	{
		type: "function",
		function: {
			name: "readNote",
			parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
		},
	},
];

describe("the openai SDK against the scripted model server", () => {
	it("streams text in several content deltas and ends with a finish reason", async () => {
		const { client } = await startScripted(scripted(reply.text("Streaming works one small token at a time.")));
		const stream = await client.chat.completions.create({
			model: "m",
			messages: [{ role: "user", content: "go" }],
			stream: true,
		});
		const deltas: string[] = [];
		const finishReasons: string[] = [];
		for await (const chunk of stream) {
			const choice = chunk.choices[0];
			if (choice?.delta.content) deltas.push(choice.delta.content);
			if (choice?.finish_reason) finishReasons.push(choice.finish_reason);
		}
		expect(deltas.length).toBeGreaterThan(5);
		expect(deltas.join("")).toBe("Streaming works one small token at a time.");
		expect(finishReasons).toEqual(["stop"]);
	});

	it("streams a tool call whose first delta names it and later deltas carry argument pieces", async () => {
		const { client } = await startScripted(
			scripted(reply.toolCalls([{ name: "readNote", args: { path: "Daily/2024-05-01.md" }, id: "call_1" }])),
		);
		const stream = await client.chat.completions.create({
			model: "m",
			messages: [{ role: "user", content: "go" }],
			tools,
			stream: true,
		});
		const deltas: OpenAI.Chat.Completions.ChatCompletionChunk.Choice.Delta.ToolCall[] = [];
		for await (const chunk of stream) deltas.push(...(chunk.choices[0]?.delta.tool_calls ?? []));
		expect(deltas[0]).toMatchObject({ index: 0, id: "call_1", type: "function", function: { name: "readNote" } });
		const pieces = deltas.slice(1).map((d) => d.function?.arguments ?? "");
		expect(pieces.length).toBeGreaterThan(2);
		expect(deltas.slice(1).every((d) => d.id === undefined && d.function?.name === undefined)).toBe(true);
		expect(JSON.parse(pieces.join(""))).toEqual({ path: "Daily/2024-05-01.md" });
	});

	it("assembles the final message with the SDK's stream helper", async () => {
		const { client } = await startScripted(
			scripted(
				reply.toolCalls(
					[
						{ name: "readNote", args: { path: "a.md" } },
						{ name: "readNote", args: { path: "b.md" } },
					],
					"Reading both.",
				),
			),
		);
		const runner = client.chat.completions.stream({ model: "m", messages: [{ role: "user", content: "go" }], tools });
		const final = await runner.finalChatCompletion();
		const message = final.choices[0].message;
		expect(message.content).toBe("Reading both.");
		expect(
			message.tool_calls?.map((c) => (c.type === "function" ? (JSON.parse(c.function.arguments) as unknown) : null)),
		).toEqual([{ path: "a.md" }, { path: "b.md" }]);
		expect(new Set(message.tool_calls?.map((c) => c.id)).size).toBe(2);
		expect(final.choices[0].finish_reason).toBe("tool_calls");
	});

	it("answers non-streaming requests with a chat.completion and usage", async () => {
		const { client } = await startScripted(
			scripted(reply.text("Plain answer."), reply.toolCalls([{ name: "readNote", args: { path: "x.md" } }])),
		);
		const first = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }] });
		expect(first.object).toBe("chat.completion");
		expect(first.choices[0].message.content).toBe("Plain answer.");
		expect(first.usage?.completion_tokens).toBeGreaterThan(1);
		const second = await client.chat.completions.create({
			model: "m",
			messages: [{ role: "user", content: "hi" }],
			tools,
		});
		const call = second.choices[0].message.tool_calls?.[0];
		expect(call?.type === "function" ? [call.function.name, call.function.arguments] : []).toEqual([
			"readNote",
			'{"path":"x.md"}',
		]);
		expect(second.choices[0].message.content).toBeNull();
	});

	it("lets a script read the tool results of the last turn", async () => {
		const { client } = await startScripted(
			scripted(reply.toolCalls([{ name: "readNote", args: { path: "a.md" }, id: "call_a" }]), (req) =>
				reply.text(`The note says: ${toolResults(req)[0]?.content ?? "?"}`),
			),
		);
		const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
			{ role: "user", content: "What is in a.md?" },
		];
		const first = await client.chat.completions.create({ model: "m", messages, tools });
		messages.push(first.choices[0].message, { role: "tool", tool_call_id: "call_a", content: "buy milk" });
		const second = await client.chat.completions.create({ model: "m", messages, tools });
		expect(second.choices[0].message.content).toBe("The note says: buy milk");
	});

	it("lists its models", async () => {
		const { client } = await startScripted(scripted());
		const ids: string[] = [];
		for await (const model of client.models.list()) ids.push(model.id);
		expect(ids).toEqual(["scripted"]);
	});
});
