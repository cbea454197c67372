/**
 * The subscription as Server-Sent Events: `id: <seq>` on every thread event, so an EventSource
 * resumes by itself through Last-Event-ID after a dropped connection; a caught-up marker; and a
 * comment every 15 s so proxies and idle timeouts keep the stream open.
 */
import { Buffer } from "node:buffer";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SubscriptionMessage, ThreadService } from "../../thread/service-api";

export const HEARTBEAT_MS = 15_000;

export function serveEvents(service: ThreadService, threadId: string, req: IncomingMessage, res: ServerResponse, url: URL, streams: Set<ServerResponse>): void {
	const lastEventId = req.headers["last-event-id"];
	const raw = typeof lastEventId === "string" && lastEventId !== "" ? lastEventId : url.searchParams.get("nonce") ?? "0";
	const nonce = /^\d+$/.test(raw) ? Number(raw) : NaN;
	if (!Number.isSafeInteger(nonce)) {
		sendJson(res, 400, { error: { code: "bad_params", message: "nonce must be a non-negative integer" } });
		return;
	}
	let started = false;
	const buffered: string[] = [];
	const write = (chunk: string): void => {
		if (started) res.write(chunk);
		else buffered.push(chunk);
	};
	let heartbeat: ReturnType<typeof setInterval> | null = null;
	const subscription = service.subscribe({ threadId, nonce }, (message: SubscriptionMessage) => {
		if (message.kind === "error") {
			cleanup();
			if (!started) sendJson(res, message.error.code === "unknown_thread" ? 404 : 400, { error: message.error });
			else res.end(`event: error\ndata: ${JSON.stringify(message.error)}\n\n`);
			return;
		}
		if (message.kind === "event") {
			write(`id: ${message.event.seq}\nevent: thread-event\ndata: ${JSON.stringify(message.event)}\n\n`);
			return;
		}
		write(`event: caught-up\ndata: ${JSON.stringify({ lastSeq: message.lastSeq })}\n\n`);
		if (!started) start();
	});
	// Headers go out with the first answer, so an unknown thread can still be a plain 404.
	function start(): void {
		started = true;
		res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" });
		res.write("retry: 1000\n\n");
		for (const chunk of buffered.splice(0)) res.write(chunk);
		streams.add(res);
		heartbeat = setInterval(() => res.write(": heartbeat\n\n"), HEARTBEAT_MS);
	}
	function cleanup(): void {
		subscription.close();
		if (heartbeat !== null) clearInterval(heartbeat);
		streams.delete(res);
	}
	req.on("close", cleanup);
	res.on("close", cleanup);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
	const text = JSON.stringify(body);
	res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text) });
	res.end(text);
}
