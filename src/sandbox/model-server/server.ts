/**
 * The scripted model server: a real node:http server speaking the OpenAI chat-completions
 * protocol, so the real clients (openai SDK, @langchain/openai ChatOpenAI) run unmodified against
 * it in tests, benchmarks and the offline sandbox. A script decides every reply; the server
 * records every request, paces streams like a real model and plays the faults a script asks for.
 *
 * Routes: POST /v1/chat/completions (streaming SSE and non-streaming), GET /v1/models; anything
 * else (a base URL without /v1 or with it twice) is a 404 with an OpenAI-style error body. A
 * server may require a key (401) or refuse foreign origins (403), as real ones do (types.ts). Streams are framed as `data: <json>\n\n` and end
 * with `data: [DONE]\n\n`; see wire.ts for the chunk shapes.
 */
import { contextRefusal, requestSize, type ContextLimit } from "./context-limit";
import { parseBody, readBody } from "./request";
import { callsAsText, toolsRefusedBody } from "./text-calls";
import { ReasoningLedger } from "./thinking-mode";
import { validateReply } from "./validate";
import { shapedUsage } from "./usage-shape";
import { completion, errorBody, resolveReply, streamChunks, type ReplyIdentity } from "./wire";
import type { ModelScript, ModelServer, ModelServerOptions, RecordedRequest, ScriptedReply } from "./types";
import { Buffer } from "../../node/buffer";
import { createServer, type AddressInfo, type IncomingMessage, type ServerResponse } from "../../node/http";
import { setTimeout, clearTimeout } from "../../node/timers";

