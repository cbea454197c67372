/**
 * The pane's own chat list, for a host without one (the sandbox page; Obsidian opens a
 * SuggestModal with the same choices): a search box over the chats, newest first, each with its
 * full title and when it was last active. It behaves as the modal does: the search box has the
 * focus, typing filters, the arrow keys move the highlighted chat (aria-activedescendant), Enter
 * or a click opens it, Escape closes the list; either gives the focus back to its button.
 */
import { useId, useLayoutEffect, useRef, useState } from "react";
import { filterChats, type ChatChoice } from "../chat-choices";

export interface ChatListProps {
	id: string;
	chats: readonly ChatChoice[];
	onChoose: (threadId: string) => void;
	/** refocus: give the focus back to the opener (Escape); false when it already went elsewhere. */
	onClose: (refocus: boolean) => void;
}

export function ChatList({ id, chats, onChoose, onClose }: ChatListProps) {
	const [query, setQuery] = useState("");
	const [active, setActive] = useState(0);
	const ref = useRef<HTMLDivElement>(null);
	const listId = useId();
	const shown = filterChats(chats, query);
	const activeIndex = Math.min(active, shown.length - 1);
	const optionId = (index: number) => `${listId}-${index}`;

	// The highlighted chat stays in view as the arrow keys move it through a long list.
	useLayoutEffect(() => {
		const option = ref.current?.ownerDocument.getElementById(optionId(activeIndex));
		option?.scrollIntoView?.({ block: "nearest" });
	}, [activeIndex]);

	const choose = (choice: ChatChoice | undefined): void => {
		if (!choice) return;
		// The focus goes back to the list's button, as it does after the modal in Obsidian.
		onClose(true);
		onChoose(choice.threadId);
	};

	return (
		<div
			ref={ref}
			id={id}
			className="redline-chat-list"
			role="dialog"
			aria-label="Chat history"
			onBlur={(event) => {
				const next = event.relatedTarget as Node | null;
				if (!next || !ref.current?.contains(next)) onClose(false);
			}}
		>
			<input
				type="text"
				className="redline-chat-list-search"
				role="combobox"
				aria-label="Search chats"
				// Collapsed while no chat is listed: an expanded combobox must name the list it controls.
				aria-expanded={shown.length > 0}
				aria-controls={shown.length > 0 ? listId : undefined}
				aria-autocomplete="list"
				aria-activedescendant={shown.length > 0 ? optionId(activeIndex) : undefined}
				placeholder="Search chats"
				autoFocus
				value={query}
				onChange={(event) => {
					setQuery(event.target.value);
					setActive(0);
				}}
				onKeyDown={(event) => {
					const count = shown.length;
					if (event.key === "ArrowDown" && count > 0) {
						event.preventDefault();
						setActive((activeIndex + 1) % count);
					} else if (event.key === "ArrowUp" && count > 0) {
						event.preventDefault();
						setActive((activeIndex - 1 + count) % count);
					} else if (event.key === "Enter") {
						event.preventDefault();
						choose(shown[activeIndex]);
					} else if (event.key === "Escape") {
						event.preventDefault();
						event.stopPropagation();
						onClose(true);
					}
				}}
			/>
			{shown.length === 0 ? (
				<p className="redline-chat-list-empty" role="status">
					{chats.length === 0 ? "No chats yet." : "No chats match."}
				</p>
			) : (
				<ul id={listId} className="redline-chat-list-options" role="listbox" aria-label="Chats">
					{shown.map((chat, index) => (
						<li
							key={chat.threadId}
							id={optionId(index)}
							role="option"
							aria-selected={index === activeIndex}
							aria-current={chat.current || undefined}
							className={`redline-chat-list-option${index === activeIndex ? " redline-chat-list-option-active" : ""}`}
							// The search box keeps the focus (a click must not blur the list shut first).
							onMouseDown={(event) => event.preventDefault()}
							onMouseMove={() => index !== activeIndex && setActive(index)}
							onClick={() => choose(chat)}
						>
							<span className="redline-chat-list-title">{chat.title}</span>
							<time className="redline-chat-list-date" dateTime={chat.at} title={chat.whenFull}>
								{chat.when}
							</time>
						</li>
					))}
				</ul>
			)}
		</div>
	);
}
