/**
 * What the model-server tests share: a scripted server on loopback, closed when the test ends
 * (close is idempotent, so a test may also close it itself), with an OpenAI client pointed at it,
 * and a raw POST for requests no SDK would send.
 */
import OpenAI from "openai";
import { onTestFinished } from "vitest";
import { startModelServer, type ModelScript, type ModelServer } from "../../../src/sandbox/model-server";
import { nodeFetch as fetch } from "../../../src/node/fetch";

export async function startScripted(script: ModelScript): Promise<{ server: ModelServer; client: OpenAI }> {
	const server = await startModelServer({ script });
	onTestFinished(() => server.close());
	return { server, client: new OpenAI({ baseURL: server.baseURL, apiKey: "test", maxRetries: 0 }) };
}

/** POST /chat/completions with any body: a string goes as is (malformed JSON on purpose). */
export function postCompletion(baseURL: string, body: unknown): Promise<Response> {
	return fetch(`${baseURL}/chat/completions`, {
		method: "POST",
		headers: { "content-type": "application/json" },
		body: typeof body === "string" ? body : JSON.stringify(body),
	});
}
