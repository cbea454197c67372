/**
 * The in-process ThreadService (contract 2): threads are ThreadLogs in the Store, the TurnDriver
 * moves them forward, and every method answers a Result instead of throwing, because its callers
 * include HTTP clients that may send anything.
 */
import type { NoteHistory } from "../history/types";
import type { Store } from "../store/store";
import { DriveScheduler } from "./drive-scheduler";
import type { TurnDriver } from "../log/driver";
import { validateAnswers } from "../log/ask-answers";
import {
	EVENT_SCHEMA_VERSION,
	type AskAnswers,
	type EditSelection,
	type ChipContext,
	type PinnedItem,
	type ToolPreference,
} from "../log/events";
import { newId } from "../log/ids";
import { ThreadLog, threadLogKey } from "../log/log";
import { viewSnapshotKey } from "../log/view-snapshot";
import { isDrafting, supersede } from "../log/newest-message";
import { cardWaitsFor } from "../log/waiting-cards";
import { removeDrafts } from "../composer/draft-store";
import { reviewByDecision, reviewEvent, stopReviews, type ReviewParams } from "./review-methods";
import { listHistory, locateHistory, revertEvents, revertHistory } from "./history-methods";
import type { HistoryEntry } from "../history/types";
import { IDLE_LOG_BYTES, LoadedLogs, MAX_IDLE_LOGS } from "./loaded-logs";
import { turnWrites, undoWrites } from "./undo-turn";
import { DraftSweeper } from "./draft-sweeper";
import { recoverInterrupted, wasInterrupted } from "./recovery";
import { fail, isPinnedItem, isPreference, isSelection, isRecord, isStringArray, isThreadId } from "./params";
import { pinScope, samePinnedItem } from "../log/projection";
import { isSetChip } from "../log/pinned-items";
import { calibrationOf } from "../agent/token-estimate";
import { chipTags, previewChip, resolveChip, type ChipDeps, type ChipPreview } from "./context-chips";
import { TAG_SUGGESTION_LIMIT, type TagCount } from "../search/tag-suggest";
import { ContextMeasurer, type MeasureParams, type NextRequest } from "./context-measure";
import type {
	HistoryEntrySummary,
	Result,
	Reverted,
	RevertParams,
	Subscription,
	SubscribeParams,
	SubscriptionMessage,
	ThreadService,
	ThreadSummary,
	TurnUndone,
} from "./service-api";
import { subscribeToLog } from "./subscription";
import { OpeningSnapshots } from "./opening-snapshots";
import { historyPage, PAGE_MESSAGES, type HistoryPage } from "../log/window";
import { AutoTitles, type TitleMaker } from "./auto-title";
import { summarize, ThreadIndex } from "./thread-index";
import { timers } from "../log/timers";
import { titleProblem } from "../log/title-limit";
import { toolWordsUpgrade, type ToolLookup } from "./tool-words";
import { SnapshotBackfill } from "./snapshot-backfill";

export interface LocalThreadServiceDeps {
	store: Store;
	driver?: TurnDriver;
	history?: NoteHistory;
	/** Titles new chats after their first reply (absent: chats keep no title until renamed). */
	titles?: TitleMaker;
	/** The agent's tools: an older log gets their words for the pane when it loads (tool-words.ts). */
	tools?: ToolLookup;
	/** Resolves set chips (folder, tag, links); without it they are named to the model only. */
	chips?: ChipDeps;
	/**
	 * Stores the snapshots long threads lack, in the background, `afterMs` after the index is read
	 * (snapshot-backfill.ts). Absent: none is stored until a thread is opened.
	 */
	backfill?: { afterMs: number };
	/** The idle logs' bytes kept loaded (default IDLE_LOG_BYTES: loaded-logs.ts); a bench's "before" lifts it. */
	idleLogBytes?: number;
	now?: () => Date;
}

export { INTERRUPTED_MESSAGE } from "./recovery";

type Found = { log: ThreadLog; error?: undefined } | { log?: undefined; error: Result<never> };

export { IDLE_LOG_BYTES, MAX_IDLE_LOGS };

