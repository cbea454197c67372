/**
 * The transcript for a model with "Text tool calls": the messages transcript.ts built, with each
 * call rendered back into the tagged form the model wrote it in (a call it could not read, as it
 * wrote it) and each run of results as one user message of <tool_response> blocks. A model without
 * native tool calling often has no chat template for `tool` messages or `tool_calls`; plain text
 * in the two roles every template has is what it reads reliably. The log is the same either way.
 */
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { BaseMessage } from "@langchain/core/messages";
import { isKnownEvent } from "../log/events";
import type { StoredEvent } from "../log/events";
import { eventsFold } from "../log/events-fold";
import { renderRawToolCall, renderToolCall, renderToolResponse } from "./text-tool-format";

export function toTextToolTranscript(messages: readonly BaseMessage[], events: readonly StoredEvent[]): BaseMessage[] {
	const unreadable = unreadableCalls(events);
	const names = new Map<string, string>();
	const out: BaseMessage[] = [];
	let results: string[] = [];
	const flushResults = (): void => {
		if (results.length > 0) out.push(new HumanMessage(results.join("\n")));
		results = [];
	};
	for (const message of messages) {
		if (ToolMessage.isInstance(message)) {
			const content = typeof message.content === "string" ? message.content : message.text;
			results.push(renderToolResponse(names.get(message.tool_call_id) ?? "tool", content, message.status === "error"));
			continue;
		}
		flushResults();
		const calls = AIMessage.isInstance(message) ? (message.tool_calls ?? []) : [];
		if (calls.length === 0) {
			out.push(message);
			continue;
		}
		const rendered = calls.map((call) => {
			if (call.id) names.set(call.id, call.name);
			const raw = call.id ? unreadable.get(call.id) : undefined;
			return raw !== undefined ? renderRawToolCall(raw) : renderToolCall(call.name, call.args);
		});
		const text = typeof message.content === "string" ? message.content : message.text;
		out.push(new AIMessage([text.trimEnd(), ...rendered].filter((part) => part !== "").join("\n")));
	}
	flushResults();
	return out;
}

/** Calls logged with their raw text (arguments that could not be read), by callId. */
function unreadableCalls(events: readonly StoredEvent[]): Map<string, string> {
	return unreadableByCall.of(events);
}

/** Kept between steps (events-fold.ts): each step reads only the events appended since the last. */
const unreadableByCall = eventsFold<Map<string, string>>(
	() => new Map(),
	(raw, event) => {
		if (isKnownEvent(event) && event.type === "tool_call_proposed" && typeof event.args === "string")
			raw.set(event.callId, event.args);
	},
);
