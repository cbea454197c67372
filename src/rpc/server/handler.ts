/**
 * The HTTP face of a ThreadService, mountable next to other routes (the sandbox serves its page
 * beside it): POST /v1/rpc (JSON-RPC 2.0) and GET /v1/threads/{id}/events (SSE).
 *
 * Every request must carry the per-run token (Authorization: Bearer, or ?token= because an
 * EventSource cannot set headers) and must not come from a foreign page: a browser always sends
 * Origin on cross-origin requests, so an Origin other than our own (or an allowed one) is a page
 * elsewhere trying to drive the agent, and is refused before anything runs.
 */
import { Buffer } from "node:buffer";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ThreadService } from "../../thread/service-api";
import { originAllowed, tokenMatches } from "./access";
import { handleRpcBody } from "./json-rpc";
import { sendJson, serveEvents } from "./sse";

export interface RpcHandlerOptions {
	token: string;
	allowedOrigins?: string[];
}

export type RpcHandler = ((req: IncomingMessage, res: ServerResponse) => boolean) & {
	/** Ends every open event stream (clients reconnect with Last-Event-ID). */
	closeStreams(): void;
};

const MAX_BODY_BYTES = 1_000_000;
const EVENTS_PATH = /^\/v1\/threads\/([^/]+)\/events$/;

export function createRpcHandler(service: ThreadService, options: RpcHandlerOptions): RpcHandler {
	if (typeof options.token !== "string" || options.token === "") throw new Error("createRpcHandler: an access token is required");
	const streams = new Set<ServerResponse>();

	const handler = (req: IncomingMessage, res: ServerResponse): boolean => {
		const url = new URL(req.url ?? "/", "http://127.0.0.1");
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
			res.writeHead(204, { "Access-Control-Allow-Methods": "GET, POST", "Access-Control-Allow-Headers": "Authorization, Content-Type, Last-Event-ID", "Access-Control-Max-Age": "600" });
			res.end();
			return true;
		}
		if (!tokenMatches(req, url, options.token)) {
			sendJson(res, 401, { error: { code: "unauthorized", message: "Missing or wrong access token" } });
			return true;
		}
		if (isRpc) {
			if (req.method !== "POST") sendJson(res, 405, { error: { code: "method_not_allowed", message: "Use POST" } });
			else void handleRpc(service, req, res);
			return true;
		}
		if (req.method !== "GET") {
			sendJson(res, 405, { error: { code: "method_not_allowed", message: "Use GET" } });
			return true;
		}
		serveEvents(service, decodeURIComponent(events?.[1] ?? ""), req, res, url, streams);
		return true;
	};
	return Object.assign(handler, {
		closeStreams(): void {
			for (const res of [...streams]) res.destroy();
			streams.clear();
		},
	});
}

async function handleRpc(service: ThreadService, req: IncomingMessage, res: ServerResponse): Promise<void> {
	let body = "";
	let size = 0;
	try {
		for await (const chunk of req) {
			size += (chunk as Buffer).length;
			if (size > MAX_BODY_BYTES) {
				sendJson(res, 413, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid request: body too large" } });
				req.destroy();
				return;
			}
			body += (chunk as Buffer).toString("utf8");
		}
	} catch {
		return; // the client went away
	}
	const answer = await handleRpcBody(service, body);
	if (answer === null) {
		res.writeHead(204);
		res.end();
	} else {
		sendJson(res, 200, answer);
	}
}
