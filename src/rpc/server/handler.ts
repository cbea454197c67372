/**
 * The HTTP face of a ThreadService, a route for the front door (the sandbox serves its page beside
 * it): POST /v1/rpc (JSON-RPC 2.0) and GET /v1/threads/{id}/events (SSE).
 *
 * Every request must carry the per-run token (Authorization: Bearer, or ?token= because an
 * EventSource cannot set headers) and must not come from a foreign page: a browser always sends
 * Origin on cross-origin requests, so an Origin other than our own (or an allowed one) is a page
 * elsewhere trying to drive the agent, and is refused before anything runs. The Host rule and the
 * request target were checked by the front door already.
 */
import type { ThreadService } from "../../thread/service-api";
import { originAllowed, tokenMatches } from "./access";
import { reportToStderr, type Route } from "./front-door";
import { handleRpcBody, INVALID_REQUEST, PARSE_ERROR } from "./json-rpc";
import { readTextBody } from "./request-body";
import { decodeComponent } from "./request-target";
import { sendJson, sendPlain } from "./responses";
import { serveEvents, type EventStreamOptions } from "./sse";
import type { IncomingMessage, ServerResponse } from "../../node/http";

export interface RpcHandlerOptions {
	token: string;
	allowedOrigins?: string[];
	/** How far a stalled event stream may fall behind before it is dropped (see sse.ts). */
	events?: EventStreamOptions;
	onError?: (error: unknown) => void;
}

export type RpcHandler = Route & {
	/** Ends every open event stream (clients reconnect with Last-Event-ID). */
	closeStreams(): void;
};

/** The largest JSON-RPC body accepted (documented in docs/protocol.md). */
export const MAX_BODY_BYTES = 1_000_000;
const EVENTS_PATH = /^\/v1\/threads\/([^/]+)\/events$/;

export function createRpcHandler(service: ThreadService, options: RpcHandlerOptions): RpcHandler {
	if (typeof options.token !== "string" || options.token === "")
		throw new Error("createRpcHandler: an access token is required");
	const streams = new Set<ServerResponse>();
	const onError = options.onError ?? reportToStderr;

	const handler = (req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
		const isRpc = url.pathname === "/v1/rpc";
		const events = EVENTS_PATH.exec(url.pathname);
		if (!isRpc && !events) return false;

		const origin = req.headers.origin;
		if (origin !== undefined && !originAllowed(origin, req, options.allowedOrigins ?? [])) {
			sendJson(res, 403, { error: { code: "forbidden", message: `Origin ${origin} may not use this server` } });
			return true;
		}
		if (origin !== undefined) {
			res.setHeader("Access-Control-Allow-Origin", origin);
			res.setHeader("Vary", "Origin");
		}
		if (req.method === "OPTIONS") {
			res.writeHead(204, {
				"Access-Control-Allow-Methods": "GET, POST",
				"Access-Control-Allow-Headers": "Authorization, Content-Type, Last-Event-ID",
				"Access-Control-Max-Age": "600",
			});
			res.end();
			return true;
		}
		if (!tokenMatches(req, url, options.token)) {
			sendJson(res, 401, { error: { code: "unauthorized", message: "Missing or wrong access token" } });
			return true;
		}
		if (isRpc) {
			if (req.method !== "POST") sendJson(res, 405, { error: { code: "method_not_allowed", message: "Use POST" } });
			else
				void handleRpc(service, req, res, onError).catch((error: unknown) => {
					onError(error);
					sendPlain(res, 500, "Internal error: the server could not answer this request");
				});
			return true;
		}
		if (req.method !== "GET") {
			sendJson(res, 405, { error: { code: "method_not_allowed", message: "Use GET" } });
			return true;
		}
		const threadId = decodeComponent(events?.[1] ?? "");
		if (threadId === null) {
			sendPlain(res, 400, "Bad request: the thread id in the path has broken percent-encoding");
			return true;
		}
		const nonce = resumePoint(req, url);
		if (nonce === null) {
			sendJson(res, 400, {
				error: { code: "bad_params", message: "nonce (or Last-Event-ID) must be a non-negative integer" },
			});
			return true;
		}
		const from = url.searchParams.get("from");
		if (from !== null && from !== "snapshot" && from !== "history") {
			sendJson(res, 400, { error: { code: "bad_params", message: 'from must be "snapshot" or "history"' } });
			return true;
		}
		serveEvents(service, threadId, nonce, res, streams, options.events, from === "snapshot" ? "snapshot" : "history");
		return true;
	};
	return Object.assign(handler, {
		closeStreams(): void {
			for (const res of [...streams]) res.destroy();
			streams.clear();
		},
	});
}

/** Last-Event-ID (an EventSource resuming by itself) takes precedence over ?nonce. */
function resumePoint(req: IncomingMessage, url: URL): number | null {
	const lastEventId = req.headers["last-event-id"];
	const raw =
		typeof lastEventId === "string" && lastEventId !== "" ? lastEventId : (url.searchParams.get("nonce") ?? "0");
	const nonce = /^\d+$/.test(raw) ? Number(raw) : NaN;
	return Number.isSafeInteger(nonce) ? nonce : null;
}

async function handleRpc(
	service: ThreadService,
	req: IncomingMessage,
	res: ServerResponse,
	onError: (error: unknown) => void,
): Promise<void> {
	const body = await readTextBody(req, MAX_BODY_BYTES);
	if (!body.ok) {
		if (body.reason === "aborted") return;
		if (body.reason === "too-large")
			sendJson(
				res,
				413,
				{ jsonrpc: "2.0", id: null, error: { code: INVALID_REQUEST, message: `Invalid request: ${body.message}` } },
				{ Connection: "close" },
			);
		else
			sendJson(res, 200, {
				jsonrpc: "2.0",
				id: null,
				error: { code: PARSE_ERROR, message: `Parse error: ${body.message}` },
			});
		return;
	}
	const answer = await handleRpcBody(service, body.text, { onError });
	if (answer === null) {
		res.writeHead(204);
		res.end();
	} else {
		sendJson(res, 200, answer);
	}
}
