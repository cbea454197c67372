/**
 * Event streams under backpressure (issue 13, item 11). On today's code every event was written
 * to every client whether it read or not, so a client that never reads grew the server by the
 * whole stream (tens of MB per client). Now a stream writes only while the socket takes it, reads
 * what it skipped from the log when the socket drains, and drops a client that falls too far
 * behind; that client resumes with Last-Event-ID.
 */
import { EventSource } from "eventsource";
import { describe, expect, it } from "vitest";
import { RemoteThreadService } from "../../src/rpc/client/remote-thread-service";
import type { LocalThreadService } from "../../src/thread/service";
import type { SubscriptionMessage } from "../../src/thread/service-api";
import { mustCreate } from "../thread/support/service";
import { openSocket, requestText, sseBlocks, type SseBlock } from "../support/raw-http";
import { startObservedServer, TOKEN, until } from "./support";
import { Buffer, type NodeBuffer } from "../../src/node/buffer";
import type { Socket } from "../../src/node/http";
import { nodeFetch as fetch } from "../../src/node/fetch";

/** 8 KB per event: a thousand of them overrun what the kernel buffers for one socket. */
const PAYLOAD = "x".repeat(8 * 1024);
/** What the server may hold for one stalled client: the socket's high-water mark and one event. */
const ONE_EVENT_QUEUED = 16 * 1024 + 12 * 1024;

/** Appends `count` events of about 8 KB (titles are capped at 200 characters; a preference's tool name is not). */
async function bigEvents(
	service: LocalThreadService,
	threadId: string,
	count: number,
	each: () => void = () => undefined,
): Promise<void> {
	for (let i = 0; i < count; i++) {
		const set = await service.setToolPreference({ threadId, tool: `${i} ${PAYLOAD}`, preference: "always" });
		if (!set.ok) throw new Error(set.error.message);
		each();
	}
}

/** The seq of the last event the first test waits for. */
const lastEventMarker = 1501;

/** Asks for the event stream, then reads nothing until told to. */
async function silentClient(
	port: number,
	threadId: string,
	headers: Record<string, string> = {},
): Promise<{ socket: Socket; received: () => NodeBuffer; read: () => void; saw: (text: string) => boolean }> {
	const socket = await openSocket(port);
	socket.pause();
	const chunks: NodeBuffer[] = [];
	// What arrived lately, searched as it comes: polling the whole stream (megabytes) every few
	// milliseconds took the server's turns while it was sending, now that it yields between them.
	let recent = "";
	let seen = "";
	socket.on("data", (chunk: NodeBuffer) => {
		chunks.push(chunk);
		recent = recent.slice(-64) + chunk.toString("latin1");
		if (recent.includes("event: caught-up")) seen += "event: caught-up";
		if (recent.includes(`id: ${lastEventMarker}\n`)) seen += `id: ${lastEventMarker}\n`;
	});
	socket.write(
		requestText(`GET /v1/threads/${threadId}/events?token=${TOKEN} HTTP/1.1`, {
			Host: `127.0.0.1:${port}`,
			...headers,
		}),
	);
	return {
		socket,
		received: () => Buffer.concat(chunks),
		read: () => socket.resume(),
		saw: (text: string) => seen.includes(text),
	};
}

function threadEventSeqs(blocks: SseBlock[]): number[] {
	return blocks.filter((block) => block.event === "thread-event").map((block) => Number(block.id));
}

