/**
 * Every request to a Redline server passes here before any route sees it: HTTP that does not parse,
 * a Host that is not this server's loopback name, and a target that is no URL or has broken
 * percent-encoding are answered with a plain 4xx, and a route that throws or rejects gets a plain
 * 500 without the exception's text. Nothing a client sends can end the process.
 *
 * Every answer carries SECURITY_HEADERS (responses.ts). Routes get the parsed URL, so no route
 * parses the target again.
 */
import { hostRefusal } from "./access";
import { parseTarget, wellEncoded } from "./request-target";
import { SECURITY_HEADERS, sendPlain } from "./responses";
import {
	STATUS_CODES,
	createServer,
	type IncomingMessage,
	type NodeError,
	type Server,
	type ServerResponse,
	type Socket,
} from "../../node/http";
import { process } from "../../node/process";
import { Buffer } from "../../node/buffer";

/** Answers the request and returns true, or returns false to let the next route try. */
export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

export interface FrontDoorOptions {
	/** Where a route's unexpected failure is reported (the client only hears "internal error"). */
	onError?: (error: unknown) => void;
}

export function reportToStderr(error: unknown): void {
	const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
	process.stderr.write(`Redline server: a request failed: ${detail}\n`);
}

export function frontDoor(
	routes: readonly Route[],
	options: FrontDoorOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
	const onError = options.onError ?? reportToStderr;
	const failed =
		(res: ServerResponse) =>
		(error: unknown): void => {
			onError(error);
			sendPlain(res, 500, "Internal error: the server could not answer this request");
		};
	return (req, res) => {
		for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
		try {
			const url = parseTarget(req.url);
			const refused = hostRefusal(req, url);
			if (refused) return sendPlain(res, refused.status, refused.message);
			if (url === null) return sendPlain(res, 400, "Bad request: the request target is not a valid path");
			if (!wellEncoded(url)) return sendPlain(res, 400, "Bad request: the request target has broken percent-encoding");
			void route(routes, req, res, url).catch(failed(res));
		} catch (error) {
			failed(res)(error);
		}
	};
}

async function route(routes: readonly Route[], req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
	for (const candidate of routes) if (await candidate(req, res, url)) return;
	sendPlain(res, 404, "Not found");
}

/** An HTTP server that answers through the front door, also to requests Node cannot parse. */
export function createGuardedServer(routes: readonly Route[], options: FrontDoorOptions = {}): Server {
	const server = createServer(frontDoor(routes, options));
	server.on("clientError", answerUnparsable);
	return server;
}

/** Node's parser refused the request (bad request line, bad header, oversized head). */
function answerUnparsable(error: NodeError, socket: Socket): void {
	// Something already went out on this connection (a response, an event stream): an answer now
	// would land inside it, so the connection just ends, as Node itself does.
	if (error.code === "ECONNRESET" || !socket.writable || socket.bytesWritten > 0) {
		socket.destroy();
		return;
	}
	const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
	const message =
		status === 431
			? "Request headers too large"
			: status === 408
				? "Request timeout"
				: "Bad request: this is not an HTTP/1.1 request the server can read";
	const body = `${message}\n`;
	socket.end(
		`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
	);
}
