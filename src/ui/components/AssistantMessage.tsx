/**
 * An assistant message rendered by the host's Markdown renderer into a div. Memoized on the
 * message object: the projection keeps finished messages as the same objects, so only the one
 * streaming re-renders.
 */
import { memo, useEffect, useRef } from "react";
import type { AssistantMessageView } from "../../thread/state";
import type { UiHost } from "../host";
import { noteRender } from "../render-probe";

export const AssistantMessage = memo(function AssistantMessage({ message, host }: { message: AssistantMessageView; host: UiHost }) {
	noteRender("AssistantMessage", message.messageId);
	const ref = useRef<HTMLDivElement>(null);
	useEffect(() => {
		const el = ref.current;
		if (!el) return;
		el.replaceChildren();
		const cleanup = host.renderMarkdown(el, message.text, "");
		return () => {
			if (typeof cleanup === "function") cleanup();
		};
	}, [host, message.text]);
	if (message.text.length === 0 && !message.streaming) return null;
	return (
		<article
			className={`redline-message redline-message-assistant${message.streaming ? " redline-message-streaming" : ""}`}
			aria-busy={message.streaming}
			data-message-id={message.messageId}
		>
			<div ref={ref} className="redline-markdown" />
		</article>
	);
});

export const UserMessage = memo(function UserMessage({ content, pinned }: { content: string; pinned: { path?: string; handle?: string }[] }) {
	return (
		<article className="redline-message redline-message-user">
			{pinned.length > 0 && (
				<ul className="redline-message-pins" aria-label="Pinned notes">
					{pinned.map((item, index) => (
						<li key={index} className="redline-chip">
							{item.path ?? item.handle}
						</li>
					))}
				</ul>
			)}
			<p className="redline-message-text">{content}</p>
		</article>
	);
});