function oneToN(from: number, to: number): number[] {
	return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

describe("event streams under backpressure", () => {
	it("holds at most about one event for a client that never reads, and catches it up from the log once it reads", async () => {
		const { port, service, streams } = await startObservedServer();
		const threadId = await mustCreate(service, "busy");
		const client = await silentClient(port, threadId);
		await until(() => streams.length === 1, "the stream opens");
		const stream = streams[0];
		let mostQueued = 0;
		await bigEvents(service, threadId, 1500, () => (mostQueued = Math.max(mostQueued, stream.writableLength)));
		expect(stream.writableNeedDrain).toBe(true);
		expect(mostQueued).toBeLessThan(ONE_EVENT_QUEUED);

		client.read();
		await until(() => client.saw(`id: ${lastEventMarker}\n`), "every event");
		const blocks = sseBlocks(client.received());
		expect(threadEventSeqs(blocks)).toEqual(oneToN(1, 1501));
		expect(blocks.filter((block) => block.event === "caught-up")).toEqual([
			{ event: "caught-up", data: '{"lastSeq":1}' },
		]);
		expect(streams).toHaveLength(1);
		client.socket.destroy();
	});

	it("drops a client that falls too far behind; it resumes with Last-Event-ID without a gap or a duplicate", async () => {
		const { port, service, streams } = await startObservedServer({ maxLagEvents: 50 });
		const threadId = await mustCreate(service, "busy");
		const client = await silentClient(port, threadId);
		await until(() => streams.length === 1, "the stream opens");
		let closed = false;
		streams[0].on("close", () => (closed = true));
		await bigEvents(service, threadId, 1000);
		await until(() => closed, "the slow client is dropped");

		client.read();
		await new Promise((resolve) => client.socket.once("close", resolve));
		const before = threadEventSeqs(sseBlocks(client.received()));
		expect(before).toEqual(oneToN(1, before.length));
		expect(before.length).toBeLessThan(1001);

		const again = await silentClient(port, threadId, { "Last-Event-ID": String(before.length) });
		again.read();
		await until(() => again.saw("event: caught-up"), "caught up again");
		expect(threadEventSeqs(sseBlocks(again.received()))).toEqual(oneToN(before.length + 1, 1001));
		again.socket.destroy();
	});

	it("sends a long history in full to a reader that stalls, without counting it as falling behind", async () => {
		const { port, service, streams } = await startObservedServer({ maxLagEvents: 10 });
		const threadId = await mustCreate(service, "long");
		await bigEvents(service, threadId, 1000);
		const client = await silentClient(port, threadId);
		await until(() => streams[0]?.writableNeedDrain === true, "the socket is full");
		expect(streams[0].writableLength).toBeLessThan(ONE_EVENT_QUEUED);
		client.read();
		await until(() => client.saw("event: caught-up"), "caught up");
		const blocks = sseBlocks(client.received());
		expect(threadEventSeqs(blocks)).toEqual(oneToN(1, 1001));
		expect(blocks.filter((block) => block.event === "caught-up")).toEqual([
			{ event: "caught-up", data: '{"lastSeq":1001}' },
		]);
		expect(streams).toHaveLength(1);
		client.socket.destroy();
	});

	it("lets RemoteThreadService resume by itself after its stalled stream is dropped, without a gap, a duplicate or an error", async () => {
		const { url, service, streams } = await startObservedServer({ maxLagEvents: 50 });
		let release = (): void => undefined;
		const released = new Promise<void>((resolve) => (release = resolve));
		let connections = 0;
		// The first connection's reader stops reading (a tab that hangs): the real socket backs up.
		const stallingFetch: typeof fetch = async (input, init) => {
			const response = await fetch(input, init);
			if (connections++ > 0 || !response.body) return response;
			const reader = response.body.getReader();
			const body = new ReadableStream<Uint8Array>({
				async pull(controller) {
					await released;
					const { done, value } = await reader.read();
					if (done) controller.close();
					else controller.enqueue(value);
				},
				cancel: (reason) => reader.cancel(reason),
			});
			return new Response(body, { status: response.status, headers: response.headers });
		};
		class StallingEventSource extends EventSource {
			constructor(url: string) {
				super(url, { fetch: stallingFetch });
			}
		}
		const remote = new RemoteThreadService({ baseUrl: url, token: TOKEN, EventSource: StallingEventSource });
		const threadId = await mustCreate(service, "remote");
		const messages: SubscriptionMessage[] = [];
		const subscription = remote.subscribe({ threadId }, (message) => messages.push(message));
		await until(() => streams.length === 1, "the stream opens");
		let dropped = false;
		streams[0].on("close", () => (dropped = true));
		await bigEvents(service, threadId, 1000);
		await until(() => dropped, "the stalled stream is dropped");

		release();
		const seqs = () => messages.flatMap((message) => (message.kind === "event" ? [message.event.seq] : []));
		await until(() => seqs().at(-1) === 1001, "every event after the reconnect");
		subscription.close();
		expect(seqs()).toEqual(oneToN(1, 1001));
		expect(messages.filter((message) => message.kind === "error")).toEqual([]);
		expect(streams.length).toBeGreaterThanOrEqual(2);
	});
});
