/**
 * DeepSeek's thinking mode (deepseek-reasoner; deepseek-v4-flash/pro by default): the reasoning
 * a reply streamed as `reasoning_content` alongside tool calls must come back, on that assistant
 * message, in every later request, else the API answers HTTP 400. The server remembers what it
 * sent by tool-call id and refuses, with DeepSeek's own body, a request whose assistant message
 * carries those calls without that same reasoning. Reasoning of a reply without tool calls is
 * ignored, as DeepSeek ignores it.
 * https://api-docs.deepseek.com/guides/thinking_mode#tool-calls
 */
import type { ChatRequestBody } from "./types";
import type { ResolvedReply } from "./wire";

export type ThinkingMode = "deepseek";

export const DEEPSEEK_MISSING_REASONING = "The reasoning_content in the thinking mode must be passed back to the API.";

export class ReasoningLedger {
	/** tool-call id -> the reasoning_content sent with that call's reply. */
	private readonly sent = new Map<string, string>();

	remember(reply: ResolvedReply): void {
		if (reply.reasoning?.field !== "reasoning_content") return;
		const text = reply.reasoning.tokens.join("");
		for (const call of reply.toolCalls) this.sent.set(call.id, text);
	}

	/** DeepSeek's 400 body when an assistant message lacks the reasoning sent with its calls, else null. */
	refusal(body: ChatRequestBody): unknown {
		for (const message of body.messages ?? []) {
			if (message.role !== "assistant") continue;
			for (const call of message.tool_calls ?? []) {
				const sent = this.sent.get(call.id);
				if (sent !== undefined && message.reasoning_content !== sent) {
					return {
						error: {
							message: DEEPSEEK_MISSING_REASONING,
							type: "invalid_request_error",
							param: null,
							code: "invalid_request_error",
						},
					};
				}
			}
		}
		return null;
	}
}
