import { describe, expect, it } from "vitest";
import { closedPort } from "../support/closed-port";
import { reply, scripted, toolResults } from "../../src/sandbox/model-server";
import { harness, ofType } from "./support/harness";

describe("AgentRunner: model failures and bad model output", () => {
	it("waits as long as Retry-After says after a 429, then succeeds", async () => {
		const h = await harness({
			script: scripted(reply.httpError(429, { retryAfterSeconds: 7 }), reply.text("Finally.")),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		expect(h.sleeps).toEqual([7000]);
		expect(h.server.requests).toHaveLength(2);
		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(state.messages.filter((m) => m.kind === "assistant")).toHaveLength(1);
		expect(ofType(await h.events(threadId), "error")).toHaveLength(0);
	});

	it("retries a 500 twice with growing backoff and then succeeds", async () => {
		const h = await harness({ script: scripted(reply.httpError(500), reply.httpError(503), reply.text("Recovered.")) });
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		expect(h.sleeps).toEqual([1000, 2000]);
		expect(h.server.requests).toHaveLength(3);
		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		const last = state.messages[state.messages.length - 1];
		expect(last?.kind === "assistant" && last.text).toBe("Recovered.");
	});

	it("gives up after three failed tries with a retryable error event", async () => {
		const h = await harness({ script: scripted(reply.httpError(500), reply.httpError(500), reply.httpError(500)) });
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		expect(h.server.requests).toHaveLength(3);
		const errors = ofType(await h.events(threadId), "error");
		expect(errors).toHaveLength(1);
		expect(errors[0].retryable).toBe(true);
		expect(errors[0].message).toContain("500");
		expect((await h.state(threadId)).status).toBe("error");
	});

	it("does not retry a 401 and says to check the key", async () => {
		const h = await harness({ script: scripted(reply.httpError(401, { message: "bad key" })) });
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		expect(h.server.requests).toHaveLength(1);
		const errors = ofType(await h.events(threadId), "error");
		expect(errors[0]).toMatchObject({ retryable: false });
		expect(errors[0].message).toContain("API key");
	});

	it("retries a dropped stream once, and the model never sees the cut-off text", async () => {
		const h = await harness({
			script: scripted(reply.drop(3, "This reply is cut off before it ends."), reply.text("Whole answer.")),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		expect(h.server.requests).toHaveLength(2);
		expect(h.server.requests[1].body.messages.map((m) => m.role)).toEqual(["system", "user"]);
		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		const assistants = state.messages.filter((m) => m.kind === "assistant");
		expect(assistants.map((m) => m.finishReason)).toEqual(["dropped", "stop"]);
		expect(assistants[1]?.text).toBe("Whole answer.");
	});

	it("reports a stream dropped twice as a retryable error", async () => {
		const h = await harness({ script: scripted(reply.drop(2), reply.drop(0)) });
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		expect(h.server.requests).toHaveLength(2);
		const errors = ofType(await h.events(threadId), "error");
		expect(errors).toHaveLength(1);
		expect(errors[0].retryable).toBe(true);
		expect(errors[0].message).toContain("connection to the model was lost");
		expect((await h.state(threadId)).status).toBe("error");
	});

	// Failed before: "The connection to the model was lost (Connection error.)", though it never connected.
	it("names the address and the cause when the model cannot be reached at all", async () => {
		const h = await harness({ script: scripted(reply.text("never")) });
		const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
		h.settings.mainModel = { ...h.settings.mainModel, baseUrl };
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		const errors = ofType(await h.events(threadId), "error");
		expect(errors).toHaveLength(1);
		expect(errors[0]).toMatchObject({ message: `Couldn't reach ${baseUrl} (connection refused).`, retryable: true });
	});

	// Failed before: the message ended in LangChain's "Troubleshooting URL: https://docs.langchain.com/…".
	it("a rate limit it gives up on says so without LangChain's troubleshooting URL", async () => {
		const limited = () => reply.httpError(429, { message: "Rate limit reached for requests", retryAfterSeconds: 120 });
		const h = await harness({ script: scripted(limited()) });
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		const errors = ofType(await h.events(threadId), "error");
		expect(errors).toHaveLength(1);
		expect(errors[0].message).toBe(
			"The model server is rate limiting requests (429: Rate limit reached for requests).",
		);
	});

	it("asks for an API key instead of calling a remote model without one", async () => {
		const h = await harness({ script: scripted(reply.text("never")) });
		h.settings.mainModel = { baseUrl: "https://api.example.com/v1", model: "gpt-4.1" };
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		const errors = ofType(await h.events(threadId), "error");
		expect(errors[0]?.message).toContain("Add your API key in Redline settings");
		expect((await h.state(threadId)).status).toBe("error");
		expect(h.server.requests).toHaveLength(0);
	});

	it.each([
		["malformed JSON", { name: "readNote", args: '{"path": "A.md"' }, "not valid JSON"],
		[
			"an unknown tool",
			{ name: "deleteEverything", args: { path: "A.md" } },
			'There is no tool named "deleteEverything"',
		],
		["arguments that fail the schema", { name: "readNote", args: { path: 42 } }, "Invalid arguments for readNote"],
	] as const)(
		"sends %s back to the model as an error result, without asking, and lets it correct itself",
		async (_name, call, expected) => {
			const h = await harness({
				notes: { "A.md": "alpha" },
				script: scripted(
					reply.toolCalls([{ ...call, id: "bad" }]),
					reply.toolCalls([{ name: "readNote", args: { path: "A.md" }, id: "good" }]),
					reply.text("It says alpha."),
				),
			});
			const threadId = await h.newThread();
			await h.send(threadId, "Read A");
			const state = await h.state(threadId);
			expect(state.status).toBe("idle");
			expect(state.toolCalls.bad?.result?.status).toBe("error");
			expect(state.toolCalls.bad?.decision).toBeUndefined();
			expect(h.server.requests).toHaveLength(3);
			expect(toolResults(h.server.requests[1])[0].content).toContain(expected);
			expect(toolResults(h.server.requests[2])[0].content).toContain("alpha");
		},
	);

	it("pauses the turn with a Continue when the step cap is reached (issue 33), without an error", async () => {
		let n = 0;
		const h = await harness({
			notes: { "A.md": "alpha" },
			settings: { stepCap: 3 },
			script: () => ({ toolCalls: [{ id: `c${n++}`, name: "readNote", arguments: { path: "A.md" } }] }),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Loop");
		expect(h.server.requests).toHaveLength(3);
		const state = await h.state(threadId);
		expect(state.status).toBe("paused");
		expect(state.pause).toMatchObject({ reason: "step_limit", steps: 3 });
		expect(ofType(await h.events(threadId), "error")).toHaveLength(0);
	});
});
