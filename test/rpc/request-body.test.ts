/**
 * JSON-RPC bodies as bytes over a real socket (issue 13, item 10). On today's code each chunk was
 * decoded on its own, so a character whose bytes straddle two chunks was stored as U+FFFD with
 * ok:true; bytes that are not UTF-8 were silently replaced too; and a body past the limit was
 * either waited for (Content-Length) or answered by closing the connection under the answer.
 */
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../src/rpc/server/handler";
import { portOf, rawRequest, requestText } from "../support/raw-http";
import { rpc, startServer, TOKEN } from "./support";
import { Buffer } from "../../src/node/buffer";

const TITLE = "Café — 日本語 ✓";

function headersFor(port: number, length: number): Record<string, string> {
	return {
		Host: `127.0.0.1:${port}`,
		Authorization: `Bearer ${TOKEN}`,
		"Content-Type": "application/json",
		"Content-Length": String(length),
		Connection: "close",
	};
}

async function titles(server: Parameters<typeof rpc>[0]): Promise<(string | undefined)[]> {
	const listed = (await rpc(server, { jsonrpc: "2.0", id: 1, method: "v1.thread.list" })).json as {
		result: { threads: { title?: string }[] };
	};
	return listed.result.threads.map((thread) => thread.title);
}

describe("JSON-RPC request bodies", () => {
	it("keeps a multi-byte character whole wherever the body is split between two chunks", async () => {
		const { server } = await startServer();
		const port = portOf(server.url);
		const body = Buffer.from(
			JSON.stringify({ jsonrpc: "2.0", id: 1, method: "v1.thread.create", params: { title: TITLE } }),
			"utf8",
		);
		const first = body.indexOf(Buffer.from("é"));
		const last = body.indexOf(Buffer.from("✓")) + Buffer.byteLength("✓");
		let created = 0;
		// Every offset from inside "é" to inside "✓": each multi-byte character is cut at each of its bytes.
		for (let cut = first + 1; cut < last; cut++) {
			const head = requestText("POST /v1/rpc HTTP/1.1", headersFor(port, body.length));
			const answer = await rawRequest(port, [Buffer.concat([head, body.subarray(0, cut)]), body.subarray(cut)], {
				gapMs: 15,
			});
			expect(answer.status, `cut at byte ${cut}`).toBe(200);
			expect(JSON.parse(answer.body), `cut at byte ${cut}`).toMatchObject({ result: { ok: true } });
			created++;
		}
		expect(created).toBeGreaterThan(15);
		expect(await titles(server)).toEqual(Array.from({ length: created }, () => TITLE));
	});

	it("refuses bytes that are not UTF-8 with a parse error instead of storing replacement characters", async () => {
		const { server } = await startServer();
		const port = portOf(server.url);
		const [before, after] = ['{"jsonrpc":"2.0","id":7,"method":"v1.thread.create","params":{"title":"Caf', '"}}'];
		const body = Buffer.concat([Buffer.from(before), Buffer.from([0xe9]), Buffer.from(after)]); // Latin-1 "é"
		const answer = await rawRequest(port, requestText("POST /v1/rpc HTTP/1.1", headersFor(port, body.length), body));
		expect(answer.status).toBe(200);
		expect(JSON.parse(answer.body)).toEqual({
			jsonrpc: "2.0",
			id: null,
			error: { code: -32700, message: "Parse error: The request body is not valid UTF-8" },
		});
		expect(await titles(server)).toEqual([]);
	});

	it("answers a body whose Content-Length is over the limit with 413 before it is sent", async () => {
		const { server } = await startServer();
		const port = portOf(server.url);
		// Only the head goes out: the answer must not wait for a megabyte that never comes.
		const answer = await rawRequest(port, requestText("POST /v1/rpc HTTP/1.1", headersFor(port, MAX_BODY_BYTES + 1)));
		expect(answer.status).toBe(413);
		expect(JSON.parse(answer.body)).toEqual({
			jsonrpc: "2.0",
			id: null,
			error: { code: -32600, message: "Invalid request: The request body is larger than the 1 MB this server accepts" },
		});
		expect((await rpc(server, { jsonrpc: "2.0", id: 1, method: "v1.thread.list" })).status).toBe(200);
	});

	it("answers a chunked body that grows past the limit with 413, readable by a client that sends it all", async () => {
		const { server } = await startServer();
		const port = portOf(server.url);
		const head = requestText("POST /v1/rpc HTTP/1.1", {
			Host: `127.0.0.1:${port}`,
			Authorization: `Bearer ${TOKEN}`,
			"Transfer-Encoding": "chunked",
			Connection: "close",
		});
		const chunk = Buffer.alloc(64 * 1024, "a");
		const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
		const parts = [
			head,
			...Array.from({ length: Math.ceil((MAX_BODY_BYTES * 1.5) / chunk.length) }, () => framed),
			Buffer.from("0\r\n\r\n"),
		];
		const answer = await rawRequest(port, parts);
		expect(answer.status).toBe(413);
		expect(answer.body).toContain("larger than the 1 MB this server accepts");
		expect(await titles(server)).toEqual([]);
	});
});