export async function startModelServer(options: ModelServerOptions): Promise<ModelServer> {
	const host = options.host ?? "127.0.0.1";
	if (host !== "127.0.0.1")
		throw new Error(`startModelServer: host must be "127.0.0.1" (loopback only), got ${JSON.stringify(host)}`);
	if (typeof options.script !== "function")
		throw new Error("startModelServer: options.script must be a function (see scripted())");
	const models = options.models ?? ["scripted"];
	const density = options.charsPerToken;
	if (density !== undefined && !(density > 0 && Number.isFinite(density)))
		throw new Error(`startModelServer: charsPerToken must be a positive number, got ${String(density)}`);
	const requests: RecordedRequest[] = [];
	let script: ModelScript = options.script;
	let contextLimit: ContextLimit | null = checkedLimit(options.contextLimit ?? null);
	let callIndex = 0;
	let replyCount = 0;
	const ledger = options.thinkingMode === "deepseek" ? new ReasoningLedger() : undefined;
	const waiters = new Set<{ count: number; resolve: (r: RecordedRequest[]) => void; reject: (e: Error) => void }>();
	const notifyWaiters = (): void => {
		for (const waiter of waiters) {
			if (requests.length >= waiter.count) {
				waiters.delete(waiter);
				waiter.resolve(requests);
			}
		}
	};

	const server = createServer((req, res) => {
		void route(req, res).catch((error: unknown) => {
			// Last resort: a bug here must not leave the client hanging.
			if (!res.headersSent) sendJson(res, 500, errorBody(500, `model server: ${describe(error)}`));
			else res.destroy();
		});
	});

	async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const path = new URL(req.url ?? "/", "http://localhost").pathname.replace(/\/+$/u, "");
		const origin = req.headers.origin;
		if (options.allowedOrigins && origin !== undefined && !options.allowedOrigins.includes(origin)) {
			req.resume();
			res.writeHead(403, { "content-length": 0 });
			res.end();
			return;
		}
		if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
			req.resume();
			// Several proxies quote the key they refused, whole: `refusalQuotesKey` plays one.
			const sent = String(req.headers.authorization ?? "").replace(/^Bearer /u, "");
			const provided = options.refusalQuotesKey
				? `Incorrect API key provided: ${sent}.`
				: "Incorrect API key provided.";
			sendJson(
				res,
				401,
				errorBody(401, `${provided} You can find your API key in your account settings.`, "invalid_api_key"),
			);
			return;
		}
		if (req.method === "GET" && path === "/v1/models") {
			const created = Math.floor(Date.now() / 1000);
			sendJson(res, 200, {
				object: "list",
				data: models.map((entry) => ({
					...(typeof entry === "string" ? { id: entry } : entry),
					object: "model",
					created,
					owned_by: "redline",
				})),
			});
			return;
		}
		if (req.method === "POST" && path === "/v1/chat/completions") {
			await chat(req, res);
			return;
		}
		req.resume();
		sendJson(
			res,
			404,
			errorBody(
				404,
				`Unknown route: ${req.method ?? "?"} ${path || "/"}. This server answers POST /v1/chat/completions and GET /v1/models.`,
				"unknown_url",
			),
		);
	}

	async function chat(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const parsed = parseBody(await readBody(req));
		if (typeof parsed === "string") {
			sendJson(res, 400, errorBody(400, parsed));
			return;
		}
		const record: RecordedRequest = {
			body: parsed,
			headers: { ...req.headers },
			target: req.url ?? "",
			receivedAt: Date.now(),
			outcome: "pending",
		};
		requests.push(record);
		notifyWaiters();
		const abort = new AbortController();
		res.on("close", () => {
			if (!res.writableFinished) {
				abort.abort();
				if (record.outcome === "pending") record.outcome = "client-closed";
			}
		});

		// A real provider refuses an over-long request before any model runs: so does this one.
		const refusal = contextLimit ? contextRefusal(contextLimit, requestSize(parsed, options.charsPerToken)) : null;
		if (refusal) {
			record.outcome = "context-exceeded";
			sendJson(res, refusal.status, refusal.body);
			return;
		}

		const unreplayed = ledger?.refusal(parsed);
		if (unreplayed) {
			record.outcome = "fault";
			sendJson(res, 400, unreplayed);
			return;
		}

		const toolSupport = options.toolSupport ?? "native";
		if (toolSupport === "refuses" && (parsed.tools?.length ?? 0) > 0) {
			record.outcome = "fault";
			sendJson(res, 400, toolsRefusedBody(parsed.model));
			return;
		}

		let reply: ScriptedReply;
		try {
			reply = validateReply(await script(record, { callIndex: callIndex++ }));
			if (toolSupport !== "native") reply = callsAsText(reply);
		} catch (error) {
			record.outcome = "script-error";
			sendJson(res, 500, errorBody(500, describe(error), "script_error"));
			return;
		}
		if (abort.signal.aborted) return;

		replyCount++;
		const identity: ReplyIdentity = {
			id: `chatcmpl-scripted-${replyCount}`,
			created: Math.floor(Date.now() / 1000),
			model: parsed.model,
			toolCallIdPrefix: `call_${replyCount}`,
		};
		const fault = reply.fault;
		if (fault?.kind === "http") {
			record.outcome = "fault";
			const headers: Record<string, string> =
				fault.retryAfterSeconds === undefined ? {} : { "retry-after": String(fault.retryAfterSeconds) };
			const message = fault.message ?? `Scripted HTTP ${fault.status} fault`;
			const body =
				fault.body !== undefined
					? fault.body
					: errorBody(fault.status, message, fault.status === 429 ? "rate_limit_exceeded" : undefined);
			sendJson(res, fault.status, body, headers);
			return;
		}

		const resolvedCounts = resolveReply(reply, parsed, identity, options.charsPerToken);
		const resolved = {
			...resolvedCounts,
			usage: shapedUsage(resolvedCounts.usage, reply.usage, options.usageShape),
		};
		const sendsUsage = options.usageShape !== "none";
		ledger?.remember(resolved);
		const drop = fault?.kind === "drop" ? fault.afterChunks : undefined;
		if (parsed.stream !== true) {
			const tokens = resolved.usage.completion_tokens;
			if (
				reply.pace &&
				!(await sleep(reply.pace.firstTokenMs + tokenDelay(reply) * Math.max(0, tokens - 1), abort.signal))
			)
				return;
			if (drop !== undefined) {
				record.outcome = "fault";
				res.destroy();
				return;
			}
			const body = completion(resolved, identity);
			sendJson(res, 200, sendsUsage ? body : { ...body, usage: undefined }, { "x-request-id": identity.id });
			record.outcome = "completed";
			return;
		}

		res.writeHead(200, {
			"content-type": "text/event-stream; charset=utf-8",
			"cache-control": "no-cache",
			connection: "keep-alive",
			"x-request-id": identity.id,
		});
		res.flushHeaders();
		const chunks = streamChunks(
			resolved,
			identity,
			sendsUsage && parsed.stream_options?.include_usage === true,
			reply.repeat,
		);
		// Chunk i is due at start + firstTokenMs + i / tokensPerSecond: pacing against a fixed
		// schedule (not a fresh wait per chunk) keeps the simulated rate exact even though timers
		// fire late, so benchmarks measure Redline, not timer drift.
		const start = Date.now();
		let i = 0;
		for (const chunk of chunks) {
			if (drop !== undefined && i >= drop) break;
			if (
				reply.pace &&
				!(await sleep(start + reply.pace.firstTokenMs + tokenDelay(reply) * i - Date.now(), abort.signal))
			)
				return;
			if (abort.signal.aborted) return;
			await write(res, `data: ${JSON.stringify(chunk)}\n\n`);
			i++;
		}
		if (drop !== undefined) {
			record.outcome = "fault";
			res.destroy();
			return;
		}
		if (abort.signal.aborted) return;
		res.end("data: [DONE]\n\n");
		record.outcome = "completed";
	}

	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(options.port ?? 0, host, () => {
			server.off("error", reject);
			resolve();
		});
	});
	const { port } = server.address() as AddressInfo;
	const url = `http://${host}:${port}`;
	let closing: Promise<void> | undefined;

	return {
		url,
		baseURL: `${url}/v1`,
		requests,
		setScript(next: ModelScript) {
			if (typeof next !== "function") throw new Error("setScript: script must be a function (see scripted())");
			script = next;
			callIndex = 0;
		},
		setContextLimit(limit: ContextLimit | null) {
			contextLimit = checkedLimit(limit);
		},
		waitForRequests(count: number) {
			if (closing) return Promise.reject(new Error("waitForRequests: the model server is closed"));
			return new Promise<RecordedRequest[]>((resolve, reject) => {
				waiters.add({ count, resolve, reject });
				notifyWaiters();
			});
		},
		close() {
			for (const waiter of waiters)
				waiter.reject(new Error(`model server closed after ${requests.length} of ${waiter.count} awaited requests`));
			waiters.clear();
			// Idempotent, so a test may close early and still leave the close in afterEach.
			closing ??= new Promise<void>((resolve, reject) => {
				server.close((error) => (error ? reject(error) : resolve()));
				// Streams in flight (or clients holding keep-alive sockets) would keep close() waiting.
				server.closeAllConnections();
			});
			return closing;
		},
	};
}

