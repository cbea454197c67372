/** A standalone HTTP server for a ThreadService, on the loopback interface only. */
import type { ThreadService } from "../../thread/service-api";
import { createGuardedServer } from "./front-door";
import { createRpcHandler, type RpcHandlerOptions } from "./handler";

export interface RpcServer {
	url: string;
	/** Ends every open event stream (clients reconnect with Last-Event-ID); for tests. */
	dropStreams(): void;
	close(): Promise<void>;
}

export async function startRpcServer(
	options: { service: ThreadService; port?: number } & RpcHandlerOptions,
): Promise<RpcServer> {
	const { service, port: wanted, ...handlerOptions } = options;
	const handler = createRpcHandler(service, handlerOptions);
	const server = createGuardedServer([handler], handlerOptions.onError ? { onError: handlerOptions.onError } : {});
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(wanted ?? 0, "127.0.0.1", () => resolve());
	});
	const address = server.address();
	const port = typeof address === "object" && address ? address.port : wanted;
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
