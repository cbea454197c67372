/**
 * HTTP by hand over a real socket, for requests that fetch refuses to send (a request line that is
 * not a URL, a foreign Host header, a body split at a chosen byte) and for reading a server's
 * answer exactly as it went over the wire.
 */
import { Buffer, type NodeBuffer } from "../../src/node/buffer";
import { net, type Socket } from "../../src/node/http";
import { setTimeout, clearTimeout } from "../../src/node/timers";

export interface RawResponse {
	status: number;
	/** Header names in lower case. */
	headers: Record<string, string>;
	body: string;
}

export interface RawRequestOptions {
	/** Pause between the parts of the request, so that the server reads each part on its own. */
	gapMs?: number;
	timeoutMs?: number;
	/** The request was HEAD: the answer has a head only, whatever its Content-Length says. */
	headOnly?: boolean;
}

/** Opens a socket to 127.0.0.1:port; the caller destroys it. */
export function openSocket(port: number): Promise<Socket> {
	return new Promise((resolve, reject) => {
		const socket = net.connect({ host: "127.0.0.1", port, noDelay: true }, () => resolve(socket));
		socket.once("error", reject);
	});
}

/**
 * Sends the parts one after the other and resolves with the response: its head, and the body
 * when it has a length, is chunked or ends with the connection (an event stream resolves after
 * its head). Rejects when the server closes the connection without answering.
 */
export async function rawRequest(
	port: number,
	parts: string | NodeBuffer | ReadonlyArray<string | NodeBuffer>,
	options: RawRequestOptions = {},
): Promise<RawResponse> {
	const socket = await openSocket(port);
	try {
		const answer = readResponse(socket, options.timeoutMs ?? 15_000, options.headOnly ?? false);
		const list = typeof parts === "string" || Buffer.isBuffer(parts) ? [parts] : parts;
		for (const [i, part] of list.entries()) {
			if (i > 0 && options.gapMs) await new Promise((resolve) => setTimeout(resolve, options.gapMs));
			if (socket.destroyed) break;
			socket.write(part);
		}
		return await answer;
	} finally {
		socket.destroy();
	}
}

/** Reads one response from a socket (see rawRequest). */
export function readResponse(socket: Socket, timeoutMs = 15_000, headOnly = false): Promise<RawResponse> {
	return new Promise((resolve, reject) => {
		let received = Buffer.alloc(0);
		let head: { status: number; headers: Record<string, string>; bodyStart: number } | null = null;
		const timer = setTimeout(
			() =>
				finish(
					new Error(
						`no complete response within ${timeoutMs} ms: ${JSON.stringify(received.toString("latin1").slice(0, 200))}`,
					),
				),
			timeoutMs,
		);
		const finish = (error: Error | null, response?: RawResponse): void => {
			clearTimeout(timer);
			socket.off("data", onData);
			socket.off("close", onClose);
			socket.off("error", onError);
			if (error) reject(error);
			else if (response) resolve(response);
		};
		const tryComplete = (ended: boolean): void => {
			if (!head) {
				const end = received.indexOf("\r\n\r\n");
				if (end < 0) {
					if (ended)
						finish(
							new Error(`the connection closed without a response: ${JSON.stringify(received.toString("latin1"))}`),
						);
					return;
				}
				head = parseHead(received.subarray(0, end).toString("latin1"), end + 4);
			}
			const rest = received.subarray(head.bodyStart);
			const { status, headers } = head;
			const done = (body: NodeBuffer): void => finish(null, { status, headers, body: body.toString("utf8") });
			if (headOnly || (headers["content-type"] ?? "").startsWith("text/event-stream")) return done(rest);
			if (headers["content-length"] !== undefined) {
				const length = Number(headers["content-length"]);
				if (rest.length >= length) return done(rest.subarray(0, length));
			} else if ((headers["transfer-encoding"] ?? "").includes("chunked")) {
				const body = dechunk(rest);
				if (body) return done(body);
			} else if (status === 204 || status === 304) {
				return done(Buffer.alloc(0));
			}
			if (ended) done(rest);
		};
		const onData = (chunk: NodeBuffer): void => {
			received = Buffer.concat([received, chunk]);
			tryComplete(false);
		};
		const onClose = (): void => tryComplete(true);
		const onError = (): void => tryComplete(true);
		socket.on("data", onData);
		socket.on("close", onClose);
		socket.on("error", onError);
	});
}

