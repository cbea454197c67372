/**
 * A message in the chat, named for assistive technology ("You", "Redline").
 *
 * An assistant message is rendered by the host's Markdown renderer into a div, once it is
 * complete. Memoized on the message object: the projection keeps finished messages as the same
 * objects, so only the one streaming re-renders. While it streams, the reply grows as plain text,
 * each piece appended as a text node in a part of the chat that is not live (aria-live="off",
 * aria-busy): the chat is a live region, and rendering the whole reply again for every chunk
 * would make a screen reader hear it again and again, or hear every token. The finished reply is
 * rendered once and announced once. The cursor is decoration (aria-hidden). A reply cut off by
 * Stop, a restart or a dropped connection says so, from the log (its finishReason).
 */
import { memo, useEffect, useRef } from "react";
import type { PinnedItem } from "../../log/events";
import { chipName } from "../../log/pinned-items";
import type { AssistantMessageView } from "../../log/state";
import { displayPath } from "../../vault/display-path";
import type { UiHost } from "../host";
import { noteRender } from "../render-probe";
import { sameReads, type NoteRead } from "../untrusted/notes-read";
import { renderUntrustedReply } from "../untrusted/render-reply";

/** What a cut-off reply says under its text, by the finishReason the log recorded. */
const CUT_OFF: Record<string, string> = {
	aborted: "Stopped",
	interrupted: "Interrupted",
	dropped: "Cut off: the connection to the model dropped",
};

interface AssistantMessageProps {
	message: AssistantMessageView;
	host: UiHost;
	/** The note text the model had seen when it wrote this reply (untrusted/notes-read.ts). */
	reads: readonly NoteRead[];
}

export const AssistantMessage = memo(
	function AssistantMessage({ message, host, reads: given }: AssistantMessageProps) {
		noteRender("AssistantMessage", message.messageId);
		// The same reads as a new array (every fold makes one) must not render the reply again.
		const readsRef = useRef(given);
		if (!sameReads(readsRef.current, given)) readsRef.current = given;
		const reads = readsRef.current;
		const ref = useRef<HTMLDivElement>(null);
		// The text already in the element while streaming (a prefix of message.text), null once rendered.
		const streamed = useRef<string | null>(null);
		useEffect(() => {
			const el = ref.current;
			if (!el || !message.streaming) return;
			const shown = streamed.current;
			if (shown !== null && message.text.startsWith(shown)) {
				if (message.text.length > shown.length)
					el.append(el.ownerDocument.createTextNode(message.text.slice(shown.length)));
			} else {
				el.replaceChildren(el.ownerDocument.createTextNode(message.text));
			}
			streamed.current = message.text;
		}, [message.streaming, message.text]);
		useEffect(() => {
			const el = ref.current;
			if (!el || message.streaming) return;
			streamed.current = null;
			el.replaceChildren();
			// The reply is untrusted content: see src/ui/untrusted/render-reply.ts.
			return renderUntrustedReply(host, el, message.text, { reads });
		}, [host, message.streaming, message.text, reads]);
		const cut = message.finishReason !== undefined ? CUT_OFF[message.finishReason] : undefined;
		if (message.text.length === 0 && !message.streaming && cut === undefined) return null;
		return (
			<article
				className={`redline-message redline-message-assistant${message.streaming ? " redline-message-streaming" : ""}`}
				aria-label="Redline"
				data-message-id={message.messageId}
			>
				<div
					ref={ref}
					className={`redline-markdown${message.streaming ? " redline-markdown-streaming" : ""}`}
					{...(message.streaming ? { "aria-live": "off", "aria-busy": true } : {})}
				/>
				{message.streaming && (
					<span className="redline-cursor" aria-hidden="true">
						▍
					</span>
				)}
				{cut && <p className="redline-message-cut">{cut}</p>}
			</article>
		);
	},
	(a, b) => a.message === b.message && a.host === b.host && sameReads(a.reads, b.reads),
);

export const UserMessage = memo(function UserMessage({ content, pinned }: { content: string; pinned: PinnedItem[] }) {
	return (
		<article className="redline-message redline-message-user" aria-label="You">
			{pinned.length > 0 && (
				<ul className="redline-message-pins" aria-label="Pinned notes">
					{pinned.map((item, index) => (
						<li key={index} className="redline-chip">
							{"path" in item ? displayPath(item.path) : chipName(item)}
						</li>
					))}
				</ul>
			)}
			<p className="redline-message-text">{content}</p>
		</article>
	);
});
