/**
 * JSON-RPC 2.0 over the ThreadService: protocol errors (parse, invalid request, unknown method,
 * params that are not an object) are JSON-RPC errors; domain errors stay `{ ok: false }` results.
 *
 * A batch holds at most MAX_BATCH requests and runs them one after the other, in the order sent:
 * `[delete, rename]` must not rename a thread that the same batch deleted, and a client must not
 * be able to start a thousand service calls with one body.
 */
import { RPC_METHODS, type RpcMethod, type ThreadService } from "../../thread/service-api";

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

/** The most requests one batch may hold (documented in docs/protocol.md). */
export const MAX_BATCH = 50;

type Id = string | number | null;

export interface RpcBodyOptions {
	/** Where an unexpected failure of a method is reported; the client gets only "internal error". */
	onError?: (error: unknown) => void;
}

export interface RpcResponse {
	jsonrpc: "2.0";
	id: Id;
	result?: unknown;
	error?: { code: number; message: string };
}

function failure(id: Id, code: number, message: string): RpcResponse {
	return { jsonrpc: "2.0", id, error: { code, message } };
}

/** The response body for a raw request body, or null when nothing is to be sent (notifications). */
export async function handleRpcBody(
	service: ThreadService,
	body: string,
	options: RpcBodyOptions = {},
): Promise<RpcResponse | RpcResponse[] | null> {
	let parsed: unknown;
	try {
		parsed = JSON.parse(body);
	} catch {
		return failure(null, PARSE_ERROR, "Parse error: the body is not JSON");
	}
	if (Array.isArray(parsed)) {
		if (parsed.length === 0) return failure(null, INVALID_REQUEST, "Invalid request: empty batch");
		if (parsed.length > MAX_BATCH)
			return failure(
				null,
				INVALID_REQUEST,
				`Invalid request: a batch holds at most ${MAX_BATCH} requests, this one has ${parsed.length}`,
			);
		const sent: RpcResponse[] = [];
		for (const request of parsed as unknown[]) {
			const answer = await handleOne(service, request, options);
			if (answer !== null) sent.push(answer);
		}
		return sent.length > 0 ? sent : null;
	}
	return handleOne(service, parsed, options);
}

async function handleOne(
	service: ThreadService,
	request: unknown,
	options: RpcBodyOptions,
): Promise<RpcResponse | null> {
	if (typeof request !== "object" || request === null || Array.isArray(request)) {
		return failure(null, INVALID_REQUEST, "Invalid request: not an object");
	}
	const r = request as Record<string, unknown>;
	const hasId = "id" in r;
	const idOk =
		!hasId || r.id === null || typeof r.id === "string" || (typeof r.id === "number" && Number.isFinite(r.id));
	const id: Id = hasId && idOk ? (r.id as Id) : null;
	if (r.jsonrpc !== "2.0" || typeof r.method !== "string" || !idOk) {
		return failure(
			id,
			INVALID_REQUEST,
			'Invalid request: needs jsonrpc "2.0", a method name and a string or number id',
		);
	}
	const answer = (response: RpcResponse): RpcResponse | null => (hasId ? response : null);
	if (!Object.prototype.hasOwnProperty.call(RPC_METHODS, r.method)) {
		return answer(failure(id, METHOD_NOT_FOUND, `Method not found: ${r.method}`));
	}
	const params = r.params ?? {};
	if (typeof params !== "object" || params === null || Array.isArray(params)) {
		return answer(failure(id, INVALID_PARAMS, "Invalid params: pass one object of named parameters"));
	}
	const name = RPC_METHODS[r.method as RpcMethod];
	try {
		const methods = service as unknown as Record<string, (this: ThreadService, p: unknown) => Promise<unknown>>;
		const result = await methods[name]?.call(service, params);
		return answer({ jsonrpc: "2.0", id, result });
	} catch (error) {
		// The exception's own text may name files and internals: it goes to the server's log.
		options.onError?.(error);
		return answer(failure(id, INTERNAL_ERROR, `Internal error: ${r.method} failed on the server`));
	}
}
