/** Takes a fetch call's arguments apart (URL, method, headers, body, signal) for our transports. */
export interface RequestParts {
	url: string;
	method: string;
	headers: Record<string, string>;
	body: string | ArrayBuffer | undefined;
	signal: AbortSignal | undefined;
}

export async function requestParts(input: RequestInfo | URL, init: RequestInit = {}): Promise<RequestParts> {
	const request = typeof input === "string" || input instanceof URL ? null : input;
	const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
	const headers: Record<string, string> = {};
	new Headers(init.headers ?? request?.headers).forEach((value, key) => (headers[key] = value));
	let body: string | ArrayBuffer | undefined;
	const raw = init.body ?? null;
	if (typeof raw === "string") body = raw;
	else if (raw instanceof ArrayBuffer) body = raw;
	else if (ArrayBuffer.isView(raw)) body = raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength);
	else if (raw instanceof URLSearchParams) body = raw.toString();
	else if (raw !== null) body = await new Response(raw).arrayBuffer();
	else if (request?.body) body = await request.arrayBuffer();
	return {
		url,
		method: (init.method ?? request?.method ?? "GET").toUpperCase(),
		headers,
		body,
		signal: init.signal ?? request?.signal ?? undefined,
	};
}

/** The error fetch rejects with when its signal aborts. */
export function abortError(signal: AbortSignal): Error {
	const reason: unknown = signal.reason;
	if (reason instanceof Error) return reason;
	return new DOMException("The operation was aborted.", "AbortError");
}

/** Statuses whose Response must have no body. */
export function isNullBodyStatus(status: number): boolean {
	return status === 101 || status === 204 || status === 205 || status === 304;
}
