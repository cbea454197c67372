/**
 * A fetch on Obsidian's requestUrl (works on mobile, no CORS): the whole reply arrives at once,
 * so a streamed (SSE) reply is delivered in one piece and still parses. Abort rejects at once;
 * requestUrl itself cannot be cancelled, so its late reply is dropped.
 */
import { requestUrl } from "obsidian";
import { abortError, isNullBodyStatus, requestParts } from "./request-parts";

export function createRequestUrlFetch(): typeof fetch {
	return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
		const parts = await requestParts(input, init);
		const { signal } = parts;
		if (signal?.aborted) throw abortError(signal);
		const contentType = parts.headers["content-type"];
		const reply = requestUrl({
			url: parts.url,
			method: parts.method,
			headers: parts.headers,
			body: parts.body,
			contentType,
			throw: false,
		});
		let onAbort: (() => void) | undefined;
		const aborted = new Promise<never>((_, reject) => {
			onAbort = () => reject(abortError(signal!));
			signal?.addEventListener("abort", onAbort, { once: true });
		});
		try {
			const response = await Promise.race([reply, aborted]);
			const body = isNullBodyStatus(response.status) ? null : response.arrayBuffer;
			return new Response(body, { status: response.status, headers: response.headers });
		} finally {
			if (onAbort) signal?.removeEventListener("abort", onAbort);
		}
	};
}