export class LocalThreadService implements ThreadService {
	private readonly index: ThreadIndex;
	private readonly logs: LoadedLogs;
	/** Windowed states from stored snapshots of logs being opened (for early subscribers). */
	private readonly snapshots = new OpeningSnapshots();
	private readonly scheduler: DriveScheduler;
	private readonly titles: AutoTitles;
	private readonly drafts: DraftSweeper;
	private readonly measurer: ContextMeasurer;
	private readonly backfill: SnapshotBackfill;
	/**
	 * Threads whose log was left mid-turn and is not recovered yet: recovery appends, so it waits
	 * for the first caller that uses the log (find), not an open of the backfill, which only reads.
	 */
	private readonly unrecovered = new Set<string>();
	private readonly recovering = new Map<string, Promise<void>>();
	private loading: Promise<void> | null = null;
	private closed = false;
	private unloadTimer: ReturnType<typeof setTimeout> | null = null;

	constructor(private readonly deps: LocalThreadServiceDeps) {
		this.index = new ThreadIndex(deps.store);
		this.logs = new LoadedLogs((threadId, sealedAt) => this.openLog(threadId, sealedAt), {
			logs: MAX_IDLE_LOGS,
			bytes: deps.idleLogBytes ?? IDLE_LOG_BYTES,
		});
		this.drafts = new DraftSweeper(deps.store);
		this.scheduler = new DriveScheduler(deps.driver, (threadId) => {
			const log = this.logs.current().find((loaded) => loaded.threadId === threadId);
			if (log) void this.drafts.sweep(log);
			this.unloadIdleSoon();
		});
		this.titles = new AutoTitles(deps.titles);
		this.measurer = new ContextMeasurer(deps.driver, deps.chips);
		this.backfill = new SnapshotBackfill({
			store: deps.store,
			threads: () => this.index.list(),
			isLoaded: (threadId) => this.logs.has(threadId),
			quiet: () => this.logs.quiet(),
			open: (threadId) =>
				this.closed || !this.index.has(threadId) ? Promise.resolve(null) : this.logs.get(threadId, true),
			release: (threadId) => this.logs.release(threadId, (log) => this.isBusy(log)),
		});
	}

	/**
	 * Reads the thread index (logs load lazily, on first use). Called by every method anyway. Then,
	 * with deps.backfill, the snapshot backfill starts its wait.
	 */
	load(): Promise<void> {
		this.loading ??= this.index.load().then(() => {
			const backfill = this.deps.backfill;
			if (backfill && !this.closed) this.backfill.start(backfill.afterMs);
		});
		return this.loading;
	}

	/** Resolves when the snapshot backfill's pass has ended (tests and benches wait on it). */
	async backfilled(): Promise<void> {
		await this.load();
		await this.backfill.done();
	}

	/**
	 * Shuts down: aborts running drives (as a shutdown, not the user's Stop: the next open
	 * recovers their turns), then seals every log (nothing that outlives the service can append)
	 * once it is persisted, and saves the index.
	 */
	async close(): Promise<void> {
		this.closed = true;
		this.measurer.dispose();
		if (this.unloadTimer !== null) timers.clear(this.unloadTimer);
		await this.backfill.stop();
		await this.scheduler.shutdown();
		await this.titles.close();
		const logs = await this.logs.all();
		await Promise.all(
			logs.map((log) =>
				log
					.seal()
					.catch((error) => console.warn(`Redline: could not save thread ${log.threadId} before closing`, error)),
			),
		);
		for (const log of logs) this.refreshIndex(log);
		await this.index.save();
	}

	/** Threads whose turn is running now (the Obsidian host shows it in the status bar). */
	runningThreads(): string[] {
		return this.scheduler.driving();
	}

	/** Calls back when a turn starts or ends in any thread; returns an unsubscribe. */
	onRunningChange(listener: () => void): () => void {
		return this.scheduler.onDrivingChange(listener);
	}

	/** Resolves when no drive runs for the thread (tests and the sandbox wait on it). */
	async idle(threadId: string): Promise<void> {
		await this.scheduler.idle(threadId);
		await this.drafts.settled(threadId);
	}

	/** Resolves when no drive runs and no automatic title is being made for the thread. */
	async settled(threadId: string): Promise<void> {
		await this.scheduler.idle(threadId);
		await this.titles.settled(threadId);
	}

