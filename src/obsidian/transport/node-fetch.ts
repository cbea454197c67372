/**
 * A fetch for LangChain on Node's http/https (desktop only): no CORS preflight, replies stream
 * chunk by chunk (so tokens arrive as the model writes them), and AbortSignal tears the socket
 * down. The modules are required lazily, only when this fetch is created on the desktop app, so
 * main.js needs no Node built-in at load time (mobile has none).
 *
 * Node's http connects directly: it ignores the system's proxy settings and certificate store.
 * A connection or TLS failure therefore says so and names the transport that uses them.
 */
import { ModelTransportError, type TransportFailure } from "../../llm/transport-error";
import { abortError, isNullBodyStatus, requestParts } from "./request-parts";

/*
 * The part of Node's http and https this transport uses, declared here rather than imported from
 * @types/node: nothing in main.js may import a Node module (it is required at run time, above),
 * and Obsidian's review lints without Node's types. test/obsidian/transport/ passes the real
 * modules, so tsc checks that they fit.
 */
export interface NodeIncomingMessage {
	statusCode?: number;
	statusMessage?: string;
	headers: Record<string, string | string[] | undefined>;
	complete: boolean;
	on(event: "data", listener: (chunk: Uint8Array) => void): unknown;
	on(event: "end" | "close", listener: () => void): unknown;
	on(event: "error", listener: (error: Error) => void): unknown;
	pause(): unknown;
	resume(): unknown;
	destroy(): unknown;
}

export interface NodeClientRequest {
	on(event: "error", listener: (error: Error & { code?: string }) => void): unknown;
	write(chunk: string | Uint8Array): unknown;
	end(): unknown;
	destroy(): unknown;
}

export interface NodeRequester {
	request(
		url: URL,
		options: { method: string; headers: Record<string, string> },
		callback: (res: NodeIncomingMessage) => void,
	): NodeClientRequest;
}

export interface NodeHttpModules {
	http: NodeRequester;
	https: NodeRequester;
}

/** Obsidian desktop exposes Node's require to plugins (Electron renderer); never call on mobile. */
function requireNodeModules(): NodeHttpModules {
	const req = (window as { require?: (id: string) => unknown }).require;
	if (typeof req !== "function")
		throw new Error("Node's http is not available here (Redline's desktop transport needs the desktop app)");
	return { http: req("http") as NodeRequester, https: req("https") as NodeRequester };
}

/**
 * Node's codes for "could not connect" (DNS, refused, unreachable, timed out). Not ECONNRESET: a
 * server that accepted and then hung up is reached, and switching transports would not help.
 */
const CONNECTION_CODES = new Set([
	"ECONNREFUSED",
	"ENOTFOUND",
	"EAI_AGAIN",
	"ETIMEDOUT",
	"EHOSTUNREACH",
	"ENETUNREACH",
	"ENETDOWN",
	"EHOSTDOWN",
	"EADDRNOTAVAIL",
	"ECONNABORTED",
]);
/** OpenSSL's certificate verdicts as Node reports them (a proxy's own certificate is the usual one). */
const CERTIFICATE_CODES = new Set([
	"DEPTH_ZERO_SELF_SIGNED_CERT",
	"SELF_SIGNED_CERT_IN_CHAIN",
	"UNABLE_TO_VERIFY_LEAF_SIGNATURE",
	"UNABLE_TO_GET_ISSUER_CERT",
	"UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
	"CERT_HAS_EXPIRED",
	"CERT_NOT_YET_VALID",
	"CERT_UNTRUSTED",
	"CERT_REVOKED",
	"CERT_SIGNATURE_FAILURE",
]);

function failureOf(code: string | undefined): TransportFailure | null {
	if (!code) return null;
	if (CONNECTION_CODES.has(code)) return "connection";
	if (CERTIFICATE_CODES.has(code) || code === "EPROTO" || code.startsWith("ERR_TLS_") || code.startsWith("ERR_SSL_"))
		return "tls";
	return null;
}

