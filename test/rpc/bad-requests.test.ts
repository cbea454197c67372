/**
 * Requests that cannot be parsed (issue 13, item 9): a request target that is no URL, a path with
 * broken percent-encoding. On today's code the first threw inside the request listener before any
 * token check, which ends a standalone server's process. Each must get a 400 with a plain message,
 * and the server must go on answering.
 */
import { describe, expect, it } from "vitest";
import { portOf, rawRequest, requestText } from "../support/raw-http";
import { rpc, startServer, TOKEN } from "./support";

const EXCEPTION_TEXT = /TypeError|URIError|SyntaxError|ERR_|Invalid URL|URI malformed|\n\s+at /;

describe("request lines the RPC server cannot parse", () => {
	it("answers a request target that is not a URL with 400 and a plain message, before the token check, and stays up", async () => {
		const { server } = await startServer();
		const port = portOf(server.url);
		const answer = await rawRequest(
			port,
			requestText("GET http://[/v1/rpc HTTP/1.1", { Host: `127.0.0.1:${port}`, Connection: "close" }),
		);
		expect(answer.status).toBe(400);
		expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
		expect(answer.body).toMatch(/request target/i);
		expect(answer.body).not.toMatch(EXCEPTION_TEXT);
		expect((await rpc(server, { jsonrpc: "2.0", id: 1, method: "v1.thread.list" })).status).toBe(200);
	});

	it("answers an events path with broken percent-encoding with 400 and a plain message", async () => {
		const { server } = await startServer();
		const port = portOf(server.url);
		const answer = await rawRequest(
			port,
			requestText(`GET /v1/threads/%E0%A4%A/events?token=${TOKEN} HTTP/1.1`, {
				Host: `127.0.0.1:${port}`,
				Connection: "close",
			}),
		);
		expect(answer.status).toBe(400);
		expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
		expect(answer.body).toMatch(/percent-encoding/i);
		expect(answer.body).not.toMatch(EXCEPTION_TEXT);
		expect((await rpc(server, { jsonrpc: "2.0", id: 1, method: "v1.thread.list" })).status).toBe(200);
	});
});
