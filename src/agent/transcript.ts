/**
 * The model's messages, rebuilt from the thread's log every step. Nothing about the conversation
 * lives in memory between steps, which is what makes a resume after a restart exact.
 *
 * Each assistant message is followed by the results of its own calls, in call order, wherever
 * those results sit in the log: a user message sent while calls were pending is logged before
 * their (denied) results, yet the model must see the results first.
 */
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import type { BaseMessage } from "@langchain/core/messages";
import { isKnownEvent } from "../thread/events";
import type { PinnedItem, StoredEvent } from "../thread/events";
import type { ToolResult } from "../tools/result";

/**
 * finishReasons of assistant messages that failed; the model never sees them. "interrupted": a
 * reply cut by a crash or a quit (a Retry asks the model again, as after a dropped stream).
 */
export const DISCARDED_FINISH_REASONS: readonly string[] = ["dropped", "error", "interrupted"];

interface CallEntry {
	callId: string;
	tool: string;
	args: unknown;
	result?: ToolResult;
}

interface AssistantEntry {
	kind: "assistant";
	messageId: string;
	text: string;
	finishReason?: string;
	calls: CallEntry[];
}

type Entry = { kind: "user"; content: string; pinned: PinnedItem[] } | AssistantEntry;

/** How a pinned item is named to the model. */
export function describePinned(item: PinnedItem): string {
	return "path" in item ? JSON.stringify(item.path) : `(attachment ${item.handle})`;
}

export function userContent(content: string, pinned: readonly PinnedItem[]): string {
	if (pinned.length === 0) return content;
	return `${content}\n\n[Pinned notes: ${pinned.map(describePinned).join(", ")}]`;
}

export function buildTranscript(systemPrompt: string, events: readonly StoredEvent[]): BaseMessage[] {
	const entries: Entry[] = [];
	const assistants = new Map<string, AssistantEntry>();
	const calls = new Map<string, CallEntry>();
	for (const event of events) {
		if (!isKnownEvent(event)) continue;
		switch (event.type) {
			case "user_message":
				entries.push({ kind: "user", content: event.content, pinned: event.pinned ?? [] });
				break;
			case "assistant_message_started": {
				const entry: AssistantEntry = { kind: "assistant", messageId: event.messageId, text: "", calls: [] };
				assistants.set(event.messageId, entry);
				entries.push(entry);
				break;
			}
			case "assistant_token": {
				const entry = assistants.get(event.messageId);
				if (entry) entry.text += event.text;
				break;
			}
			case "assistant_message_completed": {
				const entry = assistants.get(event.messageId);
				if (entry) entry.finishReason = event.finishReason;
				break;
			}
			case "tool_call_proposed": {
				const call: CallEntry = { callId: event.callId, tool: event.tool, args: event.args };
				calls.set(event.callId, call);
				assistants.get(event.messageId)?.calls.push(call);
				break;
			}
			case "tool_call_completed": {
				const call = calls.get(event.callId);
				if (call) call.result = event.result;
				break;
			}
			default:
				break;
		}
	}

	const messages: BaseMessage[] = [new SystemMessage(systemPrompt)];
	for (const entry of entries) {
		if (entry.kind === "user") {
			messages.push(new HumanMessage(userContent(entry.content, entry.pinned)));
			continue;
		}
		if (entry.finishReason !== undefined && DISCARDED_FINISH_REASONS.includes(entry.finishReason)) continue;
		if (entry.text === "" && entry.calls.length === 0) continue;
		messages.push(
			new AIMessage({
				content: entry.text,
				tool_calls: entry.calls.map((call) => ({ id: call.callId, name: call.tool, args: objectArgs(call.args), type: "tool_call" as const })),
			}),
		);
		for (const call of entry.calls) {
			messages.push(
				new ToolMessage({
					tool_call_id: call.callId,
					content: call.result?.message ?? "This call did not run.",
					status: call.result === undefined || call.result.status === "error" ? "error" : "success",
				}),
			);
		}
	}
	return messages;
}

// Malformed arguments are logged as the raw text; the model is shown an empty object and an
// error result that quotes what was wrong.
function objectArgs(args: unknown): Record<string, unknown> {
	return args !== null && typeof args === "object" && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}
