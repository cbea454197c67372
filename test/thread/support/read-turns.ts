/**
 * Stored turns of a thread for tests that write logs by hand: each turn a user message, a reply
 * that reads one note (proposed, approved, run, its result `N<t>.md: <note> <t>`) and idle.
 */
import type { NewEvent, StoredEvent } from "../../../src/log/events";

const AT = "2026-12-04T10:00:00.000Z";

export function readTurns(
	threadId: string,
	firstSeq: number,
	count: number,
	words: string,
	note = "text",
): StoredEvent[] {
	const events: NewEvent[] = [];
	for (let t = 0; t < count; t++) {
		const messageId = `a${words}${t}`;
		const callId = `c${words}${t}`;
		events.push(
			{ type: "user_message", messageId: `u${words}${t}`, content: `${words} ${t}`, pinned: [] },
			{ type: "assistant_message_started", messageId },
			{ type: "assistant_token", messageId, text: `Reading note ${t}.` },
			{ type: "tool_call_proposed", callId, tool: "readNote", args: { path: `N${t}.md` }, messageId },
			{ type: "tool_call_decided", callId, decision: "approved", by: "policy" },
			{ type: "tool_call_started", callId },
			{ type: "tool_call_completed", callId, result: { status: "success", message: `N${t}.md: ${note} ${t}` } },
			{ type: "assistant_message_completed", messageId, finishReason: "stop" },
			{ type: "status", status: "idle" },
		);
	}
	return events.map((event, i) => ({ ...event, seq: firstSeq + i, threadId, at: AT }));
}
