/**
 * The model factory: one chat model per OpenAI-compatible endpoint. Retries are off here because
 * the agent runner owns them (it honours Retry-After and records each failure as an event), and
 * an SDK retrying behind its back would make both the waits and the tests nondeterministic.
 *
 * The model is LangChain's ChatOpenAICompletions, not ChatOpenAI: ChatOpenAI moves some model
 * names (codex, gpt-5.6, gpt-5.x-pro) to OpenAI's Responses API by itself, which the servers
 * Redline talks to need not offer and which its streaming and tool calls are not built for. It
 * also keeps the Responses API converters (about 30 KB) out of main.js.
 */
import type { ChatOpenAICompletions } from "@langchain/openai";
import { MeteredCompletions } from "./metered-completions";
import type { Meter } from "./metered-completions";
import type { ModelEndpoint } from "../settings";
import { rememberSecret } from "../log/redact";
import { oneOffReplyTokensOf } from "./output-limits";

/** A chat model speaking OpenAI's chat completions API. */
export type ChatModel = ChatOpenAICompletions;

export interface ChatModelOptions {
	/** The HTTP transport (Obsidian's CORS-free fetch, or the global one). */
	fetch?: typeof fetch;
	streaming?: boolean;
	maxRetries?: number;
	/** max_tokens for this model's requests, undefined for none (absent: oneOffReplyTokensOf the endpoint, output-limits.ts). */
	maxTokens?: number | undefined;
	/** Where each call reports what it spent (metered-completions.ts); absent: not metered. */
	meter?: Meter;
}

/** Raised when a remote endpoint has no API key; its message is meant for the user. */
export class MissingApiKeyError extends Error {
	constructor(readonly baseUrl: string) {
		super(`Add your API key in Redline settings (the model at ${baseUrl} needs one).`);
		this.name = "MissingApiKeyError";
	}
}

/** Raised for an endpoint that cannot work at all (empty model name, bad base URL). */
export class ModelConfigError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "ModelConfigError";
	}
}

// Local servers (Ollama, LM Studio, the sandbox's scripted server) take no key.
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1", "0.0.0.0"]);

/** True when baseUrl points at this machine, where a missing API key is normal. */
export function isLocalBaseUrl(baseUrl: string): boolean {
	try {
		const host = new URL(baseUrl).hostname.toLowerCase();
		return LOCAL_HOSTS.has(host) || host.endsWith(".localhost");
	} catch {
		return false;
	}
}

function checkEndpoint(endpoint: ModelEndpoint): void {
	if (!endpoint.model || endpoint.model.trim() === "") {
		throw new ModelConfigError("Choose a model name in Redline settings.");
	}
	let url: URL;
	try {
		url = new URL(endpoint.baseUrl);
	} catch {
		throw new ModelConfigError(
			`The model base URL ${JSON.stringify(endpoint.baseUrl)} is not a valid URL; fix it in Redline settings.`,
		);
	}
	if (url.protocol !== "http:" && url.protocol !== "https:") {
		throw new ModelConfigError(
			`The model base URL must start with http:// or https://, got ${JSON.stringify(endpoint.baseUrl)}.`,
		);
	}
}

/**
 * A chat model for the endpoint. Throws MissingApiKeyError for a remote endpoint without a key
 * and ModelConfigError for an unusable endpoint; the runner turns both into `error` events.
 */
export function createChatModel(
	endpoint: ModelEndpoint,
	apiKey: string | undefined,
	options: ChatModelOptions = {},
): ChatModel {
	checkEndpoint(endpoint);
	const key = apiKey?.trim();
	if (!key && !isLocalBaseUrl(endpoint.baseUrl)) throw new MissingApiKeyError(endpoint.baseUrl);
	// Whatever a provider quotes back of this key is cut from errors and reports from now on.
	rememberSecret(key);
	const streaming = options.streaming ?? true;
	// ChatOpenAICompletions that also reads `reasoning` deltas (reasoning-deltas.ts) and meters each call.
	const model = new MeteredCompletions({
		model: endpoint.model,
		// The OpenAI SDK refuses to start without a key; local servers ignore it.
		apiKey: key || "no-key",
		temperature: endpoint.temperature,
		// How long a reply may be (max_completion_tokens for reasoning models): output-limits.ts.
		...maxTokensOf("maxTokens" in options ? options.maxTokens : oneOffReplyTokensOf(endpoint)),
		streaming,
		streamUsage: streaming,
		maxRetries: options.maxRetries ?? 0,
		configuration: {
			baseURL: endpoint.baseUrl,
			fetch: options.fetch,
			// Obsidian is an Electron renderer: the SDK would otherwise refuse to run "in a browser".
			// The key stays on the user's machine, which is what the SDK's warning is about.
			dangerouslyAllowBrowser: true,
		},
	});
	model.meter = options.meter;
	return model;
}

function maxTokensOf(tokens: number | undefined): { maxTokens?: number } {
	return tokens === undefined ? {} : { maxTokens: tokens };
}
