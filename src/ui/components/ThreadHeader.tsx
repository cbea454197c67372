/**
 * The thread switcher: pick a chat, start one, rename or delete the current one, open the chat's
 * Permissions or the note history. Rename and delete confirm inline, never in a modal; the focus
 * follows: Rename opens prefilled with the title, Save or Escape return to Rename, the delete
 * confirmation takes the focus (on Cancel, the safe choice) and Escape cancels it.
 */
import { useLayoutEffect, useRef, useState } from "react";
import type { ThreadSummary } from "../../thread/service-api";

export interface ThreadHeaderProps {
	threads: ThreadSummary[];
	threadId: string | null;
	title: string | undefined;
	historyOpen: boolean;
	permissionsOpen: boolean;
	/** The id of the Permissions panel (aria-controls). */
	permissionsId: string;
	onSelect: (threadId: string) => void;
	onNew: () => void;
	onRename: (title: string) => Promise<boolean>;
	onDelete: () => Promise<boolean>;
	onToggleHistory: () => void;
	onTogglePermissions: (opener: HTMLElement) => void;
}

export function threadLabel(thread: { title?: string; createdAt?: string }): string {
	if (thread.title) return thread.title;
	return thread.createdAt ? `Chat of ${new Date(thread.createdAt).toLocaleString()}` : "New chat";
}

type Mode = "idle" | "renaming" | "deleting";

export function ThreadHeader(props: ThreadHeaderProps) {
	const { threads, threadId, title, historyOpen, permissionsOpen } = props;
	const [mode, setMode] = useState<Mode>("idle");
	const [draft, setDraft] = useState("");
	const listed = threads.some((t) => t.threadId === threadId);
	const selectRef = useRef<HTMLSelectElement>(null);
	const renameRef = useRef<HTMLButtonElement>(null);
	const deleteRef = useRef<HTMLButtonElement>(null);
	const cancelDeleteRef = useRef<HTMLButtonElement>(null);
	// Where the focus goes when the inline form closes (set by whoever closes it).
	const returnTo = useRef<HTMLElement | null>(null);
	const current = threads.find((t) => t.threadId === threadId);
	const shownTitle = title ?? (current ? threadLabel(current) : "");

	// A layout effect: the focus moves in the commit that removes the form, never via <body>.
	useLayoutEffect(() => {
		if (mode === "deleting") cancelDeleteRef.current?.focus();
		if (mode === "idle" && returnTo.current) {
			// A button disabled meanwhile (the chat was deleted) cannot take it: the chat list can.
			const target = returnTo.current as HTMLButtonElement;
			(target.isConnected && !target.disabled ? target : selectRef.current)?.focus();
			returnTo.current = null;
		}
	}, [mode]);

	const close = (focusTarget: HTMLElement | null): void => {
		returnTo.current = focusTarget;
		setMode("idle");
	};

	return (
		<header className="redline-header">
			<div className="redline-header-row">
				<select
					ref={selectRef}
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
				<button
					type="button"
					className="redline-button"
					aria-label="New chat"
					onClick={() => {
						setMode("idle");
						props.onNew();
					}}
				>
					New
				</button>
			</div>
			<div className="redline-header-row redline-header-actions">
				<button
					ref={renameRef}
					type="button"
					className="redline-button"
					aria-label="Rename chat"
					disabled={threadId === null}
					onClick={() => {
						setDraft(shownTitle);
						setMode("renaming");
					}}
				>
					Rename
				</button>
				<button
					ref={deleteRef}
					type="button"
					className="redline-button"
					aria-label="Delete chat"
					disabled={threadId === null}
					onClick={() => setMode("deleting")}
				>
					Delete
				</button>
				<button
					type="button"
					className="redline-button"
					aria-label="Permissions"
					aria-expanded={permissionsOpen}
					aria-controls={permissionsOpen ? props.permissionsId : undefined}
					disabled={threadId === null}
					onClick={(event) => props.onTogglePermissions(event.currentTarget)}
				>
					Permissions
				</button>
				<button
					type="button"
					className="redline-button"
					aria-label="Note history"
					aria-pressed={historyOpen}
					onClick={props.onToggleHistory}
				>
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
						void props.onRename(next).then((ok) => ok && close(renameRef.current));
					}}
				>
					<input
						type="text"
						className="redline-rename-input"
						aria-label="Chat name"
						value={draft}
						autoFocus
						onFocus={(event) => event.currentTarget.select()}
						onChange={(event) => setDraft(event.target.value)}
						onKeyDown={(event) => {
							if (event.key === "Escape") {
								event.preventDefault();
								close(renameRef.current);
							}
						}}
					/>
					<button type="submit" className="redline-button redline-cta mod-cta" aria-label="Save chat name">
						Save
					</button>
					<button
						type="button"
						className="redline-button"
						aria-label="Cancel rename"
						onClick={() => close(renameRef.current)}
					>
						Cancel
					</button>
				</form>
			)}
			{mode === "deleting" && (
				<div
					className="redline-header-row redline-confirm"
					role="group"
					aria-label="Confirm delete"
					onKeyDown={(event) => {
						if (event.key === "Escape") {
							event.preventDefault();
							close(deleteRef.current);
						}
					}}
				>
					<span>Delete this chat and its history of messages?</span>
					<button
						type="button"
						className="redline-button redline-danger mod-warning"
						aria-label="Confirm delete chat"
						onClick={() => void props.onDelete().then((ok) => close(ok ? selectRef.current : deleteRef.current))}
					>
						Delete
					</button>
					<button
						ref={cancelDeleteRef}
						type="button"
						className="redline-button"
						aria-label="Cancel delete"
						onClick={() => close(deleteRef.current)}
					>
						Cancel
					</button>
				</div>
			)}
		</header>
	);
}
