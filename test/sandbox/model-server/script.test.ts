import { describe, expect, it } from "vitest";
import {
	hasTool,
	lastUserText,
	reply,
	scripted,
	toolResults,
	type RecordedRequest,
	type WireMessage,
} from "../../../src/sandbox/model-server";

function request(messages: WireMessage[], tools: string[] = []): RecordedRequest {
	return {
		body: { model: "m", messages, tools: tools.map((name) => ({ type: "function", function: { name } })) },
		headers: {},
		receivedAt: 0,
		outcome: "pending",
	};
}

describe("script helpers", () => {
	it("answers the Nth call with the Nth step, calling function steps with the request", async () => {
		const script = scripted(reply.text("first"), (req) => reply.text(`echo ${lastUserText(req) ?? ""}`));
		const req = request([{ role: "user", content: "hello" }]);
		expect(await script(req, { callIndex: 0 })).toEqual({ text: "first" });
		expect(await script(req, { callIndex: 1 })).toEqual({ text: "echo hello" });
		await expect(Promise.resolve(script(req, { callIndex: 2 }))).rejects.toThrow(
			/script exhausted: call 3 but the script has 2 replies/u,
		);
	});

	it("builds tool-call replies with object or raw string arguments", () => {
		expect(
			reply.toolCalls(
				[
					{ name: "readNote", args: { path: "a.md" }, id: "c1" },
					{ name: "listNotes", args: "{bad" },
				],
				"Looking",
			),
		).toEqual({
			text: "Looking",
			toolCalls: [
				{ name: "readNote", arguments: { path: "a.md" }, id: "c1" },
				{ name: "listNotes", arguments: "{bad" },
			],
		});
		expect(reply.httpError(429, { retryAfterSeconds: 1 })).toEqual({
			fault: { kind: "http", status: 429, retryAfterSeconds: 1 },
		});
	});

	it("finds the last user text, also in content-part arrays", () => {
		expect(lastUserText(request([{ role: "system", content: "s" }]))).toBeUndefined();
		const req = request([
			{ role: "user", content: "old" },
			{ role: "assistant", content: "ok" },
			{
				role: "user",
				content: [
					{ type: "text", text: "new " },
					{ type: "image_url", image_url: {} },
					{ type: "text", text: "one" },
				],
			},
		]);
		expect(lastUserText(req)).toBe("new one");
	});

	it("returns only the tool results of the last turn, named after their calls", () => {
		const call = (id: string, name: string) => ({ id, type: "function", function: { name, arguments: "{}" } });
		const req = request([
			{ role: "user", content: "q" },
			{ role: "assistant", content: null, tool_calls: [call("a", "listNotes")] },
			{ role: "tool", tool_call_id: "a", content: "old result" },
			{ role: "assistant", content: null, tool_calls: [call("b", "readNote"), call("c", "searchNotes")] },
			{ role: "tool", tool_call_id: "b", content: "note text" },
			{ role: "tool", tool_call_id: "c", content: [{ type: "text", text: "3 hits" }] },
		]);
		expect(toolResults(req)).toEqual([
			{ toolCallId: "b", name: "readNote", content: "note text" },
			{ toolCallId: "c", name: "searchNotes", content: "3 hits" },
		]);
		expect(toolResults(request([{ role: "user", content: "q" }]))).toEqual([]);
	});

	it("tells whether the client offered a tool", () => {
		const req = request([], ["readNote"]);
		expect(hasTool(req, "readNote")).toBe(true);
		expect(hasTool(req, "executeEdit")).toBe(false);
		expect(hasTool(request([]), "readNote")).toBe(false);
	});
});
