/**
 * The Host rule, a DNS-rebinding defence ("also seen" in issue 13). A page on evil.example whose
 * name is re-pointed at 127.0.0.1 talks to the server as its own origin, so neither the Origin
 * check nor CORS stops it, and on today's code it was answered. Its requests still name
 * evil.example in Host, and only 127.0.0.1:port and localhost:port are accepted.
 */
import { describe, expect, it } from "vitest";
import { portOf, rawRequest, requestText } from "../support/raw-http";
import { startServer, TOKEN } from "./support";

const CREATE = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "v1.thread.create", params: { title: "rebound" } });

describe("the Host header on the RPC server", () => {
	it("refuses a foreign or wrong-port Host with 421 and a plain message on every route, and runs nothing", async () => {
		const { server, service } = await startServer();
		const port = portOf(server.url);
		for (const host of [
			"evil.example",
			`evil.example:${port}`,
			`127.0.0.1:${port + 1}`,
			`localhost.evil.example:${port}`,
			`[::1]:${port}`,
		]) {
			for (const [line, body] of [
				[`POST /v1/rpc HTTP/1.1`, CREATE],
				[`GET /v1/threads/t_x/events?token=${TOKEN} HTTP/1.1`, ""],
				["GET /elsewhere HTTP/1.1", ""],
			] as const) {
				const answer = await rawRequest(
					port,
					requestText(line, { Host: host, Authorization: `Bearer ${TOKEN}`, Connection: "close" }, body),
				);
				expect(answer.status, `${host} ${line}`).toBe(421);
				expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
				expect(answer.body).toBe(
					`Misdirected request: this server answers only to 127.0.0.1:${port} or localhost:${port}\n`,
				);
			}
		}
		const listed = await service.listThreads();
		expect(listed.ok && listed.threads).toEqual([]);
	});

	it("refuses an absolute-form target that names a foreign host, whatever the Host header says", async () => {
		const { server, service } = await startServer();
		const port = portOf(server.url);
		const answer = await rawRequest(
			port,
			requestText(
				`POST http://evil.example:${port}/v1/rpc HTTP/1.1`,
				{ Host: `127.0.0.1:${port}`, Authorization: `Bearer ${TOKEN}`, Connection: "close" },
				CREATE,
			),
		);
		expect(answer.status).toBe(421);
		const listed = await service.listThreads();
		expect(listed.ok && listed.threads).toEqual([]);
	});

	it("refuses a request without a Host header with 400", async () => {
		const { server } = await startServer();
		const port = portOf(server.url);
		const answer = await rawRequest(
			port,
			requestText("POST /v1/rpc HTTP/1.0", { Authorization: `Bearer ${TOKEN}` }, CREATE),
		);
		expect(answer.status).toBe(400);
		expect(answer.body).toBe("Bad request: a Host header is required\n");
	});

	it("answers 127.0.0.1:port and localhost:port, in any letter case, and an absolute-form target naming them", async () => {
		const { server, service } = await startServer();
		const port = portOf(server.url);
		for (const [target, host] of [
			["/v1/rpc", `127.0.0.1:${port}`],
			["/v1/rpc", `localhost:${port}`],
			["/v1/rpc", `LocalHost:${port}`],
			[`http://localhost:${port}/v1/rpc`, `localhost:${port}`],
		]) {
			const answer = await rawRequest(
				port,
				requestText(
					`POST ${target} HTTP/1.1`,
					{ Host: host, Authorization: `Bearer ${TOKEN}`, Connection: "close" },
					CREATE,
				),
			);
			expect(answer.status, `${target} with Host ${host}`).toBe(200);
		}
		const listed = await service.listThreads();
		expect(listed.ok && listed.threads.length).toBe(4);
	});
});