	async createThread(params: { title?: string }): Promise<Result<{ threadId: string }>> {
		if (!isRecord(params) || (params.title !== undefined && typeof params.title !== "string"))
			return fail("bad_params", "title must be a string");
		const tooLong = params.title !== undefined ? titleProblem(params.title.trim()) : null;
		if (tooLong) return fail("bad_params", tooLong);
		await this.load();
		if (this.closed) return fail("unavailable", "The thread service is closed");
		const threadId = newId("t");
		const log = this.newLog(threadId, []);
		this.logs.add(log);
		const title = params.title?.trim();
		log.append({ type: "thread_created", ...(title ? { title } : {}), v: EVENT_SCHEMA_VERSION });
		if (this.refreshIndex(log)) void this.index.save();
		// A failed save is retried by the log (and reported there); the thread exists either way.
		await log.flush().catch(() => undefined);
		return { ok: true, threadId };
	}

	async listThreads(): Promise<Result<{ threads: ThreadSummary[] }>> {
		await this.load();
		for (const log of await this.logs.all()) this.refreshIndex(log);
		const threads = this.index.list().sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
		return { ok: true, threads };
	}

	async deleteThread(params: { threadId: string }): Promise<Result> {
		const found = await this.find(params);
		if (found.error) return found.error;
		const { log } = found;
		// Gone for every caller from here on (they answer unknown_thread), so nothing new starts.
		this.logs.delete(log.threadId);
		this.index.delete(log.threadId);
		this.unrecovered.delete(log.threadId);
		// The drive goes first: it records its stop while subscribers still listen.
		await this.scheduler.halt(log.threadId);
		// Subscribers get one "deleted" error and are closed; pending writes are dropped.
		log.discard();
		await log.settled();
		await this.deps.store.remove(threadLogKey(log.threadId));
		await this.deps.store.remove(viewSnapshotKey(log.threadId));
		await removeDrafts(this.deps.store, log.threadId).catch((error: unknown) =>
			console.warn(`Redline: could not remove the drafts of thread ${log.threadId}`, error),
		);
		await this.index.save();
		return { ok: true };
	}

	async renameThread(params: { threadId: string; title: string }): Promise<Result> {
		const found = await this.find(params);
		if (found.error) return found.error;
		const title = typeof params.title === "string" ? params.title.trim() : "";
		if (title === "") return fail("bad_params", "title must be a non-empty string");
		const tooLong = titleProblem(title);
		if (tooLong) return fail("bad_params", tooLong);
		found.log.append({ type: "thread_renamed", title, by: "user" });
		return { ok: true };
	}

	subscribe(params: SubscribeParams, onMessage: (message: SubscriptionMessage) => void): Subscription {
		const subscription = subscribeToLog(
			params,
			onMessage,
			(p) => this.find(p),
			(threadId) => this.snapshots.whileOpening(threadId),
		);
		return {
			close: () => {
				subscription.close();
				this.unloadIdleSoon();
			},
		};
	}

