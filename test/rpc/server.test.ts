import { EventSource } from "eventsource";
import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../src/log/events";
import { rpc, startServer, TOKEN, until } from "./support";
import { nodeFetch as fetch } from "../../src/node/fetch";

async function create(server: Parameters<typeof rpc>[0]): Promise<string> {
	const { json } = await rpc(server, {
		jsonrpc: "2.0",
		id: 1,
		method: "v1.thread.create",
		params: { title: "Over HTTP" },
	});
	return (json as { result: { threadId: string } }).result.threadId;
}

describe("JSON-RPC over POST /v1/rpc", () => {
	it("runs a method and answers domain errors as ok:false results", async () => {
		const { server } = await startServer();
		const threadId = await create(server);
		expect(await rpc(server, { jsonrpc: "2.0", id: "a", method: "v1.thread.list" })).toMatchObject({
			status: 200,
			json: { jsonrpc: "2.0", id: "a", result: { ok: true, threads: [{ threadId, title: "Over HTTP" }] } },
		});
		expect(
			(await rpc(server, { jsonrpc: "2.0", id: 2, method: "v1.thread.stop", params: { threadId: "t_none" } })).json,
		).toEqual({
			jsonrpc: "2.0",
			id: 2,
			result: { ok: false, error: { code: "unknown_thread", message: "No thread t_none" } },
		});
	});

	it("answers protocol errors with JSON-RPC error codes", async () => {
		const { server } = await startServer();
		expect((await rpc(server, "{oops")).json).toMatchObject({ id: null, error: { code: -32700 } });
		expect((await rpc(server, { id: 1, method: "v1.thread.list" })).json).toMatchObject({
			id: 1,
			error: { code: -32600 },
		});
		expect((await rpc(server, 42)).json).toMatchObject({ id: null, error: { code: -32600 } });
		expect((await rpc(server, [])).json).toMatchObject({ id: null, error: { code: -32600 } });
		expect((await rpc(server, { jsonrpc: "2.0", id: 3, method: "v1.thread.explode" })).json).toMatchObject({
			id: 3,
			error: { code: -32601 },
		});
		expect(
			(await rpc(server, { jsonrpc: "2.0", id: 4, method: "v1.thread.create", params: ["title"] })).json,
		).toMatchObject({ id: 4, error: { code: -32602 } });
		expect((await rpc(server, { jsonrpc: "2.0", id: 5, method: "subscribe" })).json).toMatchObject({
			id: 5,
			error: { code: -32601 },
		});
	});

	it("answers a batch in one response and sends nothing for notifications", async () => {
		const { server } = await startServer();
		const batch = await rpc(server, [
			{ jsonrpc: "2.0", id: 1, method: "v1.thread.create", params: {} },
			{ jsonrpc: "2.0", method: "v1.thread.create", params: { title: "notified" } },
			{ jsonrpc: "2.0", id: 2, method: "nope" },
			"junk",
		]);
		expect(batch.status).toBe(200);
		expect(batch.json).toEqual([
			{ jsonrpc: "2.0", id: 1, result: { ok: true, threadId: expect.any(String) as string } },
			{ jsonrpc: "2.0", id: 2, error: { code: -32601, message: "Method not found: nope" } },
			{ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid request: not an object" } },
		]);
		const notification = await rpc(server, { jsonrpc: "2.0", method: "v1.thread.create", params: { title: "quiet" } });
		expect(notification).toEqual({ status: 204, json: null });
		const listed = (await rpc(server, { jsonrpc: "2.0", id: 9, method: "v1.thread.list" })).json as {
			result: { threads: { title?: string }[] };
		};
		expect(listed.result.threads.map((t) => t.title).sort()).toEqual([undefined, "notified", "quiet"].sort());
	});

	it("refuses requests without the token (401) or from a foreign Origin (403) and changes nothing", async () => {
		const { server, service } = await startServer();
		const create = { jsonrpc: "2.0", id: 1, method: "v1.thread.create", params: {} };
		const missing = await fetch(`${server.url}/v1/rpc`, { method: "POST", body: JSON.stringify(create) });
		expect(missing.status).toBe(401);
		expect((await rpc(server, create, { Authorization: "Bearer wrong-token-0123456789abc" })).status).toBe(401);
		expect((await rpc(server, create, { Origin: "https://evil.example" })).status).toBe(403);
		const events = await fetch(`${server.url}/v1/threads/t_x/events`);
		expect(events.status).toBe(401);
		const listed = await service.listThreads();
		expect(listed.ok && listed.threads).toEqual([]);
		expect((await rpc(server, create, { Origin: server.url })).status).toBe(200);
		const byQuery = await fetch(`${server.url}/v1/rpc?token=${TOKEN}`, {
			method: "POST",
			body: JSON.stringify(create),
		});
		expect(byQuery.status).toBe(200);
	});
});

describe("Server-Sent Events on GET /v1/threads/{id}/events", () => {
	it("streams history, the caught-up marker and live events to the eventsource package", async () => {
		const { server } = await startServer();
		const threadId = await create(server);
		const seen: StoredEvent[] = [];
		let caughtUp = 0;
		const source = new EventSource(`${server.url}/v1/threads/${threadId}/events?token=${TOKEN}`);
		source.addEventListener("thread-event", (e) => seen.push(JSON.parse(e.data as string) as StoredEvent));
		source.addEventListener("caught-up", () => caughtUp++);
		await until(() => caughtUp === 1, "caught up");
		expect(seen.map((e) => e.type)).toEqual(["thread_created"]);
		await rpc(server, {
			jsonrpc: "2.0",
			id: 1,
			method: "v1.thread.sendMessage",
			params: { threadId, content: "hi there" },
		});
		await until(() => seen.some((e) => e.type === "status" && e.status === "idle"), "reply");
		source.close();
		expect(seen.map((e) => e.seq)).toEqual(seen.map((_, i) => i + 1));
	});

	it("resumes with Last-Event-ID after the server drops the connection, without gap or duplicate", async () => {
		const { server, service } = await startServer();
		const threadId = await create(server);
		const seqs: number[] = [];
		let opened = 0;
		const source = new EventSource(`${server.url}/v1/threads/${threadId}/events?token=${TOKEN}&nonce=0`);
		source.addEventListener("open", () => opened++);
		source.addEventListener("thread-event", (e) => seqs.push((JSON.parse(e.data as string) as StoredEvent).seq));
		await rpc(server, {
			jsonrpc: "2.0",
			id: 1,
			method: "v1.thread.sendMessage",
			params: { threadId, content: "slow" },
		});
		await until(() => seqs.length > 10, "first tokens");
		server.dropStreams();
		const atDrop = seqs.length;
		await until(() => opened >= 2 && seqs.length > atDrop + 10, "tokens after reconnect");
		await service.stop({ threadId });
		await service.idle(threadId);
		const listed = await service.listThreads();
		const last = listed.ok ? listed.threads[0]?.lastSeq : -1;
		await until(() => seqs.at(-1) === last, "everything");
		source.close();
		expect(seqs).toEqual(seqs.map((_, i) => i + 1));
	});

	it("sends the deletion as `event: error` and ends the stream; the reconnect gets 404", async () => {
		const { server } = await startServer();
		const threadId = await create(server);
		const errors: unknown[] = [];
		let caughtUp = 0;
		let refusedWith: number | undefined;
		const source = new EventSource(`${server.url}/v1/threads/${threadId}/events?token=${TOKEN}`);
		source.addEventListener("caught-up", () => caughtUp++);
		source.addEventListener("error", (e) => {
			// A server-sent error is a MessageEvent with data; the failed reconnect is an ErrorEvent.
			if (typeof (e as Partial<MessageEvent>).data === "string")
				errors.push(JSON.parse((e as MessageEvent<string>).data));
			else refusedWith = (e as Event & { code?: number }).code;
		});
		await until(() => caughtUp === 1, "caught up");
		const deleted = await rpc(server, { jsonrpc: "2.0", id: 1, method: "v1.thread.delete", params: { threadId } });
		expect(deleted.json).toMatchObject({ result: { ok: true } });
		await until(() => errors.length > 0, "the error event");
		expect(errors).toEqual([{ code: "unknown_thread", message: "This chat was deleted." }]);
		await until(() => source.readyState === EventSource.CLOSED, "the stream gives up");
		expect(refusedWith).toBe(404);
		expect(caughtUp).toBe(1);
		source.close();
	});

	it("answers 404 for an unknown thread and 400 for a bad nonce", async () => {
		const { server } = await startServer();
		const threadId = await create(server);
		expect((await fetch(`${server.url}/v1/threads/t_none/events?token=${TOKEN}`)).status).toBe(404);
		expect((await fetch(`${server.url}/v1/threads/${threadId}/events?token=${TOKEN}&nonce=-3`)).status).toBe(400);
		const resumed = await fetch(`${server.url}/v1/threads/${threadId}/events?token=${TOKEN}&nonce=0`, {
			headers: { "Last-Event-ID": "1" },
		});
		const reader = resumed.body!.getReader();
		let text = "";
		while (!text.includes("caught-up")) text += new TextDecoder().decode((await reader.read()).value);
		await reader.cancel();
		expect(text).not.toContain("thread-event");
		expect(text).toContain('data: {"lastSeq":1}');
	});

	it("answers a resume point the log does not have with one `event: error` nonce_ahead, as a stream", async () => {
		const { server } = await startServer();
		const threadId = await create(server);
		const response = await fetch(`${server.url}/v1/threads/${threadId}/events?token=${TOKEN}`, {
			headers: { "Last-Event-ID": "50" },
		});
		expect(response.status).toBe(200);
		expect(response.headers.get("content-type")).toContain("text/event-stream");
		const text = await response.text();
		expect(text).toMatch(
			/^event: error\ndata: \{"code":"nonce_ahead","message":"[^"]*Subscribe again from 0\."\}\n\n$/,
		);
	});
});
