/**
 * What the user reads when a request does not fit the model's context even after recovery. With
 * a stated window that means what compaction may not touch (the newest message, the last step's
 * results, the pinned notes' last reads) is too large by itself: a new chat would not help, a
 * smaller ask, an unpinned note or a larger model would.
 */
import type { StoredEvent } from "../log/events";
import type { ContextOverflow } from "./context-errors";
import { statedLimit } from "./context-manager";
import type { PreparedRequest } from "./context-manager";
import { calibrationOf } from "./token-estimate";

export function contextExhaustedMessage(
	events: readonly StoredEvent[],
	overflow: ContextOverflow,
	request: PreparedRequest,
): string {
	const limit = statedLimit(overflow);
	const size = Math.round(request.estimatedPromptTokens * calibrationOf(events));
	return (
		`The request does not fit the model's context window${limit !== undefined ? ` (${limit.toLocaleString("en-US")} tokens)` : ""} ` +
		`even after compacting earlier messages: it still held about ${size.toLocaleString("en-US")} tokens, ` +
		`and the model server said: ${overflow.detail} ` +
		(limit !== undefined
			? "The newest message, tool result or pinned notes' last reads alone are too large for it: ask for less at a time (the chat can go on), unpin a note, or choose a model with a larger context window in Redline settings."
			: "It did not say how large the window is: Retry sends a smaller request. Or set the model's Context window (tokens) in Redline settings.")
	);
}
