import type { ContextLimit } from "./context-limit";
import type { ThinkingMode } from "./thinking-mode";

/**
 * The shapes a test or benchmark works with: what the server recorded, what a script answers,
 * and the running server handle. Wire (JSON) shapes live in wire.ts.
 */

/** One tool call the scripted model makes. A string `arguments` goes out verbatim, so a script can
 * send malformed JSON on purpose; an object is serialized with JSON.stringify. */
export interface ScriptedToolCall {
	id?: string;
	name: string;
	arguments: Record<string, unknown> | string;
}

export type ScriptedFault =
	/** Answer with this HTTP status and an OpenAI-style error body instead of a completion; `body`
	 * replaces that body verbatim (a provider's own error shape). */
	| { kind: "http"; status: number; retryAfterSeconds?: number; message?: string; body?: unknown }
	/** Write this many SSE chunks (0 = none, not even headers for non-streaming), then destroy the
	 * socket, as a proxy or server crash would. */
	| { kind: "drop"; afterChunks: number };

export interface ScriptedPace {
	/** Delay before the first chunk (time to first token). */
	firstTokenMs: number;
	/** Chunks per second after the first one. 0 or less means no delay. */
	tokensPerSecond: number;
}

export interface ScriptedUsage {
	prompt_tokens?: number;
	completion_tokens?: number;
	/** Of the prompt, served from the provider's cache (sent by the "openai" and "openrouter" shapes). */
	cached_tokens?: number;
	/** What the call cost in US dollars (sent by the "openrouter" shape). */
	cost?: number;
}

/**
 * How the server reports usage (issue 33). Absent: `{ prompt_tokens, completion_tokens,
 * total_tokens }` only. "openai": with `prompt_tokens_details.cached_tokens` and
 * `completion_tokens_details`, as OpenAI sends them; "openrouter": the same plus `cost` (US
 * dollars); "ollama": the bare counts, as Ollama's OpenAI-compatible endpoint sends them; "none":
 * no usage at all, even when the request asks for it (a server that ignores stream_options).
 */
export type UsageShape = "openai" | "openrouter" | "ollama" | "none";

/**
 * How a thinking model sends its reasoning: "think" puts `<think>…</think>` at the start of the
 * content (Qwen, DeepSeek-R1 through Ollama or LM Studio), "think-closed" only its closing
 * `</think>` (DeepSeek-R1 distills on vLLM or Ollama, whose chat template puts `<think>\n` in the
 * prompt), "reasoning_content" streams it in that delta field (DeepSeek), "reasoning" in that one
 * (OpenRouter).
 */
export type ReasoningForm = "think" | "think-closed" | "reasoning_content" | "reasoning";

/** What the model answers to one request. */
export interface ScriptedReply {
	/** A thinking model's reasoning, sent before the text and the tool calls. */
	reasoning?: string;
	/** Defaults to "think". */
	reasoningAs?: ReasoningForm;
	text?: string;
	/** The text streamed in exactly these pieces, one chunk each (instead of `text` in token-sized pieces). */
	textChunks?: string[];
	toolCalls?: ScriptedToolCall[];
	/** Defaults to "tool_calls" when there are tool calls, else "stop". content_filter: the provider cut the reply. */
	finishReason?: "stop" | "tool_calls" | "length" | "content_filter";
	pace?: ScriptedPace;
	fault?: ScriptedFault;
	/** Overrides the computed token counts. */
	usage?: ScriptedUsage;
	/** A reply far longer than any cap, streamed without being built whole (see ScriptedRepeat). */
	repeat?: ScriptedRepeat;
}

/**
 * `piece` streamed `times` more times (Infinity: until the client goes away), one chunk each:
 * after the text (`into: "text"`, the default), or inside the last tool call's arguments, after
 * its `arguments` string and before `then` (`into: "arguments"`: `{"path":"` + piece… + `"}`).
 * Streaming only; a non-streaming request gets the reply without it.
 */
export interface ScriptedRepeat {
	piece: string;
	times: number;
	into?: "text" | "arguments";
	then?: string;
}