function parseHead(
	text: string,
	bodyStart: number,
): { status: number; headers: Record<string, string>; bodyStart: number } {
	const [statusLine = "", ...lines] = text.split("\r\n");
	const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
	const headers: Record<string, string> = {};
	for (const line of lines) {
		const colon = line.indexOf(":");
		if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
	}
	return { status, headers, bodyStart };
}

/** The body of a complete chunked encoding, or null while chunks are still coming. */
function dechunk(data: NodeBuffer): NodeBuffer | null {
	const parts: NodeBuffer[] = [];
	let at = 0;
	for (;;) {
		const lineEnd = data.indexOf("\r\n", at);
		if (lineEnd < 0) return null;
		const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
		if (!Number.isFinite(size)) return null;
		if (size === 0) return Buffer.concat(parts);
		if (data.length < lineEnd + 2 + size + 2) return null;
		parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
		at = lineEnd + 2 + size + 2;
	}
}

/** A request's text: the request line, headers (Host first unless given) and an optional body. */
export function requestText(
	requestLine: string,
	headers: Record<string, string>,
	body: string | NodeBuffer = "",
): NodeBuffer {
	const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
	const lines = [requestLine, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
	if (bytes.length > 0 && !Object.keys(headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name)))
		lines.push(`Content-Length: ${bytes.length}`);
	return Buffer.concat([Buffer.from(lines.join("\r\n") + "\r\n\r\n", "latin1"), bytes]);
}

export function portOf(url: string): number {
	return Number(new URL(url).port);
}

export interface SseBlock {
	id?: string;
	event?: string;
	data: string;
}

/**
 * The complete SSE blocks in what a socket received: the HTTP head is skipped, chunked framing
 * removed (a cut-off last chunk counts as far as it got), and a block cut off before its blank
 * line is left out, as an EventSource leaves it out.
 */
export function sseBlocks(received: NodeBuffer): SseBlock[] {
	const headEnd = received.indexOf("\r\n\r\n");
	if (headEnd < 0) return [];
	const head = received.subarray(0, headEnd).toString("latin1");
	let body = received.subarray(headEnd + 4);
	if (/transfer-encoding:\s*chunked/i.test(head)) {
		const parts: NodeBuffer[] = [];
		let at = 0;
		while (at < body.length) {
			const lineEnd = body.indexOf("\r\n", at);
			if (lineEnd < 0) break;
			const size = parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
			if (!Number.isFinite(size) || size === 0) break;
			parts.push(body.subarray(lineEnd + 2, Math.min(body.length, lineEnd + 2 + size)));
			at = lineEnd + 2 + size + 2;
		}
		body = Buffer.concat(parts);
	}
	const text = body.toString("utf8");
	const complete = text.slice(0, text.lastIndexOf("\n\n") + 2);
	const blocks: SseBlock[] = [];
	for (const raw of complete.split("\n\n")) {
		const block: SseBlock = { data: "" };
		let fields = 0;
		for (const line of raw.split("\n")) {
			const colon = line.indexOf(":");
			if (colon <= 0) continue;
			const name = line.slice(0, colon);
			const value = line.slice(colon + 1).replace(/^ /, "");
			if (name === "id") block.id = value;
			else if (name === "event") block.event = value;
			else if (name === "data") block.data = value;
			else continue;
			fields++;
		}
		if (fields > 0) blocks.push(block);
	}
	return blocks;
}
