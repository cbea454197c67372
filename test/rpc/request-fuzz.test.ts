/**
 * The class behind issue 13, item 9: whatever request line, target, headers and body a client
 * sends, the standalone RPC server answers with a 2xx or a 4xx that carries a plain message
 * (never an exception's text), and it stays up. Random requests over real sockets.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mustCreate } from "../thread/support/service";
import { portOf } from "../support/raw-http";
import { expectPlainAnswer, fuzzRequests } from "../support/request-fuzz";
import { rpc, startServer, TOKEN } from "./support";

const RUNS = 300;

describe("random requests to the RPC server", () => {
	it("are always answered with 2xx or a plain 4xx, and the server stays up", async () => {
		const { server, service } = await startServer();
		const port = portOf(server.url);
		const threadIds = [await mustCreate(service, "one"), await mustCreate(service, "two")];
		let runs = 0;
		await fc.assert(
			fc.asyncProperty(fuzzRequests({ port, token: TOKEN, threadIds }), async (request) => {
				runs++;
				await expectPlainAnswer(port, request);
			}),
			{ numRuns: RUNS },
		);
		expect(runs).toBeGreaterThanOrEqual(RUNS);
		expect((await rpc(server, { jsonrpc: "2.0", id: 1, method: "v1.thread.list" })).status).toBe(200);
	}, 240_000);
});
