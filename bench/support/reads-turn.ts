/**
 * A turn of a long research thread, for the open-a-long-thread bench: a user message, then three
 * assistant messages that each read eight notes at once (readNote results carry the note, about
 * 3.3 KB, as the model reads it). 24 calls in 111 events: a 20,000-call thread of these is about
 * 90,000 events and 75 MB of log, the shape issue 32 measured (82k events, 71 MB).
 */
import type { NewEvent } from "../../src/log/events";

const WORDS = "the plan lists trips reading notes garden budget links tags daily review ideas project".split(" ");

/** A note's text, different for each call: 45 lines of words. */
function noteText(seed: number): string {
	const lines: string[] = [];
	for (let l = 0; l < 45; l++) {
		const words: string[] = [];
		for (let w = 0; w < 10; w++) words.push(WORDS[(seed * 7 + l * 13 + w * 3) % WORDS.length]);
		lines.push(`- ${words.join(" ")}`);
	}
	return lines.join("\n");
}

export function readsTurn(i: number): NewEvent[] {
	const events: NewEvent[] = [
		{ type: "user_message", messageId: `u${i}`, content: `Summarise the notes of batch ${i}`, pinned: [] },
		{ type: "status", status: "thinking" },
	];
	for (let m = 0; m < 3; m++) {
		const messageId = `a${i}_${m}`;
		events.push(
			{ type: "assistant_message_started", messageId },
			{ type: "assistant_token", messageId, text: m === 2 ? `Batch ${i} read.` : "Reading the next notes." },
		);
		for (let c = 0; c < 8; c++) {
			const callId = `c${i}_${m}_${c}`;
			const path = `Notes/Note ${i * 24 + m * 8 + c}.md`;
			events.push(
				{ type: "tool_call_proposed", callId, tool: "readNote", args: { path }, messageId },
				{ type: "tool_call_decided", callId, decision: "approved", by: "policy" },
				{ type: "tool_call_started", callId },
				{
					type: "tool_call_completed",
					callId,
					result: { status: "success", message: `${path} (45 lines):\n${noteText(i * 24 + m * 8 + c)}`, path },
				},
			);
		}
		events.push({ type: "assistant_message_completed", messageId, finishReason: "tool_calls" });
	}
	events.push({ type: "status", status: "idle" });
	return events;
}