	async threadHistory(params: {
		threadId: string;
		before: number;
		limit?: number;
	}): Promise<Result<{ page: HistoryPage }>> {
		const found = await this.find(params);
		if (found.error) return found.error;
		const { before, limit = PAGE_MESSAGES } = params;
		if (typeof before !== "number" || !Number.isSafeInteger(before) || before < 0)
			return fail("bad_params", "before must be a non-negative integer (a seq)");
		if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1)
			return fail("bad_params", "limit must be a positive integer");
		return { ok: true, page: historyPage(found.log.state(), before, limit) };
	}

	async sendMessage(params: {
		threadId: string;
		content: string;
		selection?: EditSelection;
	}): Promise<Result<{ messageId: string }>> {
		const found = await this.find(params);
		if (found.error) return found.error;
		if (typeof params.content !== "string" || params.content.trim() === "")
			return fail("bad_params", "content must be a non-empty string");
		const { selection } = params;
		if (selection !== undefined && !isSelection(selection))
			return fail("bad_params", "selection must be { path, from, to, text } with text as long as to - from");
		const { log } = found;
		const { content } = params;
		// The newest message wins: it answers whatever waits (src/log/newest-message.ts).
		// The set chips are resolved before anything is appended: the message carries their notes.
		const context = await this.chipContext(log.state().pinned);
		supersede(log, content);
		const messageId = newId("m");
		log.append({
			type: "user_message",
			messageId,
			content,
			pinned: log.state().pinned,
			...(selection ? { selection: { ...selection } } : {}),
			...(context.length > 0 ? { context } : {}),
		});
		// A pin made for this message goes with it (user_message.pinned) and no further: the next
		// message about another note must not carry it. An event, so a reload shows the same.
		for (const item of log.state().pinned)
			if (pinScope(item) === "message") log.append({ type: "item_unpinned", item });
		this.drive(log);
		return { ok: true, messageId };
	}

	async pinItem(params: { threadId: string; operation: "pin" | "unpin"; pinnedItem: PinnedItem }): Promise<Result> {
		const found = await this.find(params);
		if (found.error) return found.error;
		if (params.operation !== "pin" && params.operation !== "unpin")
			return fail("bad_params", 'operation must be "pin" or "unpin"');
		if (!isPinnedItem(params.pinnedItem))
			return fail(
				"bad_params",
				"pinnedItem must be { path }, { handle }, { folder }, { tag }, { backlinksOf } or { linksFrom } with a string",
			);
		const item = params.pinnedItem;
		const pinned = found.log.state().pinned.find((p) => samePinnedItem(p, item));
		const isPinned = pinned !== undefined;
		// Pinning a pinned item again with another scope switches it (the chip's Keep).
		if (params.operation === "pin" && (!isPinned || pinScope(pinned) !== pinScope(item)))
			found.log.append({ type: "item_pinned", item });
		if (params.operation === "unpin" && isPinned) found.log.append({ type: "item_unpinned", item });
		return { ok: true };
	}

	async previewContext(params: { threadId: string; item: PinnedItem }): Promise<Result<{ preview: ChipPreview }>> {
		const found = await this.find(params);
		if (found.error) return found.error;
		if (!isPinnedItem(params.item) || !isSetChip(params.item))
			return fail("bad_params", "item must be { folder }, { tag }, { backlinksOf } or { linksFrom } with a string");
		if (!this.deps.chips) return fail("unavailable", "This host does not resolve folder, tag or link chips");
		const context = await resolveChip(params.item, this.deps.chips);
		return { ok: true, preview: previewChip(context, calibrationOf(found.log.events())) };
	}

	async suggestTags(params: { query?: string; limit?: number }): Promise<Result<{ tags: TagCount[] }>> {
		const query: unknown = params?.query ?? "";
		const limit: unknown = params?.limit ?? TAG_SUGGESTION_LIMIT;
		if (typeof query !== "string") return fail("bad_params", "query must be a string");
		if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1)
			return fail("bad_params", "limit must be a whole number of at least 1");
		if (!this.deps.chips) return fail("unavailable", "This host does not know the vault's tags");
		return { ok: true, tags: await chipTags(this.deps.chips, query, Math.min(limit, TAG_SUGGESTION_LIMIT)) };
	}

	async measureContext(params: MeasureParams): Promise<Result<{ measured: NextRequest }>> {
		if (isRecord(params) && params.threadId === undefined) {
			if (this.closed) return fail("unavailable", "The thread service is closed");
			return this.measurer.measure(ContextMeasurer.newChat(), params.draft);
		}
		const found = await this.find(params);
		if (found.error) return found.error;
		return this.measurer.measure(found.log, params.draft);
	}

	/** The notes of the set chips pinned now, as the message will carry them. */
	private async chipContext(pinned: readonly PinnedItem[]): Promise<ChipContext[]> {
		const chips = this.deps.chips;
		if (!chips) return [];
		const context: ChipContext[] = [];
		for (const item of pinned) if (isSetChip(item)) context.push(await resolveChip(item, chips));
		return context;
	}

	async decideToolCalls(params: {
		threadId: string;
		approved: string[];
		denied: string[];
		comment?: string;
	}): Promise<Result> {
		const found = await this.find(params);
		if (found.error) return found.error;
		const approved = params.approved ?? [];
		const denied = params.denied ?? [];
		if (!isStringArray(approved) || !isStringArray(denied))
			return fail("bad_params", "approved and denied must be lists of call ids");
		if (params.comment !== undefined && typeof params.comment !== "string")
			return fail("bad_params", "comment must be a string");
		if (approved.length + denied.length === 0) return fail("bad_params", "decide at least one call");
		const all = [...approved, ...denied];
		if (new Set(all).size !== all.length) return fail("bad_params", "a call id appears twice");
		const { log } = found;
		const state = log.state();
		// Waiting: a card, a draft being made (review before write), a draft offered for review.
		const waits = (id: string) =>
			state.pendingApprovals.includes(id) || isDrafting(state, id) || state.openReviews.includes(id);
		const notPending = all.filter((id) => !waits(id));
		if (notPending.length > 0) return fail("not_pending", `Not waiting for a decision: ${notPending.join(", ")}`);
		const comment = params.comment?.trim();
		// Read before the loop appends: the log's state changes in place as events are appended.
		const offered = new Set(state.openReviews);
		// A draft offered for review: approving accepts every change, denying rejects every one.
		let reviewed = false;
		for (const [ids, approves] of [
			[approved, true],
			[denied, false],
		] as const) {
			for (const callId of ids) {
				const event = reviewByDecision(
					log.state(),
					callId,
					approves,
					approves ? (denied.length === 0 ? comment : undefined) : comment,
				);
				if (event) log.append(event);
				reviewed ||= event !== undefined;
			}
		}
		// The model reads the comment with the result. One decision that runs some calls and skips
		// others gives it as the reason for the skips ("only the first"); a Run alone carries it
		// ("Run, and keep the dates").
		const approvalComment = denied.length === 0 ? comment : undefined;
		for (const callId of approved.filter((id) => !offered.has(id))) {
			log.append({
				type: "tool_call_decided",
				callId,
				decision: "approved",
				by: "user",
				...(approvalComment ? { comment: approvalComment } : {}),
			});
		}
		for (const callId of denied.filter((id) => !offered.has(id))) {
			log.append({
				type: "tool_call_decided",
				callId,
				decision: "denied",
				by: "user",
				...(comment ? { comment } : {}),
			});
		}
		if (reviewed || log.state().pendingApprovals.length === 0) this.drive(log);
		return { ok: true };
	}

	async setToolPreference(params: { threadId: string; tool: string; preference: ToolPreference }): Promise<Result> {
		const found = await this.find(params);
		if (found.error) return found.error;
		if (typeof params.tool !== "string" || params.tool.trim() === "")
			return fail("bad_params", "tool must be a tool name");
		if (!isPreference(params.preference)) return fail("bad_params", 'preference must be "prompt", "always" or "never"');
		const { log } = found;
		log.append({ type: "tool_preference_set", tool: params.tool, preference: params.preference });
		// Its waiting cards are answered by the policy, in the drive (src/agent/waiting-calls.ts).
		if (params.preference !== "prompt" && cardWaitsFor(log.state(), params.tool)) this.drive(log);
		return { ok: true };
	}

	async answerQuestion(params: {
		threadId: string;
		askId: string;
		answers: AskAnswers;
		skipped?: boolean;
	}): Promise<Result> {
		const found = await this.find(params);
		if (found.error) return found.error;
		const { log } = found;
		if (typeof params.askId !== "string") return fail("bad_params", "askId must be a string");
		const question = log.state().questions[params.askId];
		if (!question || !log.state().openQuestions.includes(params.askId)) {
			return fail(
				"not_pending",
				question ? "This question was already answered" : `No question ${params.askId} in this thread`,
			);
		}
		if (!isRecord(params.answers)) return fail("bad_params", "answers must be an object keyed by question index");
		if (params.skipped !== undefined && typeof params.skipped !== "boolean")
			return fail("bad_params", "skipped must be true or false");
		const skipped = params.skipped === true;
		if (skipped && Object.keys(params.answers).length > 0)
			return fail("bad_params", "A skipped question takes no answers: give answers: {} with skipped: true");
		const problem = validateAnswers(question.questions, params.answers);
		if (problem !== null) return fail("bad_params", problem);
		log.append({
			type: "question_answered",
			askId: params.askId,
			answers: params.answers,
			...(skipped ? { skipped: true } : {}),
		});
		this.drive(log);
		return { ok: true };
	}

	/** v1.thread.reviewEdit: the user's decision on each change of a waiting draft; the drive writes what they accepted. */
	async reviewEdit(params: ReviewParams): Promise<Result> {
		const found = await this.find(params);
		if (found.error) return found.error;
		const { log } = found;
		const review = reviewEvent(log.state(), params);
		if ("error" in review) return review.error;
		log.append(review.event);
		this.drive(log);
		return { ok: true };
	}

	/** v1.thread.undoTurn: every write of one turn undone, newest first, each merge-safe (undo-turn.ts). */
	async undoTurn(params: { threadId: string; messageId: string }): Promise<Result<TurnUndone>> {
		const found = await this.find(params);
		if (found.error) return found.error;
		const { log } = found;
		if (typeof params.messageId !== "string") return fail("bad_params", "messageId must be a string");
		const writes = turnWrites(log.events(), log.state(), params.messageId);
		if (writes === null) return fail("not_found", `No message ${params.messageId} in this thread`);
		// A turn still running may write again after the undo: it is undone once it has ended.
		const newest = log.state().turns.at(-1);
		if (this.scheduler.isDriving(log.threadId) && newest?.userMessageId === params.messageId)
			return fail("busy", "This turn is still running; stop it or wait for it to end, then undo it");
		const result = await undoWrites(this.deps.history, writes, (entry) => this.announceRevert(entry));
		// The outcome is part of the chat: after a reload the pane still names what was left in place.
		if (result.ok && !log.isDiscarded())
			log.append({
				type: "turn_undone",
				messageId: params.messageId,
				undone: result.undone.map((write) => write.editId),
				notUndone: result.notUndone,
			});
		return result;
	}

	async stop(params: { threadId: string }): Promise<Result> {
		const found = await this.find(params);
		if (found.error) return found.error;
		const { log } = found;
		// A draft waiting for review is settled as rejected; it is never written later.
		const waited = log.state().openReviews.length > 0;
		stopReviews(log);
		this.scheduler.stop(log.threadId);
		// Stop on a paused turn ends it (the fold closes the pause at idle).
		if (log.state().pause && !this.scheduler.isDriving(log.threadId)) log.append({ type: "status", status: "idle" });
		if (waited && !this.scheduler.isDriving(log.threadId) && log.state().status !== "idle")
			log.append({ type: "status", status: "idle" });
		if (waited && !this.scheduler.isDriving(log.threadId)) await this.drafts.sweep(log);
		return { ok: true };
	}

	/** v1.thread.resume: Continue on a paused turn (issue 33); the drive picks it up where it paused. */
	async resume(params: { threadId: string }): Promise<Result> {
		const found = await this.find(params);
		if (found.error) return found.error;
		const { log } = found;
		const pause = log.state().pause;
		if (!pause) return fail("not_pending", "This chat is not paused");
		if (!this.scheduler.available) return fail("unavailable", "No agent is configured");
		log.append({ type: "turn_resumed", reason: pause.reason });
		this.drive(log);
		return { ok: true };
	}

	async retry(params: { threadId: string }): Promise<Result> {
		const found = await this.find(params);
		if (found.error) return found.error;
		if (!this.scheduler.available) return fail("unavailable", "No agent is configured");
		this.drive(found.log);
		return { ok: true };
	}

	listHistory(params: { path: string }): Promise<Result<{ entries: HistoryEntrySummary[] }>> {
		return listHistory(this.deps.history, params);
	}

	revertHistory(params: RevertParams): Promise<Result<Reverted>> {
		return revertHistory(this.deps.history, params, (entry) => this.announceRevert(entry));
	}

	locateHistory(params: { path: string; versionId: string }): Promise<Result<{ path: string }>> {
		return locateHistory(this.deps.history, params);
	}

	/**
	 * Tells each thread whose edit a revert took out or put back, and nobody else: a thread that
	 * was deleted, or whose log does not know the edit, is left alone.
	 */
	private async announceRevert(entry: HistoryEntry): Promise<void> {
		for (const { threadId, editId, event } of revertEvents(entry)) {
			const found = await this.find({ threadId });
			if (found.error || !found.log.state().edits[editId]) continue;
			found.log.append(event);
		}
	}

	/** Moves the thread forward; once the drive has let go, a chat without a title gets one. */
	private drive(log: ThreadLog): void {
		this.scheduler.schedule(log);
		void this.scheduler.idle(log.threadId).then(() => this.titles.consider(log));
	}

	/** The thread's log (loaded on first use), or the error to answer. */
	private async find(params: unknown): Promise<Found> {
		if (!isRecord(params) || typeof params.threadId !== "string")
			return { error: fail("bad_params", "threadId must be a string") };
		const threadId = params.threadId;
		await this.load();
		if (!isThreadId(threadId) || !this.index.has(threadId))
			return { error: fail("unknown_thread", `No thread ${threadId}`) };
		const log = await this.logs.get(threadId);
		if (this.closed) return { error: fail("unavailable", "The thread service is closed") };
		if (!log || log.isDiscarded()) return { error: fail("unknown_thread", `No thread ${threadId}`) };
		await this.recovered(log);
		if (this.closed) return { error: fail("unavailable", "The thread service is closed") };
		return { log };
	}

	/** Recovers a log that was left mid-turn (recovery.ts), once, before its first use. */
	private recovered(log: ThreadLog): Promise<void> {
		const { threadId } = log;
		if (!this.unrecovered.has(threadId) || log.isSealed()) return Promise.resolve();
		let recovering = this.recovering.get(threadId);
		if (!recovering) {
			// Kept across the driver's appends: a state that later events leave as it is.
			const opened = log.sharedState();
			recovering = (async () => {
				try {
					await this.deps.driver?.recover?.(log);
				} catch (error) {
					console.warn(`Redline: could not recover thread ${threadId} in full`, error);
				}
				recoverInterrupted(log, opened);
			})().finally(() => {
				this.unrecovered.delete(threadId);
				this.recovering.delete(threadId);
			});
			this.recovering.set(threadId, recovering);
		}
		return recovering;
	}

	/** Opens a log from the store; one that was left mid-turn (not sealed here) is recovered on first use (find). */
	private async openLog(threadId: string, sealedAt: number | undefined): Promise<ThreadLog | null> {
		const tools = this.deps.tools;
		const upgrade = tools ? { upgrade: () => toolWordsUpgrade(tools) } : {};
		const log = await ThreadLog.open(this.deps.store, threadId, {
			...this.logOptions(),
			...upgrade,
			...(sealedAt !== undefined ? { sealedAt } : {}),
			onSnapshot: (view, checked) => this.snapshots.opened(threadId, view, checked),
			listedSeq: this.index.get(threadId)?.lastSeq,
			// A long log still being read when the service closes is given up (close waits for it).
			stopped: () => this.closed,
		}).finally(() => this.snapshots.done(threadId));
		if (!log) return null;
		// Recovered on first use (find): a log sealed here unrecovered (an open of the backfill
		// that nobody used) stays to recover on its next open, though sealedAt then matches.
		if (log.state().lastSeq !== sealedAt && wasInterrupted(log.state())) this.unrecovered.add(threadId);
		this.unloadIdleSoon();
		return log;
	}

	/** Unloads idle logs beyond the limits (their count and bytes), in a later task: never under a method that holds one. */
	private unloadIdleSoon(): void {
		if (this.unloadTimer !== null || this.closed) return;
		this.unloadTimer = timers.set(() => {
			this.unloadTimer = null;
			if (!this.closed) this.logs.unloadIdle((log) => this.isBusy(log));
		}, 0);
	}

	/** A log in use beyond its subscribers: driven, or a chat whose title is being made (appended to this very log). */
	private isBusy(log: ThreadLog): boolean {
		return this.scheduler.isDriving(log.threadId) || this.titles.isMaking(log.threadId);
	}

	private newLog(threadId: string, events: []): ThreadLog {
		return new ThreadLog(threadId, this.deps.store, this.logOptions(), events);
	}

	private logOptions() {
		return {
			...(this.deps.now ? { now: this.deps.now } : {}),
			onPersisted: (log: ThreadLog) => {
				if (this.refreshIndex(log)) void this.index.save();
				else this.index.saveSoon();
			},
		};
	}

	/** Updates the thread's index entry; true when the list changed beyond recency. */
	private refreshIndex(log: ThreadLog): boolean {
		const summary = summarize(log);
		return summary !== null && this.logs.has(log.threadId) && this.index.set(summary);
	}
}