function checkedLimit(limit: ContextLimit | null): ContextLimit | null {
	if (limit !== null && !(Number.isInteger(limit.tokens) && limit.tokens > 0)) {
		throw new Error(`contextLimit.tokens must be a positive whole number, got ${String(limit.tokens)}`);
	}
	return limit;
}

function tokenDelay(reply: ScriptedReply): number {
	const tps = reply.pace?.tokensPerSecond ?? 0;
	return tps > 0 ? 1000 / tps : 0;
}

/** Resolves true after `ms`, or false as soon as the client has gone away. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
	if (signal.aborted) return Promise.resolve(false);
	if (ms <= 0) return Promise.resolve(true);
	return new Promise((resolve) => {
		const onAbort = (): void => {
			clearTimeout(timer);
			resolve(false);
		};
		const timer = setTimeout(() => {
			signal.removeEventListener("abort", onAbort);
			resolve(true);
		}, ms);
		signal.addEventListener("abort", onAbort, { once: true });
	});
}

/** Waits until the chunk is handed to the socket, so a scripted drop cuts after it, not before. */
function write(res: ServerResponse, data: string): Promise<void> {
	return new Promise((resolve) => {
		res.write(data, () => resolve());
	});
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
	const text = JSON.stringify(body);
	res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
	res.end(text);
}

function describe(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