/** A chat message as clients send it. Loose on purpose: the server records, it does not judge. */
export interface WireMessage {
	role: string;
	content?: unknown;
	tool_calls?: Array<{ id: string; type?: string; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
	name?: string;
	[key: string]: unknown;
}

/** The JSON body of POST /v1/chat/completions, with the fields tests look at typed. */
export interface ChatRequestBody {
	model: string;
	messages: WireMessage[];
	tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
	tool_choice?: unknown;
	stream?: boolean;
	stream_options?: { include_usage?: boolean };
	prediction?: { type: string; content: unknown };
	temperature?: number;
	max_tokens?: number;
	max_completion_tokens?: number;
	[key: string]: unknown;
}

/** How a recorded request ended, from the server's side ("context-exceeded": refused as longer
 * than the context limit, before the script was asked). */
export type RequestOutcome = "pending" | "completed" | "fault" | "client-closed" | "script-error" | "context-exceeded";

export interface RecordedRequest {
	body: ChatRequestBody;
	headers: Record<string, string | string[] | undefined>;
	/** The request target as the server received it: path and query (`/v1/chat/completions?api-version=...`). */
	target?: string;
	/** Date.now() when the request body was read. */
	receivedAt: number;
	/** Updated as the reply proceeds; "client-closed" means the client went away mid-reply. */
	outcome: RequestOutcome;
}

export interface ScriptContext {
	/** 0-based index of this chat completion call since the current script was set. */
	callIndex: number;
}

export type ModelScript = (request: RecordedRequest, context: ScriptContext) => ScriptedReply | Promise<ScriptedReply>;

export interface ModelServerOptions {
	script: ModelScript;
	/** 0 or absent: any free port. */
	port?: number;
	/** Loopback only: the server is a test double and must never listen on a network. */
	host?: "127.0.0.1";
	/** Models listed by GET /v1/models (default ["scripted"]): an id, or an entry with more fields
	 * (as OpenRouter states `context_length`, vLLM `max_model_len`). */
	models?: Array<string | ({ id: string } & Record<string, unknown>)>;
	/** Refuse requests longer than this, as the chosen provider does (see context-limit.ts). */
	contextLimit?: ContextLimit;
	/**
	 * Characters per token of the model's tokenizer (default 4): the usage it reports and the
	 * context limit both count with it. A denser one (about 2.5 for code or many languages) is
	 * what Redline's calibration from `usage.prompt_tokens` has to absorb.
	 */
	charsPerToken?: number;
	/**
	 * How the model treats `tools` (default "native"). "ignores": a model without native tool
	 * calling: it answers as if no tools were offered and writes the script's tool calls as text
	 * tool calls (text-calls.ts). "refuses": as Ollama answers for such a model, a request that
	 * carries `tools` gets a 400 "<model> does not support tools"; others as "ignores".
	 */
	toolSupport?: ToolSupport;
	/** Requests must carry `Authorization: Bearer <apiKey>`; others get OpenAI's 401. */
	apiKey?: string;
	/** The 401 for a wrong key quotes the key it got, whole, as several proxies do. */
	refusalQuotesKey?: boolean;
	/**
	 * The origins the server accepts, as Ollama's OLLAMA_ORIGINS: a request whose Origin header is
	 * not one of them gets a bare 403 with an empty body (what Ollama's CORS check answers); a
	 * request without Origin is served. Absent: every origin is accepted.
	 */
	allowedOrigins?: string[];
	/**
	 * "deepseek": DeepSeek's thinking mode: a request whose assistant message made tool calls
	 * without the `reasoning_content` this server streamed with them gets DeepSeek's 400
	 * (thinking-mode.ts).
	 */
	thinkingMode?: ThinkingMode;
	/** How usage is reported (see UsageShape). */
	usageShape?: UsageShape;
}

export type ToolSupport = "native" | "ignores" | "refuses";

export interface ModelServer {
	/** http://127.0.0.1:PORT */
	url: string;
	/** url + "/v1": what OpenAI clients take as baseURL. */
	baseURL: string;
	/** Every chat completion request received, in order (faulted ones too). */
	requests: RecordedRequest[];
	/** Resolves with `requests` once at least `count` chat requests have arrived (so a test can act
	 * while a reply is still streaming); rejects if the server closes first. */
	waitForRequests(count: number): Promise<RecordedRequest[]>;
	/** Replace the script; the call index starts again at 0. */
	setScript(script: ModelScript): void;
	/** Change (or with null, lift) the context limit for the next requests. */
	setContextLimit(limit: ContextLimit | null): void;
	/** Stops listening and cuts open connections. */
	close(): Promise<void>;
}
