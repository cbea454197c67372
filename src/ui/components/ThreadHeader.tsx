/**
 * The pane's header, one row as Obsidian's own view headers: the chat's title (clipped by CSS
 * only), then icon buttons: New chat, Chat history (the searchable chat list), Note history,
 * Permissions, and ⋯ More (Rename, Delete). The list and the menu are the host's when it has
 * them (Obsidian: SuggestModal, Menu), else the pane's own the host hands in (UiHost.popups).
 *
 * Rename and delete confirm inline, never in a modal; the focus follows: Rename opens prefilled
 * with the title, Save or Escape return to More, the delete confirmation takes the focus (on
 * Cancel, the safe choice) and Escape cancels it; after a delete the focus goes to Chat history.
 */
import { useId, useLayoutEffect, useRef, useState } from "react";
import type { ThreadSummary } from "../../thread/service-api";
import { chatChoices, threadLabel } from "../chat-choices";
import type { MenuAction, UiHost } from "../host";
import { IconButton } from "./IconButton";

export interface ThreadHeaderProps {
	host: UiHost;
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
	/** What the chat spent so far, "12k tokens · $0.03" (issue 33); absent before any model call. */
	spent?: string;
	/** The time the chat list's dates are relative to (tests fix it). */
	now?: () => Date;
}

type Mode = "idle" | "renaming" | "deleting";
type Popup = "none" | "chats" | "menu";

export function ThreadHeader(props: ThreadHeaderProps) {
	const { host, threads, threadId, title, historyOpen, permissionsOpen } = props;
	const [mode, setMode] = useState<Mode>("idle");
	const [popup, setPopup] = useState<Popup>("none");
	const [draft, setDraft] = useState("");
	const chatsRef = useRef<HTMLButtonElement>(null);
	const moreRef = useRef<HTMLButtonElement>(null);
	const cancelDeleteRef = useRef<HTMLButtonElement>(null);
	const chatsId = useId();
	const menuId = useId();
	// Where the focus goes when the inline form closes (set by whoever closes it).
	const returnTo = useRef<HTMLElement | null>(null);
	const current = threads.find((t) => t.threadId === threadId);
	const shownTitle = threadId === null ? "New chat" : (title ?? (current ? threadLabel(current) : "New chat"));
	const noChat = threadId === null;
	const now = (): Date => props.now?.() ?? new Date();

	// A layout effect: the focus moves in the commit that removes the form, never via <body>.
	useLayoutEffect(() => {
		if (mode === "deleting") cancelDeleteRef.current?.focus();
		if (mode === "idle" && returnTo.current) {
			// A button disabled meanwhile (the chat was deleted) cannot take it: Chat history can.
			const target = returnTo.current;
			(target.isConnected && target.getAttribute("aria-disabled") !== "true" ? target : chatsRef.current)?.focus();
			returnTo.current = null;
		}
	}, [mode]);

	const close = (focusTarget: HTMLElement | null): void => {
		returnTo.current = focusTarget;
		setMode("idle");
	};
	const closePopup = (refocus: HTMLElement | null) => (again: boolean) => {
		setPopup("none");
		if (again) refocus?.focus();
	};

	const select = (id: string): void => {
		setMode("idle");
		props.onSelect(id);
	};
	const openChats = (): void => {
		if (popup === "chats") return setPopup("none");
		const choices = chatChoices(threads, { threadId, title }, now());
		if (host.chooseChat) host.chooseChat(choices, select);
		else setPopup("chats");
	};

	const actions: MenuAction[] = [
		{
			title: "Rename chat",
			icon: "pencil",
			disabled: noChat,
			run: () => {
				setDraft(title ?? (current?.title || ""));
				setMode("renaming");
			},
		},
		{ title: "Delete chat", icon: "trash-2", warning: true, disabled: noChat, run: () => setMode("deleting") },
	];
	const openMenu = (): void => {
		if (popup === "menu") return setPopup("none");
		setPopup("menu");
		const anchor = moreRef.current;
		if (host.showMenu && anchor) host.showMenu(anchor, actions, () => setPopup((p) => (p === "menu" ? "none" : p)));
	};
	const own = host.popups;
	const ownMenu = popup === "menu" && !host.showMenu && own !== undefined;

	return (
		<header className="redline-header">
			<div className="redline-header-bar">
				<div className="redline-header-title" title={shownTitle}>
					{shownTitle}
				</div>
				{props.spent && (
					<span className="redline-header-spent" title="Spent in this chat">
						<span className="redline-visually-hidden">Spent in this chat: </span>
						{props.spent}
					</span>
				)}
				<div className="redline-header-icons">
					<IconButton
						host={host}
						icon="square-pen"
						label="New chat"
						onClick={() => {
							setMode("idle");
							setPopup("none");
							props.onNew();
						}}
					/>
					<IconButton
						ref={chatsRef}
						host={host}
						icon="messages-square"
						label="Chat history"
						aria-haspopup="dialog"
						aria-expanded={popup === "chats"}
						aria-controls={popup === "chats" ? chatsId : undefined}
						onClick={openChats}
					/>
					<IconButton
						host={host}
						icon="history"
						label="Note history"
						aria-pressed={historyOpen}
						onClick={props.onToggleHistory}
					/>
					<IconButton
						host={host}
						icon="shield"
						label="Permissions"
						aria-expanded={permissionsOpen}
						aria-controls={permissionsOpen ? props.permissionsId : undefined}
						disabled={noChat}
						onClick={(event) => props.onTogglePermissions(event.currentTarget)}
					/>
					<span className="redline-menu-anchor">
						<IconButton
							ref={moreRef}
							host={host}
							icon="more-horizontal"
							label="More"
							aria-haspopup="menu"
							aria-expanded={popup === "menu"}
							aria-controls={ownMenu ? menuId : undefined}
							disabled={noChat}
							onClick={openMenu}
						/>
						{ownMenu && (
							<own.PaneMenu
								host={host}
								id={menuId}
								label="More"
								actions={actions}
								onClose={closePopup(moreRef.current)}
							/>
						)}
					</span>
				</div>
			</div>
			{popup === "chats" && own && (
				<own.ChatList
					id={chatsId}
					chats={chatChoices(threads, { threadId, title }, now())}
					onChoose={select}
					onClose={closePopup(chatsRef.current)}
				/>
			)}
			{mode === "renaming" && (
				<form
					className="redline-header-row redline-rename"
					onSubmit={(event) => {
						event.preventDefault();
						const next = draft.trim();
						if (next.length === 0) return;
						void props.onRename(next).then((ok) => ok && close(moreRef.current));
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
								close(moreRef.current);
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
						onClick={() => close(moreRef.current)}
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
							close(moreRef.current);
						}
					}}
				>
					<span>Delete this chat and its history of messages?</span>
					<button
						type="button"
						className="redline-button redline-danger mod-warning"
						aria-label="Confirm delete chat"
						onClick={() => void props.onDelete().then((ok) => close(ok ? chatsRef.current : moreRef.current))}
					>
						Delete
					</button>
					<button
						ref={cancelDeleteRef}
						type="button"
						className="redline-button"
						aria-label="Cancel delete"
						onClick={() => close(moreRef.current)}
					>
						Cancel
					</button>
				</div>
			)}
		</header>
	);
}
