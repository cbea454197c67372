/**
 * JSON-RPC batches ("also seen" in issue 13): on today's code a batch had no size limit and its
 * requests ran all at once, so `[delete, rename]` could rename the thread the batch deleted.
 */
import { describe, expect, it } from "vitest";
import { MAX_BATCH } from "../../src/rpc/server/json-rpc";
import { rpc, startServer } from "./support";

describe("JSON-RPC batches", () => {
	it("refuses a batch of more than the documented limit with one invalid-request error and runs none of it", async () => {
		const { server, service } = await startServer();
		const batch = Array.from({ length: MAX_BATCH + 1 }, (_, i) => ({
			jsonrpc: "2.0",
			id: i,
			method: "v1.thread.create",
			params: { title: `t${i}` },
		}));
		expect((await rpc(server, batch)).json).toEqual({
			jsonrpc: "2.0",
			id: null,
			error: {
				code: -32600,
				message: `Invalid request: a batch holds at most ${MAX_BATCH} requests, this one has ${MAX_BATCH + 1}`,
			},
		});
		const listed = await service.listThreads();
		expect(listed.ok && listed.threads).toEqual([]);
		const allowed = await rpc(server, batch.slice(0, MAX_BATCH));
		expect((allowed.json as unknown[]).length).toBe(MAX_BATCH);
	});

	it("runs a batch in the order sent: a rename after a delete in the same batch finds no thread", async () => {
		const { server } = await startServer();
		const created = (
			await rpc(server, { jsonrpc: "2.0", id: 1, method: "v1.thread.create", params: { title: "Doomed" } })
		).json as { result: { threadId: string } };
		const { threadId } = created.result;
		const answers = await rpc(server, [
			{ jsonrpc: "2.0", id: "delete", method: "v1.thread.delete", params: { threadId } },
			{ jsonrpc: "2.0", id: "rename", method: "v1.thread.rename", params: { threadId, title: "Revived" } },
		]);
		expect(answers.json).toEqual([
			{ jsonrpc: "2.0", id: "delete", result: { ok: true } },
			{
				jsonrpc: "2.0",
				id: "rename",
				result: { ok: false, error: { code: "unknown_thread", message: `No thread ${threadId}` } },
			},
		]);
	});
});
