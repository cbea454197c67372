/**
 * A draft as the thread will hold it once sent (the context meter's estimate, v1.context.measure):
 * sendMessage logs a user_message carrying every pinned item, then unpins those pinned for that
 * message alone. So the model sees the message with all of them, its system prompt names only
 * the pins that stay, and only their notes' last reads stay in view (transcript-fold.ts).
 */
import type { DraftMessage } from "../log/driver";
import type { PinnedItem } from "../log/events";
import { pinScope } from "../log/projection";
import type { ThreadState } from "../log/state";
import type { NextMessage } from "./transcript-fold";

export function nextMessage(
	state: ThreadState,
	draft: DraftMessage,
): { message: NextMessage; pinnedAfter: PinnedItem[] } {
	const pinnedNow = new Set(notePaths(state.pinned));
	const message: NextMessage = {
		seq: state.lastSeq + 1,
		content: draft.content,
		pinned: draft.pinned,
		context: draft.context,
		...(draft.selection ? { selection: draft.selection } : {}),
		pinsAdded: notePaths(draft.pinned).filter((path) => !pinnedNow.has(path)),
		pinsDropped: new Set(notePaths(draft.pinned.filter((item) => pinScope(item) === "message"))),
	};
	return { message, pinnedAfter: draft.pinned.filter((item) => pinScope(item) !== "message") };
}

function notePaths(items: readonly PinnedItem[]): string[] {
	return items.flatMap((item) => ("path" in item ? [item.path] : []));
}
