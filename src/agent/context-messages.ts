/** What the user reads when a chat no longer fits the model's context even after recovery. */
import type { StoredEvent } from "../thread/events";
import type { ContextOverflow } from "./context-errors";
import { statedLimit } from "./context-manager";
import type { PreparedRequest } from "./context-manager";
import { calibrationOf } from "./token-estimate";

export function contextExhaustedMessage(events: readonly StoredEvent[], overflow: ContextOverflow, request: PreparedRequest): string {
	const limit = statedLimit(overflow);
	const size = Math.round(request.estimatedPromptTokens * calibrationOf(events));
	return (
		`This chat no longer fits the model's context window${limit !== undefined ? ` (${limit.toLocaleString("en-US")} tokens)` : ""}, ` +
		`even after compacting earlier messages: the request still held about ${size.toLocaleString("en-US")} tokens, ` +
		`and the model server said: ${overflow.detail} ` +
		(limit !== undefined
			? "Start a new chat (the notes and their history are unaffected), or choose a model with a larger context window in Redline settings."
			: "It did not say how large the window is: Retry sends a smaller request. Or set the model's Context window (tokens) in Redline settings.")
	);
}
