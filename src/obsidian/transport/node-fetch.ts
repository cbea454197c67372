/**
 * A fetch for LangChain on Node's http/https (desktop only): no CORS preflight, replies stream
 * chunk by chunk (so tokens arrive as the model writes them), and AbortSignal tears the socket
 * down. The modules are required lazily, only when this fetch is created on the desktop app, so
 * main.js needs no Node built-in at load time (mobile has none).
 */
import type * as Http from "http";
import { abortError, isNullBodyStatus, requestParts } from "./request-parts";

export interface NodeHttpModules {
	http: Pick<typeof Http, "request">;
	https: Pick<typeof Http, "request">;
}

/** Obsidian desktop exposes Node's require to plugins (Electron renderer); never call on mobile. */
function requireNodeModules(): NodeHttpModules {
	const req = (window as { require?: (id: string) => unknown }).require;
	if (typeof req !== "function") throw new Error("Node's http is not available here (Redline's desktop transport needs the desktop app)");
	return { http: req("http") as NodeHttpModules["http"], https: req("https") as NodeHttpModules["https"] };
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
		const body = parts.body === undefined ? undefined : typeof parts.body === "string" ? parts.body : new Uint8Array(parts.body);
		if (body !== undefined) headers["content-length"] = String(typeof body === "string" ? new TextEncoder().encode(body).byteLength : body.byteLength);

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
						res.on("data", (chunk: Buffer) => {
							if (done) return;
							c.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
							if ((c.desiredSize ?? 1) <= 0) res.pause();
						});
						res.on("end", () => finish());
						res.on("error", (error) => finish(error));
						res.on("close", () => finish(res.complete ? undefined : new Error("The connection closed before the reply ended")));
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
				reject(signal?.aborted ? abortError(signal) : new TypeError(`fetch failed: ${error.message}`, { cause: error }));
			});
			if (body !== undefined) req.write(body);
			req.end();
		});
	};
}
