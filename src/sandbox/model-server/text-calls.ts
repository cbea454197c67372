/**
 * The scripted server playing a model without native tool calling, as the "Text tool calls"
 * setting expects one (docs/protocol.md): it writes a script's tool calls as tagged text in its
 * reply, and reads back the results Redline sends as <tool_response> blocks in a user message. The
 * request helpers (lastUserText, toolResults) see through that form, so one script serves a native
 * and a text-tool model alike.
 */
import { TEXT_TOOLS_HEADING } from "../../agent/text-tool-format";
import type { RecordedRequest, ScriptedReply, WireMessage } from "./types";

/** The reply a text-only model writes for a scripted reply: its calls as tagged text after its text. */
export function callsAsText(reply: ScriptedReply): ScriptedReply {
	if (!reply.toolCalls?.length) return reply;
	const calls = reply.toolCalls.map((call) => {
		// Raw string arguments go out verbatim, so a script can still write a malformed call.
		const args = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
		return `<tool_call>\n{"name": ${JSON.stringify(call.name)}, "arguments": ${args}}\n</tool_call>`;
	});
	const text = [reply.text?.trimEnd() ?? "", ...calls].filter((part) => part !== "").join("\n");
	const { toolCalls: _calls, ...rest } = reply;
	return {
		...rest,
		text,
		finishReason: reply.finishReason === "tool_calls" || reply.finishReason === undefined ? "stop" : reply.finishReason,
	};
}

/** Ollama's answer to `tools` for a model whose template has none (its real words and shape). */
export function toolsRefusedBody(model: string): unknown {
	return { error: { message: `${model} does not support tools`, type: "api_error", param: null, code: null } };
}

const RESPONSE = /<tool_response name="((?:[^"\\]|\\.)*)"(?: status="error")?>\n([\s\S]*?)\n<\/tool_response>/g;

/** A user message that only carries tool results (a text-tool model's results), not the user's words. */
export function isToolResponseMessage(message: WireMessage, text: string): boolean {
	return message.role === "user" && text.trimStart().startsWith("<tool_response");
}

/** The results in such a message, in order. */
export function textToolResults(text: string): Array<{ name: string; content: string }> {
	return [...text.matchAll(RESPONSE)].map((match) => ({
		name: JSON.parse(`"${match[1] ?? ""}"`) as string,
		content: match[2] ?? "",
	}));
}

/** Whether the request offers tools in its system prompt ("Text tool calls"). */
export function offersTextTools(request: RecordedRequest, text: (message: WireMessage) => string): boolean {
	const first = request.body.messages[0];
	return first?.role === "system" && text(first).includes(TEXT_TOOLS_HEADING);
}
