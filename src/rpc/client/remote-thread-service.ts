/**
 * The ThreadService over HTTP, for a browser or any other out-of-process client: JSON-RPC through
 * fetch, the subscription through EventSource. It implements the same interface as the
 * in-process service, so a view cannot tell the two apart. Transport failures answer
 * `{ ok: false, code: "unavailable" }` instead of throwing.
 */
import type { AskAnswers, EditSelection, PinnedItem, StoredEvent, ToolPreference } from "../../log/events";
import type { ChipPreview } from "../../thread/context-chips";
import type { TagCount } from "../../search/tag-suggest";
import type { MeasureParams, NextRequest } from "../../thread/context-measure";
import type { ThreadState } from "../../log/state";
import type { HistoryPage } from "../../log/window";
import type {
	HistoryEntrySummary,
	Result,
	Reverted,
	RevertParams,
	ServiceError,
	ServiceErrorCode,
	SubscribeParams,
	Subscription,
	SubscriptionMessage,
	ThreadService,
	ThreadSummary,
	TurnUndone,
} from "../../thread/service-api";

/** The part of EventSource this client uses (the browser's, or the `eventsource` package's). */
export interface EventSourceLike {
	readonly readyState: number;
	addEventListener(type: string, listener: (event: Event) => void): void;
	close(): void;
}
export type EventSourceCtor = new (url: string) => EventSourceLike;

export interface RemoteThreadServiceOptions {
	baseUrl: string;
	token: string;
	fetch?: typeof fetch;
	EventSource?: EventSourceCtor;
}

const CLOSED = 2;

function unavailable(message: string): { ok: false; error: { code: ServiceErrorCode; message: string } } {
	return { ok: false, error: { code: "unavailable", message } };
}

export class RemoteThreadService implements ThreadService {
	private readonly baseUrl: string;
	private readonly fetcher: typeof fetch;
	private readonly EventSourceImpl: EventSourceCtor | undefined;
	private nextId = 1;

	constructor(private readonly options: RemoteThreadServiceOptions) {
		this.baseUrl = options.baseUrl.replace(/\/+$/, "");
		// Plain fetch, not Obsidian's requestUrl: this client runs in browsers and Node, never in
		// the plugin (which uses the in-process service).
		this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
		this.EventSourceImpl = options.EventSource ?? (typeof EventSource === "undefined" ? undefined : EventSource);
	}

	createThread(params: { title?: string }) {
		return this.call<{ threadId: string }>("v1.thread.create", params);
	}
	listThreads() {
		return this.call<{ threads: ThreadSummary[] }>("v1.thread.list", {});
	}
	deleteThread(params: { threadId: string }) {
		return this.call("v1.thread.delete", params);
	}
	renameThread(params: { threadId: string; title: string }) {
		return this.call("v1.thread.rename", params);
	}
	sendMessage(params: { threadId: string; content: string; selection?: EditSelection }) {
		return this.call<{ messageId: string }>("v1.thread.sendMessage", params);
	}
	pinItem(params: { threadId: string; operation: "pin" | "unpin"; pinnedItem: PinnedItem }) {
		return this.call("v1.thread.pinItem", params);
	}
	decideToolCalls(params: { threadId: string; approved: string[]; denied: string[]; comment?: string }) {
		return this.call("v1.thread.decideToolCalls", params);
	}
	setToolPreference(params: { threadId: string; tool: string; preference: ToolPreference }) {
		return this.call("v1.thread.setToolPreference", params);
	}
	answerQuestion(params: { threadId: string; askId: string; answers: AskAnswers; skipped?: boolean }) {
		return this.call("v1.thread.answerQuestion", params);
	}
	reviewEdit(params: {
		threadId: string;
		editId: string;
		accepted: string[];
		rejected: string[];
		replaced?: Record<string, string>;
		comment?: string;
	}) {
		return this.call("v1.thread.reviewEdit", params);
	}
	undoTurn(params: { threadId: string; messageId: string }) {
		return this.call<TurnUndone>("v1.thread.undoTurn", params);
	}
	resume(params: { threadId: string }) {
		return this.call("v1.thread.resume", params);
	}
	stop(params: { threadId: string }) {
		return this.call("v1.thread.stop", params);
	}
	retry(params: { threadId: string }) {
		return this.call("v1.thread.retry", params);
	}
	threadHistory(params: { threadId: string; before: number; limit?: number }) {
		return this.call<{ page: HistoryPage }>("v1.thread.history", params);
	}
	listHistory(params: { path: string }) {
		return this.call<{ entries: HistoryEntrySummary[] }>("v1.history.list", params);
	}
	revertHistory(params: RevertParams) {
		return this.call<Reverted>("v1.history.revert", params);
	}
	locateHistory(params: { path: string; versionId: string }) {
		return this.call<{ path: string }>("v1.history.locate", params);
	}
	previewContext(params: { threadId: string; item: PinnedItem }) {
		return this.call<{ preview: ChipPreview }>("v1.context.preview", params);
	}
	suggestTags(params: { query?: string; limit?: number }) {
		return this.call<{ tags: TagCount[] }>("v1.context.tags", params);
	}

