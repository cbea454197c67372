/**
 * An in-memory ThreadService for pane tests: threads hold recorded events, subscribers get the
 * history, the caught-up marker and then whatever the test pushes. Every call is recorded so a
 * test can assert what the pane asked for. Like the real service, it serves the events with the
 * tools' words filled in (src/thread/tool-words.ts): recorded events are written as older logs
 * hold them, without words, and the tools given (the default ones) describe their calls.
 */
import { isKnownEvent, type NewEvent, type StoredEvent } from "../../../src/log/events";
import type { AnyTool } from "../../../src/tools/registry";
import type {
	HistoryEntrySummary,
	Result,
	RevertParams,
	SubscribeParams,
	SubscriptionMessage,
	ThreadService,
} from "../../../src/thread/service-api";
import { project } from "../../../src/log/projection";
import { historyPage, windowed } from "../../../src/log/window";
import { withToolWords, type ToolLookup } from "../../../src/thread/tool-words";
import type { ChipPreview } from "../../../src/thread/context-chips";
import { rankTags, type TagCount } from "../../../src/search/tag-suggest";
import type { MeasureParams, NextRequest } from "../../../src/thread/context-measure";
import { chipTarget } from "../../../src/log/pinned-items";
import { DEFAULT_TOOLS, lookup } from "./tools";

export interface RecordedCall {
	method: string;
	params: unknown;
}

export class FakeThreadService implements ThreadService {
	readonly calls: RecordedCall[] = [];
	readonly logs = new Map<string, StoredEvent[]>();
	readonly titles = new Map<string, string | undefined>();
	readonly history = new Map<string, HistoryEntrySummary[]>();
	/** Set to make the next call of a method fail with this Result. */
	readonly failNext = new Map<string, Result>();
	/** Answers of a held method wait until the test releases them (a slow host). */
	private readonly held = new Map<string, (() => void)[]>();
	private listeners = new Map<string, Set<(message: SubscriptionMessage) => void>>();
	private nextId = 1;
	openSubscriptions = 0;
	private readonly tools: ToolLookup;

	constructor(tools: readonly AnyTool[] = DEFAULT_TOOLS) {
		this.tools = lookup(tools);
	}

	/** A thread's events as the service serves them: with the tools' words. */
	served(threadId: string): StoredEvent[] {
		return withToolWords(this.logs.get(threadId) ?? [], this.tools);
	}

	addThread(threadId: string, events: StoredEvent[], title?: string): void {
		this.logs.set(threadId, [...events]);
		this.titles.set(threadId, title);
	}

	/** Appends events as the service would (stamping seq) and delivers them to subscribers. */
	push(threadId: string, ...events: NewEvent[]): void {
		const log = this.logs.get(threadId)!;
		for (const event of events) {
			const stored = {
				...event,
				seq: log.length + 1,
				threadId,
				at: new Date(Date.parse("2026-01-10T10:00:00Z") + log.length * 1000).toISOString(),
			} as StoredEvent;
			log.push(stored);
			const served = this.served(threadId).at(-1) ?? stored;
			for (const listener of this.listeners.get(threadId) ?? []) listener({ kind: "event", event: served });
		}
	}

	callsOf(method: string): unknown[] {
		return this.calls.filter((call) => call.method === method).map((call) => call.params);
	}

	/** Holds the answers of `method` from now on; the returned function releases them all. */
	hold(method: string): () => void {
		this.held.set(method, []);
		return () => {
			const waiting = this.held.get(method) ?? [];
			this.held.delete(method);
			for (const release of waiting) release();
		};
	}

	private record<T extends object>(method: string, params: unknown, answer: () => Result<T>): Promise<Result<T>> {
		this.calls.push({ method, params });
		const failure = this.failNext.get(method);
		if (failure) {
			this.failNext.delete(method);
			return Promise.resolve(failure as Result<T>);
		}
		const waiting = this.held.get(method);
		if (waiting) return new Promise((resolve) => waiting.push(() => resolve(answer())));
		return Promise.resolve(answer());
	}

