/**
 * Every collected provider refusal, sent by the scripted server and caught from the real
 * ChatOpenAI stream, is recognised as a context overflow with the limit its message states;
 * other 400s and server errors are not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyModelError } from "../../src/agent/model-errors";
import { contextOverflowOf } from "../../src/agent/context-errors";
import { createChatModel } from "../../src/llm/chat-model";
import { reply, startModelServer } from "../../src/sandbox/model-server";
import type { ModelServer, ScriptedReply } from "../../src/sandbox/model-server";
import { CONTEXT_ERROR_FIXTURES, OTHER_BAD_REQUESTS } from "./fixtures/context-length-errors";

let server: ModelServer;
let next: ScriptedReply = reply.text("unused");
beforeAll(async () => {
	server = await startModelServer({ script: () => next });
});
afterAll(() => server.close());

/** What the real client throws when the server answers with this status and body. */
async function caught(status: number, body: unknown): Promise<unknown> {
	next = reply.httpError(status, { body });
	const model = createChatModel({ baseUrl: server.baseURL, model: "m" }, undefined);
	try {
		const stream = await model.stream([["user", "hi"]]);
		for await (const chunk of stream) void chunk; // drain: the error comes while reading
	} catch (error) {
		return error;
	}
	throw new Error("the request did not fail");
}

const notAborted = new AbortController().signal;

describe("recognising a context-length refusal", () => {
	it.each(CONTEXT_ERROR_FIXTURES.map((f) => [`${f.provider}: ${f.name}`, f] as const))("%s", async (_name, fixture) => {
		const error = await caught(fixture.status, fixture.body);
		const failure = classifyModelError(error, notAborted);
		expect(failure.kind).toBe("context");
		const overflow = contextOverflowOf(error);
		expect(overflow?.limitTokens).toBe(fixture.limit);
		expect(overflow?.requestTokens).toBe(fixture.request);
		// The provider's own words, not a JSON dump, reach the user if recovery fails.
		expect(overflow?.detail).not.toMatch(/^[{"]/u);
		expect(overflow?.detail.length).toBeGreaterThan(20);
	});

	it.each(OTHER_BAD_REQUESTS.map((r) => [r.source, r] as const))(
		"leaves other 400s alone (%s)",
		async (_source, other) => {
			const failure = classifyModelError(await caught(other.status, other.body), notAborted);
			expect(failure).toMatchObject({ kind: "http", status: 400, retryable: false });
		},
	);

	it("does not take a server error that mentions the context for a refusal", async () => {
		const failure = classifyModelError(
			await caught(500, { error: { message: "maximum context length of the KV cache reached, slot unavailable" } }),
			notAborted,
		);
		expect(failure).toMatchObject({ kind: "http", status: 500, retryable: true });
	});
});
