/**
 * The thread switcher: pick a chat, start one, rename or delete the current one. Rename and
 * delete confirm inline, never in a modal.
 */
import { useState } from "react";
import type { ThreadSummary } from "../../thread/service-api";

export interface ThreadHeaderProps {
	threads: ThreadSummary[];
	threadId: string | null;
	title: string | undefined;
	historyOpen: boolean;
	onSelect: (threadId: string) => void;
	onNew: () => void;
	onRename: (title: string) => Promise<boolean>;
	onDelete: () => Promise<boolean>;
	onToggleHistory: () => void;
}

export function threadLabel(thread: { title?: string; createdAt?: string }): string {
	if (thread.title) return thread.title;
	return thread.createdAt ? `Chat of ${new Date(thread.createdAt).toLocaleString()}` : "New chat";
}

export function ThreadHeader(props: ThreadHeaderProps) {
	const { threads, threadId, title, historyOpen } = props;
	const [mode, setMode] = useState<"idle" | "renaming" | "deleting">("idle");
	const [draft, setDraft] = useState("");
	const listed = threads.some((t) => t.threadId === threadId);

	return (
		<header className="redline-header">
			<div className="redline-header-row">
				<select
					className="redline-thread-select dropdown"
					aria-label="Chat"
					value={threadId ?? ""}
					onChange={(event) => {
						setMode("idle");
						if (event.target.value) props.onSelect(event.target.value);
					}}
				>
					{threadId === null && <option value="">New chat</option>}
					{threadId !== null && !listed && <option value={threadId}>{title ?? "New chat"}</option>}
					{threads.map((thread) => (
						<option key={thread.threadId} value={thread.threadId}>
							{thread.threadId === threadId && title ? title : threadLabel(thread)}
						</option>
					))}
				</select>
				<button type="button" className="redline-button" aria-label="New chat" onClick={() => { setMode("idle"); props.onNew(); }}>
					New
				</button>
				<button
					type="button"
					className="redline-button"
					aria-label="Rename chat"
					disabled={threadId === null}
					onClick={() => {
						setDraft(title ?? "");
						setMode("renaming");
					}}
				>
					Rename
				</button>
				<button type="button" className="redline-button" aria-label="Delete chat" disabled={threadId === null} onClick={() => setMode("deleting")}>
					Delete
				</button>
				<button type="button" className="redline-button" aria-label="Note history" aria-pressed={historyOpen} onClick={props.onToggleHistory}>
					History
				</button>
			</div>
			{mode === "renaming" && (
				<form
					className="redline-header-row redline-rename"
					onSubmit={(event) => {
						event.preventDefault();
						const next = draft.trim();
						if (next.length === 0) return;
						void props.onRename(next).then((ok) => ok && setMode("idle"));
					}}
				>
					<input
						type="text"
						className="redline-rename-input"
						aria-label="Chat name"
						value={draft}
						autoFocus
						onChange={(event) => setDraft(event.target.value)}
						onKeyDown={(event) => event.key === "Escape" && setMode("idle")}
					/>
					<button type="submit" className="redline-button mod-cta" aria-label="Save chat name">
						Save
					</button>
					<button type="button" className="redline-button" aria-label="Cancel rename" onClick={() => setMode("idle")}>
						Cancel
					</button>
				</form>
			)}
			{mode === "deleting" && (
				<div className="redline-header-row redline-confirm" role="group" aria-label="Confirm delete">
					<span>Delete this chat and its history of messages?</span>
					<button type="button" className="redline-button mod-warning" aria-label="Confirm delete chat" onClick={() => void props.onDelete().then(() => setMode("idle"))}>
						Delete
					</button>
					<button type="button" className="redline-button" aria-label="Cancel delete" onClick={() => setMode("idle")}>
						Cancel
					</button>
				</div>
			)}
		</header>
	);
}