	createThread(params: { title?: string }): Promise<Result<{ threadId: string }>> {
		return this.record("createThread", params, () => {
			const threadId = `thread_new_${this.nextId++}`;
			this.addThread(
				threadId,
				[{ seq: 1, threadId, at: new Date().toISOString(), type: "thread_created" }],
				params.title,
			);
			return { ok: true, threadId };
		});
	}

	listThreads() {
		return this.record("listThreads", undefined, () => ({
			ok: true as const,
			threads: [...this.logs.entries()].map(([threadId, log]) => ({
				threadId,
				...(this.titles.get(threadId) !== undefined ? { title: this.titles.get(threadId)! } : {}),
				createdAt: log[0]?.at ?? "",
				updatedAt: log[log.length - 1]?.at ?? "",
				lastSeq: log.length,
			})),
		}));
	}

	deleteThread(params: { threadId: string }): Promise<Result> {
		return this.record("deleteThread", params, () => {
			this.logs.delete(params.threadId);
			return { ok: true };
		});
	}

	renameThread(params: { threadId: string; title: string }): Promise<Result> {
		return this.record("renameThread", params, () => {
			this.titles.set(params.threadId, params.title);
			return { ok: true };
		});
	}

	subscribe(params: SubscribeParams, onMessage: (message: SubscriptionMessage) => void) {
		this.calls.push({ method: "subscribe", params });
		const log = this.served(params.threadId);
		if (params.from === "snapshot" && !params.nonce) {
			// As the real service: the windowed state, older items paged in with threadHistory.
			onMessage({ kind: "caught_up", lastSeq: log.length, state: windowed(project(params.threadId, log)) });
		} else {
			for (const event of log) if (event.seq > (params.nonce ?? 0)) onMessage({ kind: "event", event });
			onMessage({ kind: "caught_up", lastSeq: log.length });
		}
		const set = this.listeners.get(params.threadId) ?? new Set();
		set.add(onMessage);
		this.listeners.set(params.threadId, set);
		this.openSubscriptions++;
		let closed = false;
		return {
			close: () => {
				if (closed) return;
				closed = true;
				set.delete(onMessage);
				this.openSubscriptions--;
			},
		};
	}

	threadHistory(params: { threadId: string; before: number; limit?: number }) {
		return this.record("threadHistory", params, () => ({
			ok: true as const,
			page: historyPage(project(params.threadId, this.served(params.threadId)), params.before, params.limit ?? 40),
		}));
	}

	sendMessage(params: { threadId: string; content: string }) {
		return this.record("sendMessage", params, () => ({ ok: true as const, messageId: `msg_${this.nextId++}` }));
	}
	pinItem(params: Parameters<ThreadService["pinItem"]>[0]): Promise<Result> {
		return this.record("pinItem", params, () => ({ ok: true }));
	}
	/**
	 * The next request's estimate (v1.context.measure) the test sets, from what was asked; without
	 * one the service cannot tell (as a host without a driver answers) and the meter shows the last request.
	 */
	measure: ((params: MeasureParams) => NextRequest) | undefined;
	measureContext(params: MeasureParams) {
		return this.record("measureContext", params, (): Result<{ measured: NextRequest }> => {
			const measure = this.measure;
			if (!measure) return { ok: false, error: { code: "unavailable", message: "not measured here" } };
			return { ok: true, measured: measure(params) };
		});
	}

