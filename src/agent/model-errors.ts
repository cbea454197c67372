/**
 * What a failed model call means for the loop: retry after a wait (429/5xx), retry once (the
 * stream dropped), compact and retry once (the request was longer than the model's context),
 * stop (the user aborted), or give up with a message the user can act on.
 */
import { MissingApiKeyError, ModelConfigError } from "../llm/chat-model";
import { findTransportError } from "../llm/transport-error";
import { contextOverflowOf } from "./context-errors";
import { ModelOutputTooLong } from "./output-caps";
import type { ContextOverflow } from "./context-errors";

export type ModelFailure =
	| { kind: "aborted" }
	| { kind: "http"; status: number; retryable: boolean; retryAfterMs?: number; message: string }
	| { kind: "dropped"; message: string }
	| { kind: "context"; overflow: ContextOverflow; message: string }
	| { kind: "config"; message: string }
	/** The reply or a call's arguments grew past its cap (model-step.ts): stopped, not retried. */
	| { kind: "too-long"; message: string };

/** Retry-After is honoured up to this; a longer wait is reported rather than slept through. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * `endpoint`: the base URL the request went to, named when the model could not be reached at all
 * ("Couldn't reach http://127.0.0.1:1234/v1 (connection refused)").
 */
export function classifyModelError(error: unknown, signal: AbortSignal, endpoint?: string): ModelFailure {
	if (signal.aborted) return { kind: "aborted" };
	if (error instanceof MissingApiKeyError || error instanceof ModelConfigError)
		return { kind: "config", message: error.message };
	if (error instanceof ModelOutputTooLong) return { kind: "too-long", message: error.message };
	// Before the status: @langchain/openai re-throws this refusal without one.
	const overflow = contextOverflowOf(error);
	if (overflow)
		return {
			kind: "context",
			overflow,
			message: `The request was longer than the model's context window (${overflow.detail}).`,
		};
	// @langchain/openai re-throws some HTTP errors wrapped, with the SDK's error as their cause.
	const http =
		statusOf(error) === undefined && statusOf((error as { cause?: unknown } | null)?.cause) !== undefined
			? (error as { cause: unknown }).cause
			: error;
	const status = statusOf(http);
	const detail = messageOf(error);
	if (status !== undefined) {
		const retryable = status === 429 || status === 408 || status >= 500;
		const retryAfterMs = retryAfterOf(http);
		return {
			kind: "http",
			status,
			retryable,
			message: httpMessage(status, detail),
			...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
		};
	}
	// No HTTP status: the connection failed or the stream was cut (fetch "terminated",
	// "Connection error.", a premature close). All of those are worth one more try.
	// A transport that knows why it could not connect says so in words the user can act on.
	const transport = findTransportError(error);
	if (transport) return { kind: "dropped", message: transport.message };
	const unreachable = unreachableCause(error);
	if (unreachable !== undefined)
		return { kind: "dropped", message: `Couldn't reach ${endpoint ?? "the model server"} (${unreachable}).` };
	return { kind: "dropped", message: `The connection to the model was lost (${detail}).` };
}

/** What Node's and the browser's fetch report when a request never got an answer, in words. */
const CONNECT_CODES: Record<string, string> = {
	ECONNREFUSED: "connection refused",
	ENOTFOUND: "no such host",
	EAI_AGAIN: "the host name could not be looked up",
	EHOSTUNREACH: "host unreachable",
	ENETUNREACH: "network unreachable",
	ETIMEDOUT: "the connection timed out",
	UND_ERR_CONNECT_TIMEOUT: "the connection timed out",
	ECONNRESET: "the connection was reset",
};

/**
 * Why the request never reached the model, when the OpenAI client says so: its "Connection
 * error." (APIConnectionError: fetch itself failed, so nothing was answered) or its timeout
 * before an answer, with the cause the fetch gave (a code in words, else its message). Undefined
 * for anything else, such as a stream cut after it started.
 */
function unreachableCause(error: unknown): string | undefined {
	const chain = causes(error);
	const timedOut = chain.some((e) => e.name === "APIConnectionTimeoutError" || e.message === "Request timed out.");
	const connection = chain.some((e) => e.name === "APIConnectionError" || e.message === "Connection error.");
	if (!timedOut && !connection) return undefined;
	if (timedOut) return "no answer before the timeout";
	for (const e of chain.slice().reverse()) {
		const code = (e as { code?: unknown }).code;
		if (typeof code === "string" && CONNECT_CODES[code]) return CONNECT_CODES[code];
	}
	const innermost = chain[chain.length - 1];
	return innermost && innermost !== chain[0] ? innermost.message : "the request failed";
}

/** The error and its causes, outermost first (a cycle or a non-Error ends the walk). */
function causes(error: unknown): Error[] {
	const chain: Error[] = [];
	for (let current = error; current instanceof Error && !chain.includes(current); current = current.cause)
		chain.push(current);
	return chain;
}

function httpMessage(status: number, detail: string): string {
	if (status === 401 || status === 403)
		return `The model server refused the API key (${status}: ${detail}). Check it in Redline settings.`;
	if (status === 404)
		return `The model server does not know this model or URL (404: ${detail}). Check the model settings.`;
	if (status === 429) return `The model server is rate limiting requests (429: ${detail}).`;
	if (status >= 500) return `The model server failed (${status}: ${detail}).`;
	return `The model server rejected the request (${status}: ${detail}).`;
}

function statusOf(error: unknown): number | undefined {
	if (typeof error !== "object" || error === null) return undefined;
	const status = (error as { status?: unknown }).status;
	return typeof status === "number" && status >= 100 ? status : undefined;
}

/**
 * The error's own message, without the status it starts with and without the "Troubleshooting
 * URL: …" LangChain appends (a page about LangChain, not about the user's model server).
 */
function messageOf(error: unknown): string {
	if (error instanceof Error)
		return (
			error.message
				.replace(/\s*Troubleshooting URL: \S+\s*$/, "")
				.replace(/^\d{3}\s+/, "")
				.trim() || error.name
		);
	return String(error);
}

/** Retry-After (seconds or an HTTP date) or retry-after-ms, from a Headers object or a record. */
export function retryAfterOf(error: unknown): number | undefined {
	if (typeof error !== "object" || error === null) return undefined;
	const headers = (error as { headers?: unknown }).headers;
	const get = (name: string): string | undefined => {
		if (headers instanceof Headers) return headers.get(name) ?? undefined;
		if (typeof headers === "object" && headers !== null) {
			const value = (headers as Record<string, unknown>)[name];
			return typeof value === "string" ? value : undefined;
		}
		return undefined;
	};
	const ms = Number(get("retry-after-ms"));
	if (get("retry-after-ms") !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
	const raw = get("retry-after");
	if (raw === undefined) return undefined;
	const seconds = Number(raw);
	if (raw.trim() !== "" && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
	const date = Date.parse(raw);
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
