/**
 * The check's model calls go through the model client Redline itself uses (the real
 * @langchain/openai client, the host's transport), so what passes here is what the agent gets.
 * A failed call is put in the same words the agent would show (agent/model-errors.ts).
 */
import type { AIMessageChunk, BaseMessage } from "@langchain/core/messages";
import { classifyModelError } from "../agent/model-errors";
import { createChatModel, type ChatModel } from "../llm/chat-model";
import type { ModelEndpoint } from "../settings";
import { withDeadline, type Transport } from "./http";

export interface StreamedChunk {
	chunk: AIMessageChunk;
	/** transport.now() when it arrived. */
	at: number;
}

export type StreamOutcome =
	{ ok: true; chunks: StreamedChunk[]; startedAt: number } | { ok: false; error: unknown; message: string };

/** `maxTokens`: a probe that fills most of the window asks for a short reply (the rest of it). */
export function checkModel(
	transport: Transport,
	endpoint: ModelEndpoint,
	apiKey: string | undefined,
	maxTokens?: number,
): ChatModel {
	// Temperature 0: the check asks for fixed answers.
	return createChatModel({ ...endpoint, temperature: 0 }, apiKey, {
		fetch: transport.fetch,
		streaming: true,
		...(maxTokens !== undefined ? { maxTokens } : {}),
	});
}

interface Streamable {
	stream(messages: BaseMessage[], options: { signal: AbortSignal }): Promise<AsyncIterable<AIMessageChunk>>;
}

/** Streams one reply, recording when each chunk arrived. */
export async function streamReply(
	transport: Transport,
	model: Streamable,
	messages: BaseMessage[],
): Promise<StreamOutcome> {
	const startedAt = transport.now();
	try {
		return await withDeadline(transport, async (signal) => {
			const chunks: StreamedChunk[] = [];
			for await (const chunk of await model.stream(messages, { signal })) chunks.push({ chunk, at: transport.now() });
			return { ok: true as const, chunks, startedAt };
		});
	} catch (error) {
		const failure = classifyModelError(error, new AbortController().signal);
		return { ok: false, error, message: failure.kind === "aborted" ? "stopped" : failure.message };
	}
}

/** A chunk's text: its content and any reasoning delta (a thinking model's first tokens are reasoning). */
export function chunkText(chunk: AIMessageChunk): { answer: string; reasoning: string } {
	const answer = typeof chunk.content === "string" ? chunk.content : chunk.text;
	const reasoning = (chunk.additional_kwargs as { reasoning_content?: unknown } | undefined)?.reasoning_content;
	return { answer, reasoning: typeof reasoning === "string" ? reasoning : "" };
}