	/** Previews set by the test, by chip target; a chip without one previews as empty. */
	readonly previews = new Map<string, ChipPreview>();
	previewContext(params: Parameters<ThreadService["previewContext"]>[0]) {
		return this.record("previewContext", params, (): Result<{ preview: ChipPreview }> => {
			const preview = this.previews.get(chipTarget(params.item)) ?? {
				item: params.item,
				total: 0,
				notes: [],
				listed: [],
				tokens: 0,
			};
			return { ok: true, preview };
		});
	}
	/** The vault's tags, set by the test (none by default), ranked as the real service ranks them. */
	tags: TagCount[] = [];
	suggestTags(params: Parameters<ThreadService["suggestTags"]>[0]) {
		return this.record("suggestTags", params, (): Result<{ tags: TagCount[] }> => ({
			ok: true,
			tags: rankTags(this.tags, params.query ?? "", params.limit),
		}));
	}
	/** The decision's events follow the answer, as the real service's do (after its flush). */
	decideToolCalls(params: Parameters<ThreadService["decideToolCalls"]>[0]): Promise<Result> {
		return this.record("decideToolCalls", params, () => {
			const comment = params.comment ? { comment: params.comment } : {};
			this.later(params.threadId, [
				...params.approved.map((callId) => ({
					type: "tool_call_decided" as const,
					callId,
					decision: "approved" as const,
					by: "user" as const,
				})),
				...params.denied.map((callId) => ({
					type: "tool_call_decided" as const,
					callId,
					decision: "denied" as const,
					by: "user" as const,
					...comment,
				})),
			]);
			return { ok: true };
		});
	}
	setToolPreference(params: Parameters<ThreadService["setToolPreference"]>[0]): Promise<Result> {
		return this.record("setToolPreference", params, () => {
			this.later(params.threadId, [{ type: "tool_preference_set", tool: params.tool, preference: params.preference }]);
			return { ok: true };
		});
	}

	private later(threadId: string, events: NewEvent[]): void {
		if (this.logs.has(threadId)) setTimeout(() => this.push(threadId, ...events), 0);
	}
	answerQuestion(params: Parameters<ThreadService["answerQuestion"]>[0]): Promise<Result> {
		return this.record("answerQuestion", params, () => ({ ok: true }));
	}
	/** As the real service: the review is recorded (edit_reviewed) after the answer. */
	reviewEdit(params: Parameters<ThreadService["reviewEdit"]>[0]): Promise<Result> {
		return this.record("reviewEdit", params, () => {
			let callId: string | undefined;
			for (const event of this.logs.get(params.threadId) ?? [])
				if (isKnownEvent(event) && event.type === "edit_proposed" && event.editId === params.editId)
					callId = event.callId;
			this.later(params.threadId, [
				{
					type: "edit_reviewed",
					editId: params.editId,
					...(callId !== undefined ? { callId } : {}),
					accepted: params.accepted,
					rejected: params.rejected,
					...(params.replaced ? { replaced: params.replaced } : {}),
					...(params.comment ? { comment: params.comment } : {}),
				},
			]);
			return { ok: true };
		});
	}
	/** Records the call; the pane's tests push the edit_reverted events the real service would append. */
	undoTurn(params: Parameters<ThreadService["undoTurn"]>[0]) {
		return this.record("undoTurn", params, () => ({ ok: true as const, undone: [], notUndone: [] }));
	}
	stop(params: { threadId: string }): Promise<Result> {
		return this.record("stop", params, () => ({ ok: true }));
	}
	resume(params: { threadId: string }): Promise<Result> {
		return this.record("resume", params, () => ({ ok: true }));
	}
	retry(params: { threadId: string }): Promise<Result> {
		return this.record("retry", params, () => ({ ok: true }));
	}
	listHistory(params: { path: string }) {
		return this.record("listHistory", params, () => ({
			ok: true as const,
			entries: this.history.get(params.path) ?? [],
		}));
	}
	revertHistory(params: RevertParams) {
		return this.record("revertHistory", params, () => ({
			ok: true as const,
			versionId: "v_revert",
			path: params.path,
			added: 12,
			removed: 3,
		}));
	}
	/** Where the listed history that holds the version is (its entries name the note's current path). */
	locateHistory(params: { path: string; versionId: string }) {
		return this.record("locateHistory", params, (): Result<{ path: string }> => {
			for (const entries of this.history.values()) {
				const held = entries.find((entry) => entry.versionId === params.versionId);
				if (held) return { ok: true, path: held.path };
			}
			return { ok: false, error: { code: "not_found", message: "no kept history holds it" } };
		});
	}
}
