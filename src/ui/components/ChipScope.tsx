/**
 * What a chip's pin does, and the toggle that changes it, shared by pinned notes and set chips:
 * "for this message" (the service unpins it once the next message is sent) or "kept for every
 * message in this chat". Keep is a toggle (aria-pressed): its name stays, the state is its own.
 */
import type { PinnedItem } from "../../log/events";
import { pinScope } from "../../log/projection";

export function ChipScope({
	item,
	name,
	onPin,
}: {
	item: PinnedItem;
	name: string;
	onPin: (item: PinnedItem) => void;
}) {
	const kept = pinScope(item) === "chat";
	return (
		<>
			<span className="redline-pin-scope">{kept ? "kept for every message in this chat" : "for this message"}</span>
			<button
				type="button"
				className="redline-inline-button redline-pin-keep"
				aria-pressed={kept}
				aria-label={`Keep ${name} for every message in this chat`}
				onClick={() => onPin({ ...item, scope: kept ? "message" : "chat" })}
			>
				Keep
			</button>
		</>
	);
}