/** The error a failed request rejects with: a transport error when the connection never worked. */
export function requestError(url: URL, error: Error & { code?: string }): TypeError {
	const failure = failureOf(error.code);
	if (!failure) return new TypeError(`fetch failed: ${error.message}`, { cause: error });
	const what =
		failure === "tls"
			? `the secure connection failed (${error.code}: ${error.message})`
			: `the connection failed (${error.code})`;
	return new ModelTransportError(
		`Redline could not reach ${url.host}: ${what}. Its desktop transport connects directly, without the system's proxy settings or certificates; behind a proxy or a company certificate, set Transport (Redline settings, Connection) to "Obsidian request".`,
		failure,
		{ cause: error },
	);
}

export function createNodeFetch(modules?: NodeHttpModules): typeof fetch {
	let resolved = modules;
	return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
		resolved ??= requireNodeModules();
		const parts = await requestParts(input, init);
		const { signal } = parts;
		if (signal?.aborted) throw abortError(signal);
		const url = new URL(parts.url);
		const lib = url.protocol === "https:" ? resolved.https : url.protocol === "http:" ? resolved.http : null;
		if (!lib) throw new TypeError(`Unsupported URL protocol: ${url.protocol}`);
		// Ask for identity encoding: Node's http does not decompress for us.
		const headers: Record<string, string> = { ...parts.headers, "accept-encoding": "identity" };
		const body =
			parts.body === undefined ? undefined : typeof parts.body === "string" ? parts.body : new Uint8Array(parts.body);
		if (body !== undefined)
			headers["content-length"] = String(
				typeof body === "string" ? new TextEncoder().encode(body).byteLength : body.byteLength,
			);

		return new Promise<Response>((resolve, reject) => {
			const req = lib.request(url, { method: parts.method, headers }, (res) => {
				let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
				let done = false;
				const finish = (error?: unknown): void => {
					if (done) return;
					done = true;
					signal?.removeEventListener("abort", onAbortBody);
					if (error === undefined) controller?.close();
					else controller?.error(error);
				};
				const onAbortBody = (): void => {
					res.destroy();
					finish(abortError(signal!));
				};
				signal?.removeEventListener("abort", onAbortRequest);
				signal?.addEventListener("abort", onAbortBody, { once: true });
				const stream = new ReadableStream<Uint8Array>({
					start(c) {
						controller = c;
						res.on("data", (chunk) => {
							if (done) return;
							c.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
							if ((c.desiredSize ?? 1) <= 0) res.pause();
						});
						res.on("end", () => finish());
						res.on("error", (error) => finish(error));
						res.on("close", () =>
							finish(res.complete ? undefined : new Error("The connection closed before the reply ended")),
						);
					},
					pull() {
						res.resume();
					},
					cancel() {
						done = true;
						signal?.removeEventListener("abort", onAbortBody);
						res.destroy();
					},
				});
				const replyHeaders = new Headers();
				for (const [key, value] of Object.entries(res.headers)) {
					if (value === undefined) continue;
					for (const v of Array.isArray(value) ? value : [value]) replyHeaders.append(key, v);
				}
				const status = res.statusCode ?? 0;
				if (isNullBodyStatus(status)) {
					res.resume();
					resolve(new Response(null, { status, statusText: res.statusMessage, headers: replyHeaders }));
					return;
				}
				resolve(new Response(stream, { status, statusText: res.statusMessage, headers: replyHeaders }));
			});
			const onAbortRequest = (): void => {
				req.destroy();
				reject(abortError(signal!));
			};
			signal?.addEventListener("abort", onAbortRequest, { once: true });
			req.on("error", (error) => {
				signal?.removeEventListener("abort", onAbortRequest);
				reject(signal?.aborted ? abortError(signal) : requestError(url, error));
			});
			if (body !== undefined) req.write(body);
			req.end();
		});
	};
}
