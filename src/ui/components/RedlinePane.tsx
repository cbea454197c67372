/**
 * The whole pane: thread switcher, the history of the notes the chat changed, the chat stream,
 * the Run all bar and the composer. All thread state comes from the service's event log through useThread.
 */
import { chatTotal } from "../usage-words";
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { PinnedItem } from "../../log/events";
import type { ChipPreview } from "../../thread/context-chips";
import type { NextRequest } from "../../thread/context-measure";
import { PaneContext } from "../context";
import { FocusAfterDecision } from "../focus-after";
import type { UiHost } from "../host";
import { useActiveNote } from "../hooks/useActiveNote";
import { useThread } from "../hooks/useThread";
import { useThreads } from "../hooks/useThreads";
import { Composer, type ComposerHandle } from "./Composer";
import { EmptyChat } from "./EmptyChat";
import { ConnectionHint } from "./ConnectionHint";
import { changedNotes, HistoryPanel } from "./HistoryPanel";
import { IndexProgress } from "./IndexProgress";
import { MessageList } from "./MessageList";
import { PermissionsPanel } from "./PermissionsPanel";
import { RunAllBar } from "./RunAllBar";
import { ThreadHeader } from "./ThreadHeader";
import { useStickToBottom } from "../hooks/useStickToBottom";
import { useDecideNewest } from "../hooks/useDecideNewest";
import { ReviewDecisions } from "../review-decisions";

export interface RedlinePaneProps {
	host: UiHost;
}

