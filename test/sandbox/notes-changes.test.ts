/**
 * The sandbox page's stream of vault changes under backpressure (the same class as issue 13,
 * item 11). On today's code a page that stopped reading had every change queued for it without
 * bound. Now it is dropped once MAX_QUEUED_CHANGE_BYTES wait, and a reconnecting page is told to
 * list the notes again, since changes have no log to resume from.
 */
import { EventSource } from "eventsource";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createGuardedServer } from "../../src/rpc/server/front-door";
import { createNotesApi, MAX_QUEUED_CHANGE_BYTES } from "../../src/sandbox/notes-api";
import { NotesClient } from "../../src/sandbox/page/api";
import { MemoryVault } from "../../src/vault/memory-vault";
import { openSocket, requestText } from "../support/raw-http";
import { until } from "../rpc/support";
import { Buffer } from "../../src/node/buffer";
import type { ServerResponse } from "../../src/node/http";
import { setImmediate } from "../../src/node/timers";

/** A long note name, so each change event is a few hundred bytes. */
const NOTE = `Notes/${"A very long note name ".repeat(10)}.md`;

async function startNotesServer(vault: MemoryVault): Promise<{ port: number; url: string; streams: ServerResponse[] }> {
	const notes = createNotesApi({ vault, info: { vaultName: "v", demo: true, model: "m" } });
	const streams: ServerResponse[] = [];
	const server = createGuardedServer([
		(req, res, url) => {
			if (url.pathname.endsWith("/changes")) streams.push(res);
			return notes(req, res, url);
		},
	]);
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address();
	const port = typeof address === "object" && address ? address.port : 0;
	onTestFinished(async () => {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	});
	return { port, url: `http://127.0.0.1:${port}`, streams };
}

describe("the sandbox's change stream", () => {
	it("drops a page that stops reading once its queue passes the bound, instead of queueing every change", async () => {
		const vault = new MemoryVault("v", { [NOTE]: "" });
		const { port, streams } = await startNotesServer(vault);
		const socket = await openSocket(port);
		socket.pause();
		socket.write(requestText("GET /sandbox/api/changes HTTP/1.1", { Host: `127.0.0.1:${port}` }));
		await until(() => streams.length === 1, "the stream opens");
		const stream = streams[0];
		let mostQueued = 0;
		let closed = false;
		stream.on("close", () => (closed = true));
		for (let i = 0; i < 60_000 && !closed; i++) {
			await vault.process(NOTE, (text) => `${text}x`);
			mostQueued = Math.max(mostQueued, stream.writableLength);
			// The memory vault resolves at once: let the event loop see the socket now and then.
			if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
		}
		await until(() => closed, "the page is dropped");
		expect(mostQueued).toBeLessThan(MAX_QUEUED_CHANGE_BYTES + Buffer.byteLength(NOTE) + 100);
		socket.destroy();
	});

	it("tells the page to list the notes again when its change stream reconnects", async () => {
		vi.stubGlobal("EventSource", EventSource);
		onTestFinished(() => void vi.unstubAllGlobals());
		const vault = new MemoryVault("v", { [NOTE]: "" });
		const { url, streams } = await startNotesServer(vault);
		const client = new NotesClient(url, "unused-here");
		let reconnects = 0;
		const changes: string[] = [];
		const stop = client.onChange(
			(change) => changes.push(change.type),
			() => reconnects++,
		);
		await until(() => streams.length === 1, "the stream opens");
		await vault.process(NOTE, () => "first");
		await until(() => changes.length === 1, "the first change");
		expect(reconnects).toBe(0);
		streams[0].destroy();
		await until(() => reconnects === 1, "the reconnect");
		stop();
	});
});
