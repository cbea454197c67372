/**
 * The scripted server's context window: a request whose prompt (messages and tool definitions,
 * counted the way the server counts usage) does not fit is refused with the HTTP 400 a real
 * provider sends, in that provider's own wording and JSON shape, so recovery is tested against
 * what users actually get. The shapes match the real refusals collected in
 * test/agent/fixtures/context-length-errors.ts (a test checks each against them).
 */
import { estimateTokens } from "./tokens";
import type { ChatRequestBody } from "./types";

/** "openai-unstated": OpenAI's refusal that names no limit, so the client has to find one. */
export type ContextErrorStyle = "openai" | "openai-unstated" | "openrouter" | "ollama" | "vllm" | "vllm-legacy";
export const CONTEXT_ERROR_STYLES: readonly ContextErrorStyle[] = [
	"openai",
	"openai-unstated",
	"openrouter",
	"ollama",
	"vllm",
	"vllm-legacy",
];

export interface ContextLimit {
	/** The model's context window in tokens (prompt plus any max_tokens asked for). */
	tokens: number;
	/** Whose refusal to send. Default "openai". */
	style?: ContextErrorStyle;
}

/** What a request holds, in the server's token count. */
export interface RequestSize {
	messages: number;
	tools: number;
	/** max_tokens or max_completion_tokens, 0 when absent. */
	completion: number;
}

/** `charsPerToken`: the server's tokenizer (ModelServerOptions.charsPerToken; default 4). */
export function requestSize(body: ChatRequestBody, charsPerToken?: number): RequestSize {
	const completion = body.max_completion_tokens ?? body.max_tokens;
	return {
		messages: estimateTokens(JSON.stringify(body.messages ?? []).length, charsPerToken),
		tools: body.tools === undefined ? 0 : estimateTokens(JSON.stringify(body.tools).length, charsPerToken),
		completion: typeof completion === "number" && completion > 0 ? completion : 0,
	};
}

/** The prompt tokens the server reports as usage and checks against the limit. */
export function promptTokens(size: RequestSize): number {
	return size.messages + size.tools;
}

/** The refusal for a request that does not fit, or null when it fits. */
export function contextRefusal(limit: ContextLimit, size: RequestSize): { status: number; body: unknown } | null {
	const prompt = promptTokens(size);
	if (prompt + size.completion <= limit.tokens) return null;
	return { status: 400, body: refusalBody(limit.style ?? "openai", limit.tokens, size) };
}

export function refusalBody(style: ContextErrorStyle, limit: number, size: RequestSize): unknown {
	const prompt = promptTokens(size);
	switch (style) {
		case "openai":
			return {
				error: {
					message:
						size.completion > 0
							? `This model's maximum context length is ${limit} tokens. However, you requested ${prompt + size.completion} tokens (${prompt} in the messages, ${size.completion} in the completion). Please reduce the length of the messages or completion.`
							: `This model's maximum context length is ${limit} tokens. However, your messages resulted in ${prompt} tokens. Please reduce the length of the messages.`,
					type: "invalid_request_error",
					param: "messages",
					code: "context_length_exceeded",
				},
			};
		case "openai-unstated":
			return {
				error: {
					message: "Your input exceeds the context window of this model. Please adjust your input and try again.",
					type: "invalid_request_error",
					param: "input",
					code: "context_length_exceeded",
				},
			};
		case "openrouter": {
			const parts = [`${size.messages} of text input`];
			if (size.tools > 0) parts.push(`${size.tools} of tool input`);
			if (size.completion > 0) parts.push(`${size.completion} in the output`);
			return {
				error: {
					message: `This endpoint's maximum context length is ${limit} tokens. However, you requested about ${prompt + size.completion} tokens (${parts.join(", ")}). Please reduce the length of either one, or use the "middle-out" transform to compress your prompt automatically.`,
					code: 400,
					metadata: { provider_name: null },
				},
			};
		}
		case "ollama": {
			const inner = {
				error: {
					code: 400,
					message: `request (${prompt} tokens) exceeds the available context size (${limit} tokens), try increasing it`,
					type: "exceed_context_size_error",
					n_prompt_tokens: prompt,
					n_ctx: limit,
				},
			};
			return { error: { message: JSON.stringify(inner), type: "invalid_request_error", param: null, code: null } };
		}
		case "vllm":
			return {
				error: {
					message: `This model's maximum context length is ${limit} tokens. However, your request has ${prompt} input tokens. Please reduce the length of the input messages. (parameter=input_tokens, value=${prompt})`,
					type: "BadRequestError",
					param: "input_tokens",
					code: 400,
				},
			};
		case "vllm-legacy":
			return {
				object: "error",
				message:
					size.completion > 0
						? `This model's maximum context length is ${limit} tokens. However, you requested ${prompt + size.completion} tokens (${prompt} in the messages, ${size.completion} in the completion). Please reduce the length of the messages or completion.`
						: `This model's maximum context length is ${limit} tokens. However, you requested ${prompt} tokens in the messages, Please reduce the length of the messages.`,
				type: "BadRequestError",
				param: null,
				code: 400,
			};
	}
}
