/**
 * Token counts without a tokenizer: a tokenizer's tables would be most of main.js (Smart
 * Composer's are 61 % of its 9 MB), and each provider counts differently anyway. The estimate
 * follows how BPE tokenizers split text (about four ASCII characters a token; a CJK character or
 * an emoji a token or more; other letters about two a token), plus what the chat format adds per
 * message. Here, below the agent, so the model client can estimate a call the provider sent no
 * usage for (metered-completions.ts); the agent calibrates it per thread (agent/token-estimate.ts).
 */
import type { BaseMessage } from "@langchain/core/messages";

/** What the chat format adds per message (role, separators), in tokens. */
export const MESSAGE_OVERHEAD_TOKENS = 6;

/** The estimated tokens of a text. Linear in its length and allocation-free: it runs every step. */
export function estimateTextTokens(text: string): number {
	let ascii = 0;
	let wide = 0;
	let other = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code < 0x80) ascii++;
		else if (code >= 0xd800 && code <= 0xdbff) {
			// A surrogate pair (emoji, rare CJK): usually two or more tokens.
			wide += 2;
			i++;
		} else if (
			(code >= 0x2e80 && code <= 0xa4cf) ||
			(code >= 0xac00 && code <= 0xd7af) ||
			(code >= 0xf900 && code <= 0xfaff) ||
			(code >= 0xff00 && code <= 0xffef)
		)
			wide++;
		else other++;
	}
	return Math.ceil(ascii / 4 + wide + other / 2);
}

/** The estimated prompt tokens of messages as sent: contents, tool calls and per-message framing. */
export function estimateMessagesTokens(messages: readonly BaseMessage[]): number {
	let total = 3; // the reply's priming
	for (const message of messages) total += estimateMessageTokens(message);
	return total;
}

export function estimateMessageTokens(message: BaseMessage): number {
	let total =
		MESSAGE_OVERHEAD_TOKENS +
		estimateTextTokens(typeof message.content === "string" ? message.content : JSON.stringify(message.content));
	const calls = (message as { tool_calls?: Array<{ id?: string; name: string; args: Record<string, unknown> }> })
		.tool_calls;
	for (const call of calls ?? [])
		total += MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(`${call.id ?? ""}${call.name}${JSON.stringify(call.args)}`);
	return total;
}

/** The estimated tokens of the tool definitions a request carries. */
export function estimateJsonTokens(value: unknown): number {
	return estimateTextTokens(JSON.stringify(value) ?? "");
}
