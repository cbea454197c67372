/**
 * Turns a ScriptedReply into OpenAI chat-completions wire objects: the list of streaming chunks
 * and the non-streaming completion. Choices made to look like api.openai.com, because the real
 * clients (openai SDK, @langchain/openai) are what tests exercise:
 * - the first chunk carries `role: "assistant"` and empty content, as OpenAI does;
 * - text streams one ~4-character token per chunk, reasoning too: as `<think>…</think>` text
 *   before the answer (or only `…</think>`), or in a `reasoning_content` or `reasoning` delta field (ReasoningForm);
 * - each tool call opens with a chunk holding its `index`, `id`, `type` and `name` (arguments ""),
 *   then its arguments arrive in token-sized pieces carrying only `index`, so clients must merge;
 * - a last chunk has an empty delta and the `finish_reason`;
 * - with `stream_options.include_usage`, a final chunk with `choices: []` carries `usage`
 *   (earlier chunks then have `usage: null`, as OpenAI sends them).
 * `[DONE]` and the SSE framing are the server's job (server.ts).
 */
import { promptTokens, requestSize } from "./context-limit";
import { splitTokens } from "./tokens";
import type { ChatRequestBody, ScriptedRepeat, ScriptedReply } from "./types";

export interface ToolCallDelta {
	index: number;
	id?: string;
	type?: "function";
	function: { name?: string; arguments?: string };
}

export interface ChunkDelta {
	role?: "assistant";
	content?: string;
	reasoning_content?: string;
	reasoning?: string;
	tool_calls?: ToolCallDelta[];
}

export interface Usage {
	prompt_tokens: number;
	completion_tokens: number;
	total_tokens: number;
	/** OpenAI's and OpenRouter's details (usage-shape.ts). */
	prompt_tokens_details?: Record<string, number>;
	completion_tokens_details?: Record<string, number>;
	/** OpenRouter: what the call cost in US dollars. */
	cost?: number;
	is_byok?: boolean;
}

export interface CompletionChunk {
	id: string;
	object: "chat.completion.chunk";
	created: number;
	model: string;
	system_fingerprint: string;
	choices: Array<{ index: 0; delta: ChunkDelta; logprobs: null; finish_reason: string | null }>;
	usage?: Usage | null;
}

export interface Completion {
	id: string;
	object: "chat.completion";
	created: number;
	model: string;
	system_fingerprint: string;
	choices: Array<{
		index: 0;
		message: {
			role: "assistant";
			content: string | null;
			reasoning_content?: string;
			reasoning?: string;
			refusal: null;
			tool_calls?: Array<{ id: string; type: "function"; function: { name: string; arguments: string } }>;
		};
		logprobs: null;
		finish_reason: string;
	}>;
	usage: Usage;
}

/** Identity shared by every chunk of one reply. */
export interface ReplyIdentity {
	id: string;
	created: number;
	model: string;
	/** Used for tool calls that the script gave no id. */
	toolCallIdPrefix: string;
}

/** A reply with everything resolved: ids, argument strings, tokens and the finish reason. */
export interface ResolvedReply {
	/** Reasoning sent in a delta field of its own ("think" reasoning is part of textTokens). */
	reasoning?: { field: "reasoning_content" | "reasoning"; tokens: string[] };
	textTokens: string[];
	toolCalls: Array<{ id: string; name: string; argumentTokens: string[]; arguments: string }>;
	finishReason: string;
	usage: Usage;
}

const FINGERPRINT = "fp_redline_scripted";

