/** A real RPC server on 127.0.0.1 over a LocalThreadService with the scripted test driver. */
import { onTestFinished } from "vitest";
import { createGuardedServer } from "../../src/rpc/server/front-door";
import { createRpcHandler } from "../../src/rpc/server/handler";
import type { EventStreamOptions } from "../../src/rpc/server/sse";
import { startRpcServer, type RpcServer } from "../../src/rpc/server/server";
import type { LocalThreadService } from "../../src/thread/service";
import { makeService } from "../thread/support/service";
import type { ServerResponse } from "../../src/node/http";
import { setTimeout } from "../../src/node/timers";
import { nodeFetch as fetch } from "../../src/node/fetch";

export const TOKEN = "test-token-0123456789abcdef";

export async function startServer(): Promise<{ server: RpcServer; service: LocalThreadService }> {
	const { service } = makeService();
	const server = await startRpcServer({ service, token: TOKEN });
	onTestFinished(async () => {
		await server.close();
		await service.close();
	});
	return { server, service };
}

export async function rpc(
	server: RpcServer,
	body: unknown,
	headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
	const response = await fetch(`${server.url}/v1/rpc`, {
		method: "POST",
		headers: { "Content-Type": "application/json", Authorization: `Bearer ${TOKEN}`, ...headers },
		body: typeof body === "string" ? body : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

export async function until(check: () => boolean, what = "condition"): Promise<void> {
	for (let i = 0; i < 2000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
	if (!check()) throw new Error(`${what} never held`);
}

/**
 * The RPC routes behind the real front door on 127.0.0.1, with each event stream's response kept,
 * so a test can see what the server holds for a client (`res.writableLength`) and when it drops it.
 */
export async function startObservedServer(
	events: EventStreamOptions = {},
): Promise<{ url: string; port: number; service: LocalThreadService; streams: ServerResponse[] }> {
	const { service } = makeService();
	const handler = createRpcHandler(service, { token: TOKEN, events });
	const streams: ServerResponse[] = [];
	const server = createGuardedServer([
		(req, res, url) => {
			if (url.pathname.endsWith("/events")) streams.push(res);
			return handler(req, res, url);
		},
	]);
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address();
	const port = typeof address === "object" && address ? address.port : 0;
	onTestFinished(async () => {
		handler.closeStreams();
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
		await service.close();
	});
	return { url: `http://127.0.0.1:${port}`, port, service, streams };
}