	measureContext(params: MeasureParams) {
		return this.call<{ measured: NextRequest }>("v1.context.measure", params);
	}

	/**
	 * The EventSource reconnects by itself after a dropped connection and sends Last-Event-ID, so
	 * the server resumes after the last event received; events are still deduplicated by seq.
	 */
	subscribe(params: SubscribeParams, onMessage: (message: SubscriptionMessage) => void): Subscription {
		const Impl = this.EventSourceImpl;
		if (!Impl) {
			onMessage({ kind: "error", error: { code: "unavailable", message: "EventSource is not available here" } });
			return { close: () => undefined };
		}
		let lastSeq = params.nonce ?? 0;
		let closed = false;
		const query = new URLSearchParams({
			nonce: String(lastSeq),
			...(params.from === "snapshot" ? { from: "snapshot" } : {}),
			token: this.options.token,
		});
		const source = new Impl(
			`${this.baseUrl}/v1/threads/${encodeURIComponent(params.threadId)}/events?${query.toString()}`,
		);
		const deliver = (message: SubscriptionMessage): void => {
			if (!closed) onMessage(message);
		};
		source.addEventListener("thread-event", (event) => {
			const data = parse((event as MessageEvent<string>).data) as StoredEvent | null;
			if (!data || typeof data.seq !== "number" || data.seq <= lastSeq) return;
			lastSeq = data.seq;
			deliver({ kind: "event", event: data });
		});
		source.addEventListener("caught-up", (event) => {
			const data = parse((event as MessageEvent<string>).data) as { lastSeq?: number; state?: ThreadState } | null;
			// A windowed state (from: "snapshot") stands for every event up to its lastSeq.
			const state = data?.state && typeof data.state === "object" ? data.state : undefined;
			if (state && typeof data?.lastSeq === "number") lastSeq = Math.max(lastSeq, data.lastSeq);
			deliver({ kind: "caught_up", lastSeq: Math.max(lastSeq, data?.lastSeq ?? 0), ...(state ? { state } : {}) });
		});
		source.addEventListener("error", (event) => {
			if (closed) return;
			// A server-sent `event: error` (e.g. the thread was deleted) carries the ServiceError as
			// data and ends the subscription: close before the EventSource reconnects to a 404.
			const sent =
				typeof (event as Partial<MessageEvent>).data === "string"
					? asServiceError(parse((event as MessageEvent<string>).data))
					: null;
			if (sent) {
				deliver({ kind: "error", error: sent });
				closed = true;
				source.close();
				return;
			}
			// While CONNECTING the EventSource retries by itself; CLOSED means it gave up.
			if (source.readyState !== CLOSED) return;
			const status = (event as Event & { code?: number }).code;
			deliver({
				kind: "error",
				error:
					status === 404
						? { code: "unknown_thread", message: `No thread ${params.threadId}` }
						: { code: "unavailable", message: `The event stream closed${status ? ` (HTTP ${status})` : ""}` },
			});
			closed = true;
		});
		return {
			close(): void {
				closed = true;
				source.close();
			},
		};
	}

	private async call<T extends object = object>(method: string, params: unknown): Promise<Result<T>> {
		let response: Response;
		try {
			response = await this.fetcher(`${this.baseUrl}/v1/rpc`, {
				method: "POST",
				headers: { "Content-Type": "application/json", Authorization: `Bearer ${this.options.token}` },
				body: JSON.stringify({ jsonrpc: "2.0", id: this.nextId++, method, params }),
			});
		} catch (error) {
			return unavailable(`Cannot reach the thread service: ${error instanceof Error ? error.message : String(error)}`);
		}
		const body = parse(await response.text().catch(() => "")) as {
			result?: Result<T>;
			error?: { code: number; message: string };
		} | null;
		if (!response.ok || !body) return unavailable(`The thread service answered HTTP ${response.status}`);
		if (body.error) {
			const code: ServiceErrorCode = body.error.code === -32602 ? "bad_params" : "internal";
			return { ok: false, error: { code, message: body.error.message } };
		}
		if (!body.result || typeof body.result !== "object") return unavailable("The thread service sent no result");
		return body.result;
	}
}

// A record over every code, so that a code added to the contract cannot be forgotten here.
const KNOWN_CODES: Record<ServiceErrorCode, true> = {
	unknown_thread: true,
	bad_params: true,
	not_pending: true,
	busy: true,
	not_found: true,
	conflict: true,
	unavailable: true,
	nonce_ahead: true,
	internal: true,
};
const ERROR_CODES: ReadonlySet<string> = new Set(Object.keys(KNOWN_CODES));

function asServiceError(value: unknown): ServiceError | null {
	if (typeof value !== "object" || value === null) return null;
	const { code, message } = value as { code?: unknown; message?: unknown };
	if (typeof message !== "string") return null;
	// A code this client does not know (a newer server) still ends the subscription, as internal.
	return { code: typeof code === "string" && ERROR_CODES.has(code) ? (code as ServiceErrorCode) : "internal", message };
}

function parse(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return null;
	}
}
