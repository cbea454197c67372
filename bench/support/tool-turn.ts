/**
 * A realistic logged turn with two tool calls, shared by the thread benches (opening a long
 * thread) and the step-cost bench (a turn in a long thread).
 */
import type { NewEvent } from "../../src/log/events";

/**
 * A turn as the app logs one with two tool calls (about 20 events): two notes read; in every
 * fifth turn the second call is an approved edit of a note instead, in every 25th the first is
 * an askUser question, asked and answered. Edits and questions are what a fold looks up by call.
 */
export function toolTurn(i: number): NewEvent[] {
	const messageId = `a${i}`;
	const events: NewEvent[] = [
		{ type: "user_message", messageId: `u${i}`, content: `Please check notes ${i} and ${i + 1}`, pinned: [] },
		{ type: "status", status: "thinking" },
		{ type: "assistant_message_started", messageId },
	];
	for (const text of ["Let", " me", " read", " both", " notes", "."])
		events.push({ type: "assistant_token", messageId, text });
	if (i % 25 === 0) {
		const callId = `c${i}_0`;
		events.push(
			{
				type: "tool_call_proposed",
				callId,
				tool: "askUser",
				args: { questions: [{ question: "Which folder?", options: [{ label: "Notes" }, { label: "Daily" }] }] },
				messageId,
			},
			{ type: "tool_call_decided", callId, decision: "approved", by: "policy" },
			{ type: "tool_call_started", callId },
			{
				type: "question_asked",
				askId: `ask${i}`,
				callId,
				questions: [
					{ question: "Which folder?", options: [{ label: "Notes" }, { label: "Daily" }], multiSelect: false },
				],
			},
			{ type: "status", status: "waiting_for_answer" },
			{ type: "question_answered", askId: `ask${i}`, answers: { 0: ["Notes"] } },
			{ type: "tool_call_completed", callId, result: { status: "success", message: "The user chose Notes" } },
		);
	}
	for (let c = i % 25 === 0 ? 1 : 0; c < 2; c++) {
		const callId = `c${i}_${c}`;
		const path = `Notes/Note ${i + c}.md`;
		if (c === 1 && i % 5 === 0) {
			const editId = `e${i}`;
			events.push(
				{
					type: "tool_call_proposed",
					callId,
					tool: "declareEditIntent",
					args: { path, operation: "modify", description: "remove the headings" },
					messageId,
				},
				{ type: "edit_intent_declared", editId, callId, path, operation: "modify", description: "remove the headings" },
				{ type: "status", status: "waiting_for_approval" },
				{ type: "tool_call_decided", callId, decision: "approved", by: "user" },
				{ type: "tool_call_started", callId },
				{ type: "tool_call_progress", callId, phase: "generating", fraction: 0.5 },
				{ type: "edit_applied", editId, path, versionId: `v${i}`, added: 3, removed: 5 },
				{
					type: "tool_call_completed",
					callId,
					result: { status: "success", message: `Edited ${path}: 3 lines added, 5 removed`, path },
				},
			);
			continue;
		}
		events.push(
			{ type: "tool_call_proposed", callId, tool: "readNote", args: { path }, messageId },
			{ type: "tool_call_decided", callId, decision: "approved", by: "policy" },
			{ type: "tool_call_started", callId },
			{
				type: "tool_call_completed",
				callId,
				result: { status: "success", message: `${path} (12 lines):\n${"A line of the note. ".repeat(12)}`, path },
			},
		);
	}
	events.push(
		{ type: "assistant_message_completed", messageId, finishReason: "tool_calls" },
		{ type: "status", status: "idle" },
	);
	return events;
}
