/**
 * Helpers that make a test read like a conversation: `scripted(reply.text("Hi"), ...)` answers the
 * Nth call with the Nth entry, and the request helpers let an entry depend on what the client sent.
 */
import { isToolResponseMessage, offersTextTools, textToolResults } from "./text-calls";
import type { ModelScript, RecordedRequest, ScriptedReply, ScriptedToolCall, WireMessage } from "./types";

/** Raised when a script cannot answer; the server turns it into an HTTP 500 carrying the message. */
export class ScriptError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "ScriptError";
	}
}

export type ScriptStep = ScriptedReply | ((request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>);

/** Answers call N with step N; past the end every call fails with "script exhausted: ...". */
export function scripted(...steps: ScriptStep[]): ModelScript {
	// Counted here rather than taken from context.callIndex so one script can be handed to
	// setScript mid-test and still start from its first step.
	let next = 0;
	return async (request) => {
		const index = next++;
		const step = steps[index];
		if (step === undefined) {
			const last = lastUserText(request);
			throw new ScriptError(
				`script exhausted: call ${index + 1} but the script has ${steps.length} repl${steps.length === 1 ? "y" : "ies"}` +
					(last === undefined ? "" : ` (last user message: ${JSON.stringify(last.slice(0, 80))})`),
			);
		}
		return typeof step === "function" ? await step(request) : step;
	};
}

/** Builders for the common replies. Plain ScriptedReply objects work just as well. */
export const reply = {
	text(text: string, extra: Omit<ScriptedReply, "text"> = {}): ScriptedReply {
		return { ...extra, text };
	},
	toolCalls(
		calls: Array<{ name: string; args: Record<string, unknown> | string; id?: string }>,
		text?: string,
		extra: Omit<ScriptedReply, "text" | "toolCalls"> = {},
	): ScriptedReply {
		const toolCalls: ScriptedToolCall[] = calls.map((c) => ({
			name: c.name,
			arguments: c.args,
			...(c.id === undefined ? {} : { id: c.id }),
		}));
		return { ...extra, toolCalls, ...(text === undefined ? {} : { text }) };
	},
	/** A thinking model's reply: `reasoning` sent the way `as` says, then `text`. */
	thinking(
		reasoning: string,
		text: string,
		as: ScriptedReply["reasoningAs"] = "think",
		extra: Omit<ScriptedReply, "text" | "reasoning" | "reasoningAs"> = {},
	): ScriptedReply {
		return { ...extra, reasoning, reasoningAs: as, text };
	},
	/** An HTTP error reply, e.g. `reply.httpError(429, { retryAfterSeconds: 2 })`; `body` sends a
	 * provider's own error JSON instead of OpenAI's shape. */
	httpError(
		status: number,
		options: { retryAfterSeconds?: number; message?: string; body?: unknown } = {},
	): ScriptedReply {
		return { fault: { kind: "http", status, ...options } };
	},
	/** Streams `text` but cuts the connection after `afterChunks` chunks. */
	drop(afterChunks: number, text = "This reply is cut off before it ends, mid sentence."): ScriptedReply {
		return { text, fault: { kind: "drop", afterChunks } };
	},
};

/** The text of a message's content, whether a string or an array of content parts. */
export function messageText(message: WireMessage): string {
	const content = message.content;
	if (typeof content === "string") return content;
	if (Array.isArray(content)) {
		return content
			.map((part: unknown) =>
				typeof part === "object" && part !== null && "text" in part && typeof part.text === "string" ? part.text : "",
			)
			.join("");
	}
	return "";
}

/** The text of the last user message (tool results sent to a text-tool model are not one), or undefined. */
export function lastUserText(request: RecordedRequest): string | undefined {
	const messages = request.body.messages ?? [];
	for (let i = messages.length - 1; i >= 0; i--) {
		const text = messageText(messages[i]);
		if (messages[i].role === "user" && !isToolResponseMessage(messages[i], text)) return text;
	}
	return undefined;
}

/**
 * The tool results of the last turn: the tool messages after the last assistant message, or for a
 * text-tool model the <tool_response> blocks of the last message (they have no call ids).
 */
export function toolResults(request: RecordedRequest): Array<{ toolCallId: string; name?: string; content: string }> {
	const messages = request.body.messages ?? [];
	const last = messages.at(-1);
	if (last && isToolResponseMessage(last, messageText(last)))
		return textToolResults(messageText(last)).map((r) => ({ toolCallId: "", ...r }));
	let start = messages.length;
	while (start > 0 && messages[start - 1].role === "tool") start--;
	const assistant = messages[start - 1];
	const names = new Map(
		(assistant?.role === "assistant" ? (assistant.tool_calls ?? []) : []).map((c) => [c.id, c.function.name]),
	);
	return messages.slice(start).map((m) => ({
		toolCallId: m.tool_call_id ?? "",
		name: names.get(m.tool_call_id ?? ""),
		content: messageText(m),
	}));
}

/** Whether the client offered a tool with this name (natively, or in a text-tool system prompt). */
export function hasTool(request: RecordedRequest, name: string): boolean {
	if ((request.body.tools ?? []).some((t) => t.function?.name === name)) return true;
	return offersTools(request) && messageText(request.body.messages[0] ?? { role: "system" }).includes(`\n- ${name}: `);
}

/** Whether the client offered tools at all: a main-model request (apply and summary requests offer none). */
export function offersTools(request: RecordedRequest): boolean {
	return (request.body.tools?.length ?? 0) > 0 || offersTextTools(request, messageText);
}
