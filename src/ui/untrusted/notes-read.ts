/**
 * The notes read in a reply's turn, with the text the model was given: a link in the reply whose
 * URL carries some of that text is flagged before it opens. Pure, from the thread state: the
 * `tool_call_completed` results of successful `readNote` calls between the turn's user message
 * and the reply (and the reply's own calls).
 */
import type { ThreadState } from "../../thread/state";

export interface NoteRead {
	path: string;
	text: string;
}

/** A new array each time: the pane compares reads by content (sameReads), never by identity. */
export function notesReadInTurn(state: ThreadState, messageId: string): NoteRead[] {
	const index = state.messages.findIndex((message) => message.messageId === messageId);
	if (index < 0) return [];
	const read: NoteRead[] = [];
	for (let i = index; i >= 0; i--) {
		const message = state.messages[i];
		if (message === undefined || message.kind === "user") break;
		for (const callId of message.toolCallIds) {
			const call = state.toolCalls[callId];
			const result = call?.result;
			if (call?.tool !== "readNote" || result?.status !== "success") continue;
			read.push({ path: result.path ?? pathArg(call.args), text: result.message });
		}
	}
	return read;
}

function pathArg(args: unknown): string {
	const path = typeof args === "object" && args !== null ? (args as { path?: unknown }).path : undefined;
	return typeof path === "string" ? path : "a note";
}

/** Two lists name the same reads (so a memoized message does not render again for a new array). */
export function sameReads(a: readonly NoteRead[], b: readonly NoteRead[]): boolean {
	return a.length === b.length && a.every((read, i) => read.path === b[i]?.path && read.text === b[i]?.text);
}
