/** A standalone HTTP server for a ThreadService, on the loopback interface only. */
import { createServer } from "node:http";
import type { ThreadService } from "../../thread/service-api";
import { createRpcHandler } from "./handler";

export interface RpcServer {
	url: string;
	/** Ends every open event stream (clients reconnect with Last-Event-ID); for tests. */
	dropStreams(): void;
	close(): Promise<void>;
}

export async function startRpcServer(options: { service: ThreadService; token: string; port?: number; allowedOrigins?: string[] }): Promise<RpcServer> {
	const handler = createRpcHandler(options.service, { token: options.token, ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}) });
	const server = createServer((req, res) => {
		if (!handler(req, res)) {
			res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
			res.end("Not found");
		}
	});
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
	});
	const address = server.address();
	const port = typeof address === "object" && address ? address.port : options.port;
	return {
		url: `http://127.0.0.1:${port}`,
		dropStreams: () => handler.closeStreams(),
		close: () =>
			new Promise<void>((resolve) => {
				handler.closeStreams();
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
