/**
 * The whole pane: thread switcher, the chat stream (or the note history), the Run all bar and the
 * composer. All thread state comes from the service's event log through useThread.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import type { PinnedItem } from "../../thread/events";
import { PaneContext } from "../context";
import type { UiHost } from "../host";
import { useActiveNote } from "../hooks/useActiveNote";
import { useThread } from "../hooks/useThread";
import { useThreads } from "../hooks/useThreads";
import { Composer } from "./Composer";
import { HistoryPanel } from "./HistoryPanel";
import { IndexProgress } from "./IndexProgress";
import { MessageList } from "./MessageList";
import { RunAllBar } from "./RunAllBar";
import { ThreadHeader } from "./ThreadHeader";
import { useStickToBottom } from "../hooks/useStickToBottom";

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

	// On first load, continue the most recent chat: that is what reopening the pane should show.
	useEffect(() => {
		if (!chosen && threads.loaded) {
			setChosen(true);
			if (threads.threads[0]) setThreadId(threads.threads[0].threadId);
		}
	}, [chosen, threads.loaded, threads.threads]);

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

	// The host's commands act on the chat shown here: "New chat" clears it (a thread is made on
	// the first message), "Pin the active note" pins to it.
	useEffect(
		() =>
			host.onRequest?.((request) => {
				setChosen(true);
				if (request.kind === "new-chat") setThreadId(null);
				else void onPin({ path: request.path }, "pin");
			}),
		[host, onPin],
	);

	const context = useMemo(() => (threadId ? { host, threadId } : null), [host, threadId]);
	const streaming = state?.messages.some((m) => m.kind === "assistant" && m.streaming) ?? false;
	const historyKey = state ? `${state.editOrder.length}:${Object.values(state.edits).filter((e) => e.applied || e.reverted).length}` : "";

	return (
		<div className="redline-pane">
			<ThreadHeader
				threads={threads.threads}
				threadId={threadId}
				title={state?.title}
				historyOpen={historyOpen}
				onSelect={setThreadId}
				onNew={() => {
					// A chat is created on its first message or pin, so empty chats do not pile up.
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
			<IndexProgress feed={host.indexStatus} />
			{historyOpen && <HistoryPanel host={host} path={activeNote} refreshKey={historyKey} />}
			<div className="redline-body" ref={scrollRef}>
				{view?.error && <p className="redline-inline-error" role="alert">{view.error.message}</p>}
				{context && state && (view.caughtUp || view.error) ? (
					<PaneContext.Provider value={context}>
						<MessageList key={state.threadId} state={state} host={host} />
					</PaneContext.Provider>
				) : (
					<p className="redline-empty">{threadId ? "Loading…" : "Ask about your notes, or ask Redline to change one."}</p>
				)}
			</div>
			{context && state && (
				<PaneContext.Provider value={context}>
					<RunAllBar state={state} />
				</PaneContext.Provider>
			)}
			<Composer
				host={host}
				pinned={state?.pinned ?? []}
				status={state?.status ?? "idle"}
				streaming={streaming}
				activeNote={activeNote}
				error={error}
				onSend={onSend}
				onStop={() => {
					if (threadId) void service.stop({ threadId }).then(report);
				}}
				onPin={(item) => void onPin(item, "pin")}
				onUnpin={(item) => void onPin(item, "unpin")}
			/>
		</div>
	);
}
