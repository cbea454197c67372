/**
 * A thinking model's reasoning deltas, both ways, for @langchain/openai 1.6's chat-completions
 * client:
 * - Reading: the library turns a streamed `reasoning_content` delta (DeepSeek) into
 *   additional_kwargs.reasoning_content but drops a `reasoning` delta (OpenRouter, recent vLLM).
 *   This client keeps it, as additional_kwargs.reasoning: the two stay apart because only
 *   DeepSeek's must go back (./reasoning-split.ts tells the agent which it got).
 * - Sending: DeepSeek's thinking mode answers HTTP 400 unless an assistant message that made tool
 *   calls carries its `reasoning_content` again. The transcript puts it in that AIMessage's
 *   additional_kwargs.reasoning_content, which the library's message converter drops; this client
 *   adds it to the request's assistant message with the same tool-call id.
 * test/llm/reasoning-deltas.test.ts fails if a new version of the library bypasses this.
 */
import { ChatOpenAICompletions } from "@langchain/openai";
import type { BaseMessage, BaseMessageChunk } from "@langchain/core/messages";
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { ChatGenerationChunk } from "@langchain/core/outputs";
import type {
	ChatCompletion,
	ChatCompletionChunk,
	ChatCompletionCreateParams,
	ChatCompletionCreateParamsNonStreaming,
	ChatCompletionCreateParamsStreaming,
} from "openai/resources/chat/completions";
import type { OpenAI } from "openai";

type RequestOptions = OpenAI.RequestOptions;

export class ReasoningCompletions extends ChatOpenAICompletions {
	/** Per call (keyed by its options, which the library hands on to completionWithRetry): tool-call id -> reasoning to send back. */
	private readonly replays = new WeakMap<object, Map<string, string>>();

	override async *_streamResponseChunks(
		messages: BaseMessage[],
		options: this["ParsedCallOptions"],
		runManager?: CallbackManagerForLLMRun,
	): AsyncGenerator<ChatGenerationChunk> {
		const replay = new Map<string, string>();
		for (const message of messages) {
			const reasoning = message.additional_kwargs.reasoning_content;
			if (typeof reasoning === "string")
				for (const call of (message as { tool_calls?: Array<{ id?: string }> }).tool_calls ?? [])
					if (call.id) replay.set(call.id, reasoning);
		}
		if (replay.size > 0) this.replays.set(options, replay);
		yield* super._streamResponseChunks(messages, options, runManager);
	}

	override completionWithRetry(
		request: ChatCompletionCreateParamsStreaming,
		requestOptions?: RequestOptions,
	): Promise<AsyncIterable<ChatCompletionChunk>>;
	override completionWithRetry(
		request: ChatCompletionCreateParamsNonStreaming,
		requestOptions?: RequestOptions,
	): Promise<ChatCompletion>;
	override completionWithRetry(
		request: ChatCompletionCreateParams,
		requestOptions?: RequestOptions,
	): Promise<AsyncIterable<ChatCompletionChunk> | ChatCompletion> {
		const replay = requestOptions && this.replays.get(requestOptions);
		if (replay) {
			for (const message of request.messages) {
				const id = message.role === "assistant" ? message.tool_calls?.[0]?.id : undefined;
				const reasoning = id === undefined ? undefined : replay.get(id);
				if (reasoning !== undefined) Object.assign(message, { reasoning_content: reasoning });
			}
		}
		// The same call twice: each branch narrows the request to one of the overloads.
		return request.stream === true
			? super.completionWithRetry(request, requestOptions)
			: super.completionWithRetry(request, requestOptions);
	}

	protected override _convertCompletionsDeltaToBaseMessageChunk(
		delta: Record<string, unknown>,
		rawResponse: ChatCompletionChunk,
		defaultRole?: OpenAI.Chat.ChatCompletionRole,
	): BaseMessageChunk {
		const chunk = super._convertCompletionsDeltaToBaseMessageChunk(delta, rawResponse, defaultRole);
		const reasoning: unknown = delta.reasoning;
		if (typeof reasoning === "string" && reasoning !== "" && delta.reasoning_content === undefined)
			chunk.additional_kwargs.reasoning = reasoning;
		return chunk;
	}
}
