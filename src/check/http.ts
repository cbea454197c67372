/**
 * The check's raw requests: the chat-completions route and the model list, sent through the
 * host's transport exactly as the model client sends them, but read here by status and body, so
 * a 404 on the route, a refused key and an origin refusal can be told apart.
 */
import { PING_PROMPT, PROBE_SYSTEM } from "./samples";

export type HttpResult =
	{ ok: true; status: number; text: string; ms: number } | { ok: false; error: unknown; message: string; ms: number };

export interface Transport {
	fetch: typeof fetch;
	now: () => number;
	/** Aborts every request of the check. */
	signal?: AbortSignal;
	/** Each request gives up after this long. */
	timeoutMs: number;
}

export function chatCompletionsUrl(baseUrl: string): string {
	return `${baseUrl.replace(/\/+$/u, "")}/chat/completions`;
}

export function modelsUrl(baseUrl: string): string {
	return `${baseUrl.replace(/\/+$/u, "")}/models`;
}

function headers(apiKey: string | undefined): Record<string, string> {
	return {
		"content-type": "application/json",
		accept: "application/json",
		...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
	};
}

/** One request; a transport failure (or the timeout) is a result, not a throw. */
export async function send(
	transport: Transport,
	url: string,
	init: { method: string; apiKey?: string; body?: unknown },
): Promise<HttpResult> {
	const start = transport.now();
	try {
		return await withDeadline(transport, async (signal) => {
			const response = await transport.fetch(url, {
				method: init.method,
				headers: headers(init.apiKey),
				...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
				signal,
			});
			const text = await response.text();
			return { ok: true as const, status: response.status, text, ms: transport.now() - start };
		});
	} catch (error) {
		return { ok: false, error, message: describeError(error), ms: transport.now() - start };
	}
}

/** The smallest chat request: one word back, not streamed. */
export function ping(
	transport: Transport,
	baseUrl: string,
	model: string,
	apiKey: string | undefined,
): Promise<HttpResult> {
	return send(transport, chatCompletionsUrl(baseUrl), {
		method: "POST",
		apiKey,
		body: {
			model,
			stream: false,
			messages: [
				{ role: "system", content: PROBE_SYSTEM.ping },
				{ role: "user", content: PING_PROMPT },
			],
		},
	});
}

/** The message of an error body in the shapes providers send ({error: {message}}, {error: "…"}, {message}, {detail}), else the text. */
export function errorMessageOf(text: string): string {
	try {
		const body = JSON.parse(text) as unknown;
		if (typeof body === "object" && body !== null) {
			const record = body as Record<string, unknown>;
			const error = record.error;
			if (typeof error === "string") return error;
			if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string")
				return (error as { message: string }).message;
			if (typeof record.message === "string") return record.message;
			if (typeof record.detail === "string") return record.detail;
		}
	} catch {
		// Not JSON: the text itself.
	}
	const trimmed = text.trim();
	return trimmed.length > 200 ? `${trimmed.slice(0, 197)}...` : trimmed;
}

export function describeError(error: unknown): string {
	if (error instanceof Error) {
		const cause = (error as { cause?: unknown }).cause;
		const own = error.message || error.name;
		// fetch's "fetch failed" says nothing; its cause says what failed.
		return cause instanceof Error && cause.message && !own.includes(cause.message) ? `${own} (${cause.message})` : own;
	}
	return String(error);
}

export function seconds(ms: number): string {
	return ms < 1000
		? `${(ms / 1000).toFixed(2)} s`
		: ms < 10_000
			? `${(ms / 1000).toFixed(1)} s`
			: `${Math.round(ms / 1000)} s`;
}

export function count(n: number): string {
	return n.toLocaleString("en-US");
}

/** Runs `work` with a signal that aborts at the transport's timeout or when the check is stopped. */
export async function withDeadline<T>(transport: Transport, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
	const controller = new AbortController();
	// AbortSignal.timeout, not setTimeout: the core runs in Node and in Obsidian windows alike.
	const deadline = AbortSignal.timeout(transport.timeoutMs);
	const onDeadline = (): void =>
		controller.abort(new Error(`no answer within ${Math.round(transport.timeoutMs / 1000)} s`));
	const onAbort = (): void => controller.abort(transport.signal?.reason);
	deadline.addEventListener("abort", onDeadline, { once: true });
	transport.signal?.addEventListener("abort", onAbort, { once: true });
	try {
		return await work(controller.signal);
	} finally {
		deadline.removeEventListener("abort", onDeadline);
		transport.signal?.removeEventListener("abort", onAbort);
	}
}
