/**
 * The subscription as Server-Sent Events: `id: <seq>` on every thread event, so an EventSource
 * resumes by itself through Last-Event-ID after a dropped connection; a caught-up marker; and a
 * comment every 15 s so proxies and idle timeouts keep the stream open.
 *
 * `?from=snapshot` starts with the thread's windowed state instead of its history: the caught-up
 * marker carries it, with `id: <its seq>` so that a reconnect resumes after it.
 *
 * Backpressure. The log, not the socket, holds what a client has not read yet. When a write finds
 * the socket full, the stream stops writing (so at most one event waits past the socket's
 * high-water mark), and on `drain` it subscribes again from the last event it wrote: what came
 * meanwhile is read from the log, in order, without a gap or a duplicate. A client that stays
 * stalled while more than `maxLagEvents` live events go by is dropped; its EventSource reconnects
 * with Last-Event-ID and resumes where it stopped. Before, every event was queued for every client,
 * and five clients that never read grew the server by hundreds of MB.
 */
import type { ServiceError, SubscriptionMessage, Subscription, ThreadService } from "../../thread/service-api";
import { sendJson } from "./responses";
import type { ServerResponse } from "../../node/http";
import { setInterval, clearInterval, setImmediate } from "../../node/timers";

export const HEARTBEAT_MS = 15_000;
/** Live events a stalled client may fall behind before it is dropped (it resumes on reconnect). */
export const MAX_LAG_EVENTS = 2_000;

const SSE_HEADERS = {
	"Content-Type": "text/event-stream; charset=utf-8",
	"Cache-Control": "no-cache, no-transform",
	Connection: "keep-alive",
	"X-Accel-Buffering": "no",
};

export interface EventStreamOptions {
	maxLagEvents?: number;
}

/** `?from=snapshot`: start from the windowed state instead of the history (see subscription.ts). */
export type StreamStart = "snapshot" | "history";

export function serveEvents(
	service: ThreadService,
	threadId: string,
	nonce: number,
	res: ServerResponse,
	streams: Set<ServerResponse>,
	options: EventStreamOptions = {},
	begin: StreamStart = "history",
): void {
	const maxLag = options.maxLagEvents ?? MAX_LAG_EVENTS;
	let lastSent = nonce;
	let started = false;
	let caughtUpSent = false;
	let ended = false;
	let stalled = false;
	let lag = 0;
	/** The current subscription has passed its caught-up marker. */
	let live = false;
	let subscription: Subscription | null = null;
	/** The subscription allowed to write; a replaced one may still be delivering its history. */
	let active: object | null = null;
	let heartbeat: ReturnType<typeof setInterval> | null = null;

	const write = (chunk: string): void => {
		if (!res.write(chunk)) stall();
	};
	function stall(): void {
		stalled = true;
		lag = 0;
		// Still in the history: stop it; the drain resumes after the last event written. (Live, the
		// subscription stays, to count how far the client falls behind.)
		if (!live) {
			active = null;
			subscription?.close();
			subscription = null;
		}
		res.once("drain", resumeLater);
	}
	/**
	 * A macrotask after the drain: a socket that drains at once announces it on the same tick, and a
	 * resume chained on it ran the whole history in one run of next-tick callbacks and microtasks,
	 * in which no timer or other request got a turn (a 20,000-call thread: the server froze for
	 * over a minute).
	 */
	function resumeLater(): void {
		setImmediate(resume);
	}
	function resume(): void {
		if (ended) return;
		stalled = false;
		follow(lastSent);
	}
	/** (Re)subscribes after the last event written; only the newest subscription may write. */
	function follow(from: number): void {
		subscription?.close();
		const mine = {};
		active = mine;
		live = false;
		// The snapshot only for a stream that starts from nothing; a resume reads the events it missed.
		const snapshot = begin === "snapshot" && from === 0 && !caughtUpSent;
		const params = snapshot ? { threadId, nonce: from, from: "snapshot" as const } : { threadId, nonce: from };
		const opened = service.subscribe(params, (message: SubscriptionMessage) => {
			if (active !== mine || ended) return;
			if (message.kind === "error") return fail(message.error);
			if (!started) start();
			if (message.kind === "caught_up") live = true;
			if (stalled) {
				if (message.kind === "event" && live && ++lag > maxLag) drop();
				return;
			}
			if (message.kind === "event") {
				if (message.event.seq <= lastSent) return;
				lastSent = message.event.seq;
				write(`id: ${message.event.seq}\nevent: thread-event\ndata: ${JSON.stringify(message.event)}\n\n`);
			} else if (!caughtUpSent && snapshot && message.state) {
				// The windowed state stands for every event up to lastSeq: its id is the resume point.
				caughtUpSent = true;
				lastSent = message.lastSeq;
				write(
					`id: ${message.lastSeq}\nevent: caught-up\ndata: ${JSON.stringify({ lastSeq: message.lastSeq, state: message.state })}\n\n`,
				);
			} else if (!caughtUpSent) {
				caughtUpSent = true;
				write(`event: caught-up\ndata: ${JSON.stringify({ lastSeq: Math.max(message.lastSeq, lastSent) })}\n\n`);
			}
		});
		if (active === mine && !ended) subscription = opened;
		else opened.close();
	}

	// Headers go out with the first answer, so an unknown thread can still be a plain 404.
	function start(): void {
		started = true;
		res.writeHead(200, SSE_HEADERS);
		streams.add(res);
		write("retry: 1000\n\n");
		heartbeat = setInterval(() => {
			if (!stalled) write(": heartbeat\n\n");
		}, HEARTBEAT_MS);
	}
	function fail(error: ServiceError): void {
		finish();
		const event = `event: error\ndata: ${JSON.stringify(error)}\n\n`;
		if (started) res.end(event);
		else if (error.code === "nonce_ahead") {
			// A resume point the log lost comes from an EventSource reconnecting with
			// Last-Event-ID; it reads an error's data only from a stream, so the answer is one.
			res.writeHead(200, SSE_HEADERS);
			res.end(event);
		} else sendJson(res, error.code === "unknown_thread" ? 404 : 400, { error });
	}
	/** Too far behind: the connection goes, the log keeps everything for the reconnect. */
	function drop(): void {
		finish();
		res.destroy();
	}
	function finish(): void {
		if (ended) return;
		ended = true;
		active = null;
		subscription?.close();
		subscription = null;
		if (heartbeat !== null) clearInterval(heartbeat);
		res.off("drain", resumeLater);
		streams.delete(res);
	}
	res.on("close", finish);
	follow(nonce);
}