export function resolveReply(
	reply: ScriptedReply,
	body: ChatRequestBody,
	identity: ReplyIdentity,
	charsPerToken?: number,
): ResolvedReply {
	const form = reply.reasoningAs ?? "think";
	const thought = reply.reasoning !== undefined && reply.reasoning !== "";
	const inline = !thought
		? ""
		: form === "think"
			? `<think>${reply.reasoning}</think>\n\n`
			: form === "think-closed"
				? `${reply.reasoning}\n</think>\n\n`
				: "";
	const textTokens = reply.textChunks
		? [...splitTokens(inline), ...reply.textChunks]
		: splitTokens(inline + (reply.text ?? ""));
	const reasoning =
		thought && (form === "reasoning_content" || form === "reasoning")
			? { field: form, tokens: splitTokens(reply.reasoning ?? "") }
			: undefined;
	const toolCalls = (reply.toolCalls ?? []).map((call, i) => {
		const args = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
		return {
			id: call.id ?? `${identity.toolCallIdPrefix}_${i}`,
			name: call.name,
			arguments: args,
			argumentTokens: splitTokens(args),
		};
	});
	const streamed =
		(reasoning?.tokens.length ?? 0) + textTokens.length + toolCalls.reduce((n, c) => n + c.argumentTokens.length, 0);
	const prompt = reply.usage?.prompt_tokens ?? promptTokens(requestSize(body, charsPerToken));
	const completion = reply.usage?.completion_tokens ?? streamed;
	return {
		...(reasoning ? { reasoning } : {}),
		textTokens,
		toolCalls,
		finishReason: reply.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop"),
		usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
	};
}

/** The chunks of a streamed reply, made as they are sent (a repeat may never end). */
export function* streamChunks(
	reply: ResolvedReply,
	identity: ReplyIdentity,
	includeUsage: boolean,
	repeat?: ScriptedRepeat,
): Generator<CompletionChunk> {
	const chunk = (delta: ChunkDelta, finishReason: string | null = null): CompletionChunk => ({
		id: identity.id,
		object: "chat.completion.chunk",
		created: identity.created,
		model: identity.model,
		system_fingerprint: FINGERPRINT,
		choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
		...(includeUsage ? { usage: null } : {}),
	});
	yield chunk({ role: "assistant", content: "" });
	const reasoning = reply.reasoning;
	if (reasoning) for (const token of reasoning.tokens) yield chunk({ [reasoning.field]: token });
	for (const token of reply.textTokens) yield chunk({ content: token });
	const repeated = function* (delta: (piece: string) => ChunkDelta): Generator<CompletionChunk> {
		if (!repeat) return;
		for (let n = 0; n < repeat.times; n++) yield chunk(delta(repeat.piece));
		if (repeat.then) yield chunk(delta(repeat.then));
	};
	if (repeat && (repeat.into ?? "text") === "text") yield* repeated((content) => ({ content }));
	const last = reply.toolCalls.length - 1;
	for (const [index, call] of reply.toolCalls.entries()) {
		yield chunk({
			tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }],
		});
		for (const piece of call.argumentTokens) yield chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
		if (index === last && repeat?.into === "arguments")
			yield* repeated((piece) => ({ tool_calls: [{ index, function: { arguments: piece } }] }));
	}
	yield chunk({}, reply.finishReason);
	if (includeUsage) {
		yield {
			id: identity.id,
			object: "chat.completion.chunk",
			created: identity.created,
			model: identity.model,
			system_fingerprint: FINGERPRINT,
			choices: [],
			usage: reply.usage,
		};
	}
}

export function completion(reply: ResolvedReply, identity: ReplyIdentity): Completion {
	const text = reply.textTokens.join("");
	const toolCalls = reply.toolCalls.map((call) => ({
		id: call.id,
		type: "function" as const,
		function: { name: call.name, arguments: call.arguments },
	}));
	return {
		id: identity.id,
		object: "chat.completion",
		created: identity.created,
		model: identity.model,
		system_fingerprint: FINGERPRINT,
		choices: [
			{
				index: 0,
				message: {
					role: "assistant",
					// OpenAI sends null content when the reply is only tool calls.
					content: text === "" && toolCalls.length > 0 ? null : text,
					...(reply.reasoning ? { [reply.reasoning.field]: reply.reasoning.tokens.join("") } : {}),
					refusal: null,
					...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
				},
				logprobs: null,
				finish_reason: reply.finishReason,
			},
		],
		usage: reply.usage,
	};
}

/** The error body OpenAI sends; the SDKs read `error.message`. */
export function errorBody(
	status: number,
	message: string,
	code?: string,
): { error: { message: string; type: string; param: null; code: string | null } } {
	const type =
		status === 429
			? "rate_limit_error"
			: status >= 500
				? "server_error"
				: status === 404
					? "not_found_error"
					: "invalid_request_error";
	return { error: { message, type, param: null, code: code ?? null } };
}
