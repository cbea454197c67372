/**
 * @langchain/openai 1.6 turns a streamed `reasoning_content` delta (DeepSeek) into
 * additional_kwargs.reasoning_content, but drops a `reasoning` delta (OpenRouter, recent vLLM).
 * This chat-completions client copies `reasoning` to `reasoning_content` in each raw chunk, when
 * the latter is absent (servers that send both send the same text), before the library converts
 * it, so the agent reads reasoning one way (./reasoning-split.ts).
 * test/llm/reasoning-deltas.test.ts fails if a new version of the library bypasses this.
 */
import { ChatOpenAICompletions } from "@langchain/openai";
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionCreateParams, ChatCompletionCreateParamsNonStreaming, ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { OpenAI } from "openai";

type RequestOptions = OpenAI.RequestOptions;

export class ReasoningCompletions extends ChatOpenAICompletions {
	override completionWithRetry(request: ChatCompletionCreateParamsStreaming, requestOptions?: RequestOptions): Promise<AsyncIterable<ChatCompletionChunk>>;
	override completionWithRetry(request: ChatCompletionCreateParamsNonStreaming, requestOptions?: RequestOptions): Promise<ChatCompletion>;
	override async completionWithRetry(request: ChatCompletionCreateParams, requestOptions?: RequestOptions): Promise<AsyncIterable<ChatCompletionChunk> | ChatCompletion> {
		if (request.stream === true) return copyReasoning(await super.completionWithRetry(request, requestOptions));
		return super.completionWithRetry(request, requestOptions);
	}
}

async function* copyReasoning(chunks: AsyncIterable<ChatCompletionChunk>): AsyncGenerator<ChatCompletionChunk> {
	for await (const chunk of chunks) {
		const delta = chunk.choices?.[0]?.delta as (ChatCompletionChunk.Choice.Delta & { reasoning?: unknown; reasoning_content?: unknown }) | undefined;
		if (delta && typeof delta.reasoning === "string" && delta.reasoning !== "" && delta.reasoning_content === undefined) delta.reasoning_content = delta.reasoning;
		yield chunk;
	}
}
