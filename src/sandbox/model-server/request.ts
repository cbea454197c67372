/**
 * Reads and checks the body of a chat completion request. The server records what clients send
 * and judges little, but a body that is not a chat request at all gets a 400 with the reason, as
 * OpenAI answers it, rather than reaching a script.
 */
import type { ChatRequestBody } from "./types";
import { Buffer, type NodeBuffer } from "../../node/buffer";
import type { IncomingMessage } from "../../node/http";

const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** The body as text, or undefined when it is larger than MAX_BODY_BYTES. */
export async function readBody(req: IncomingMessage): Promise<string | undefined> {
	const parts: NodeBuffer[] = [];
	let size = 0;
	for await (const part of req) {
		size += part.length;
		if (size > MAX_BODY_BYTES) return undefined;
		parts.push(part);
	}
	return Buffer.concat(parts).toString("utf8");
}

/** The request body, or a message saying why it is not a chat completion request. */
export function parseBody(text: string | undefined): ChatRequestBody | string {
	if (text === undefined) return `Request body is larger than ${MAX_BODY_BYTES} bytes`;
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch (error) {
		return `Request body is not valid JSON: ${describe(error)}`;
	}
	if (typeof body !== "object" || body === null || Array.isArray(body)) return "Request body must be a JSON object";
	const { model, messages } = body as Record<string, unknown>;
	if (typeof model !== "string" || model === "") return "Missing required parameter: 'model' (a non-empty string)";
	if (!Array.isArray(messages)) return "Missing required parameter: 'messages' (an array)";
	return body as ChatRequestBody;
}

function describe(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