export function RedlinePane({ host }: RedlinePaneProps) {
	const service = host.service;
	const threads = useThreads(service);
	const [threadId, setThreadId] = useState<string | null>(null);
	const [chosen, setChosen] = useState(false);
	const [historyOpen, setHistoryOpen] = useState(false);
	const [error, setError] = useState<string | null>(null);
	const activeNote = useActiveNote(host);
	const view = useThread(service, threadId, host.doc.defaultView);
	const state = view?.state;
	const scrollRef = useStickToBottom(state);
	const paneRef = useRef<HTMLDivElement>(null);
	const composerRef = useRef<ComposerHandle>(null);
	const [focus] = useState(() => new FocusAfterDecision());
	// The choices on drafted edits: the host's store (shared with the note's inline redline), else
	// the pane's own; the cards and the message box's Mod+Enter read the same one.
	const [reviewDecisions] = useState(() => host.reviewDecisions ?? new ReviewDecisions());
	// The Permissions panel: open on a tool (a card's Change) or on the first; closing it returns
	// the focus to the control that opened it.
	const [permissions, setPermissions] = useState<{ tool: string | null; opener: HTMLElement } | null>(null);
	const permissionsId = useId();
	const closePermissions = useCallback(() => {
		const opener = permissions?.opener;
		setPermissions(null);
		if (opener?.isConnected) opener.focus();
	}, [permissions]);
	const openPermissions = useCallback(
		(tool: string | null, opener: HTMLElement) => setPermissions({ tool, opener }),
		[],
	);

	// After every change of the thread, a decision made from a card may move the focus on.
	useLayoutEffect(() => focus.settle(paneRef.current), [focus, state]);
	// ...and after any other change of the pane's DOM (a card's own re-render can remove the focus too).
	useEffect(() => (paneRef.current ? focus.watch(paneRef.current) : undefined), [focus]);

	// The open notes show this chat's waiting drafts inline (the host's editors); none once the pane closes.
	const caughtUp = view?.caughtUp === true;
	useEffect(() => host.threadShown?.(caughtUp && state ? state : null), [host, caughtUp, state]);
	useEffect(() => () => host.threadShown?.(null), [host]);

	// On first load, continue the most recent chat: that is what reopening the pane should show.
	// Chosen while rendering (not in an effect after the commit), so the list's arrival and the
	// chat's subscription take one render and one frame, not two.
	if (!chosen && threads.loaded) {
		setChosen(true);
		if (threads.threads[0]) setThreadId(threads.threads[0].threadId);
	}

	// A title the log gives the chat on screen (its automatic title, a rename in another window)
	// goes into the list too, or the chat is listed untitled again once the user leaves it.
	const shownTitle = state?.title;
	const refreshThreads = threads.refresh;
	useEffect(() => {
		if (shownTitle !== undefined) void refreshThreads();
	}, [shownTitle, refreshThreads]);

	const report = useCallback(<T extends { ok: boolean; error?: { message: string } }>(result: T): T => {
		setError(result.ok ? null : (result.error?.message ?? "Something went wrong."));
		return result;
	}, []);

	const ensureThread = useCallback(async (): Promise<string | null> => {
		if (threadId) return threadId;
		const created = report(await service.createThread({}));
		if (!created.ok) return null;
		setThreadId(created.threadId);
		setChosen(true);
		void threads.refresh();
		return created.threadId;
	}, [report, service, threadId, threads]);

	const onSend = useCallback(
		async (content: string): Promise<boolean> => {
			const id = await ensureThread();
			if (!id) return false;
			return report(await service.sendMessage({ threadId: id, content })).ok;
		},
		[ensureThread, report, service],
	);

	const onPin = useCallback(
		async (item: PinnedItem, operation: "pin" | "unpin"): Promise<void> => {
			const id = await ensureThread();
			if (id) report(await service.pinItem({ threadId: id, operation, pinnedItem: item }));
		},
		[ensureThread, report, service],
	);

	const previewChip = useCallback(
		async (item: PinnedItem): Promise<ChipPreview | undefined> => {
			if (!threadId) return undefined;
			const previewed = await service.previewContext({ threadId, item });
			return previewed.ok ? previewed.preview : undefined;
		},
		[service, threadId],
	);

	// The meter's estimate of the next request: of this chat, or of a new one before its first message.
	const measureNext = useCallback(
		async (content: string): Promise<NextRequest | undefined> => {
			const answer = await service.measureContext({ ...(threadId ? { threadId } : {}), draft: { content } });
			return answer.ok ? answer.measured : undefined;
		},
		[service, threadId],
	);

	// The host's commands act on the chat shown here: "New chat" clears it (a thread is made on
	// the first message), "Pin the active note" pins to it.
	useEffect(
		() =>
			host.onRequest?.((request) => {
				setChosen(true);
				if (request.kind === "new-chat") setThreadId(null);
				// As "Pin active note" in the message box does: for the next message.
				else void onPin({ path: request.path, scope: "message" }, "pin");
			}),
		[host, onPin],
	);

	const context = useMemo(
		() => (threadId ? { host, threadId, focus, reviewDecisions, openPermissions } : null),
		[host, threadId, focus, reviewDecisions, openPermissions],
	);
	const decideNewest = useDecideNewest(host, threadId, state, reviewDecisions, paneRef, report);
	const streaming = state?.messages.some((m) => m.kind === "assistant" && m.streaming) ?? false;
	// Every apply, revert and restore names a new history entry: the panel reads its lists again.
	const historyKey = state
		? Object.values(state.edits)
				.map((e) => `${e.applied?.versionId}:${e.reverted?.versionId}:${e.restored?.versionId}`)
				.join(",")
		: "";
	// Keyed by what changed, not by the edits record: the pane's fold changes it in place (LiveFold).
	const historyPaths = useMemo(() => changedNotes(state), [historyKey, state?.editOrder]);

	const spent = state ? chatTotal(state.usage) : undefined;
	// What the next request sees changes with a reply, a pin or a compaction (each ends in a new
	// status, message or request), not with each streamed token, nor with older messages paged in
	// (the newest message names the reply: a page of earlier ones leaves it as it was).
	const measureRevision = state
		? `${state.status}|${state.messages.at(-1)?.seq ?? 0}|${state.context?.seq ?? 0}|${JSON.stringify(state.pinned)}`
		: "";
	// A chat is measured once it is shown: the service's estimate costs a pass over the whole
	// chat, and asked while the chat opens it delays the newest screen (and is asked again for
	// the state that then arrives).
	const measurable = chosen && (!threadId || view?.caughtUp === true);
	return (
		<div className="redline-pane" ref={paneRef}>
			<ThreadHeader
				host={host}
				threads={threads.threads}
				threadId={threadId}
				title={shownTitle}
				{...(spent ? { spent } : {})}
				historyOpen={historyOpen}
				permissionsOpen={permissions !== null && context !== null}
				permissionsId={permissionsId}
				onTogglePermissions={(opener) => (permissions ? closePermissions() : openPermissions(null, opener))}
				onSelect={(id) => {
					setPermissions(null);
					setThreadId(id);
				}}
				onNew={() => {
					// A chat is created on its first message or pin, so empty chats do not pile up.
					setPermissions(null);
					setThreadId(null);
					setError(null);
				}}
				onRename={async (title) => {
					if (!threadId) return false;
					const ok = report(await service.renameThread({ threadId, title })).ok;
					if (ok) await threads.refresh();
					return ok;
				}}
				onDelete={async () => {
					if (!threadId) return false;
					const ok = report(await service.deleteThread({ threadId })).ok;
					if (ok) {
						const remaining = await threads.refresh();
						setThreadId(remaining.find((t) => t.threadId !== threadId)?.threadId ?? null);
					}
					return ok;
				}}
				onToggleHistory={() => setHistoryOpen((open) => !open)}
			/>
			{permissions && context && state && (
				<PaneContext.Provider value={context}>
					<PermissionsPanel
						key={permissions.tool ?? ""}
						id={permissionsId}
						state={state}
						focusTool={permissions.tool}
						onClose={closePermissions}
					/>
				</PaneContext.Provider>
			)}
			<IndexProgress feed={host.indexStatus} />
			<ConnectionHint host={host} />
			{historyOpen && <HistoryPanel host={host} paths={historyPaths} refreshKey={historyKey} />}
			<div className="redline-body" ref={scrollRef}>
				{view?.error && (
					<p className="redline-inline-error" role="alert">
						{view.error.message}
					</p>
				)}
				{context && state && (view.caughtUp || view.error) ? (
					<PaneContext.Provider value={context}>
						<MessageList
							key={`${state.threadId}:${view.restarts}`}
							state={state}
							host={host}
							onLoadEarlier={view.loadEarlier}
						/>
					</PaneContext.Provider>
				) : (
					threadId && <p className="redline-empty">Loading…</p>
				)}
				{/* Not before the chat list is known: a reopened pane would flash the empty chat before its chat. */}
				{((!threadId && chosen) || (state && view.caughtUp && state.messages.length === 0)) && (
					<EmptyChat host={host} activeNote={activeNote} onSuggest={(text) => composerRef.current?.fill(text)} />
				)}
			</div>
			{context && state && (
				<PaneContext.Provider value={context}>
					<RunAllBar state={state} />
				</PaneContext.Provider>
			)}
			<Composer
				handle={composerRef}
				host={host}
				pinned={state?.pinned ?? []}
				status={state?.status ?? "idle"}
				streaming={streaming}
				activeNote={activeNote}
				waitingCalls={(state?.pendingApprovals.length ?? 0) + (state?.openReviews.length ?? 0)}
				waitingQuestions={state?.openQuestions.length ?? 0}
				error={error}
				onSend={onSend}
				onDecisionKey={decideNewest}
				onStop={() => {
					if (threadId) void service.stop({ threadId }).then(report);
				}}
				onPin={(item) => void onPin(item, "pin")}
				onUnpin={(item) => void onPin(item, "unpin")}
				context={state?.context}
				previewChip={previewChip}
				{...(measurable ? { measureNext, measureRevision } : {})}
			/>
		</div>
	);
}
