/**
 * Checks what a script returned before anything goes on the wire, so a mistake in a test script
 * fails with a message naming the field (as an HTTP 500 the client reports) instead of a
 * malformed stream that breaks the client somewhere far from the cause.
 */
import { ScriptError } from "./script";
import type { ScriptedReply } from "./types";

const FINISH_REASONS = new Set(["stop", "tool_calls", "length", "content_filter"]);
const REASONING_FORMS: ReadonlySet<string> = new Set(["think", "think-closed", "reasoning_content", "reasoning"]);

export function validateReply(value: unknown): ScriptedReply {
	const fail = (why: string): never => {
		throw new ScriptError(`invalid scripted reply: ${why}`);
	};
	if (typeof value !== "object" || value === null || Array.isArray(value))
		return fail(`expected an object, got ${JSON.stringify(value) ?? String(value)}`);
	const reply = value as ScriptedReply;
	if (reply.text !== undefined && typeof reply.text !== "string") fail("text must be a string");
	if (reply.reasoning !== undefined && typeof reply.reasoning !== "string") fail("reasoning must be a string");
	if (reply.reasoningAs !== undefined && !REASONING_FORMS.has(reply.reasoningAs))
		fail(`reasoningAs must be think, think-closed, reasoning_content or reasoning, got ${String(reply.reasoningAs)}`);
	if (
		reply.textChunks !== undefined &&
		(!Array.isArray(reply.textChunks) || reply.textChunks.some((c) => typeof c !== "string"))
	)
		fail("textChunks must be an array of strings");
	if (reply.textChunks !== undefined && reply.text !== undefined) fail("give text or textChunks, not both");
	if (reply.toolCalls !== undefined) {
		if (!Array.isArray(reply.toolCalls)) fail("toolCalls must be an array");
		reply.toolCalls.forEach((call, i) => {
			if (typeof call?.name !== "string" || call.name === "") fail(`toolCalls[${i}].name must be a non-empty string`);
			const args: unknown = call.arguments;
			if (typeof args !== "string" && (typeof args !== "object" || args === null || Array.isArray(args))) {
				fail(`toolCalls[${i}].arguments must be an object or a raw string`);
			}
		});
	}
	if (reply.finishReason !== undefined && !FINISH_REASONS.has(reply.finishReason))
		fail(`finishReason must be stop, tool_calls, length or content_filter, got ${String(reply.finishReason)}`);
	if (reply.pace !== undefined) {
		const { firstTokenMs, tokensPerSecond } = reply.pace;
		if (!(Number.isFinite(firstTokenMs) && firstTokenMs >= 0)) fail("pace.firstTokenMs must be a number >= 0");
		if (!Number.isFinite(tokensPerSecond)) fail("pace.tokensPerSecond must be a number");
	}
	if (reply.repeat !== undefined) {
		const { piece, times, into, then } = reply.repeat;
		if (typeof piece !== "string" || piece === "") fail("repeat.piece must be a non-empty string");
		if (!(typeof times === "number" && times >= 0))
			fail("repeat.times must be a number >= 0 (Infinity: until the client goes away)");
		if (into !== undefined && into !== "text" && into !== "arguments") fail("repeat.into must be text or arguments");
		if (into === "arguments" && !reply.toolCalls?.length) fail("repeat.into arguments needs a tool call");
		if (then !== undefined && typeof then !== "string") fail("repeat.then must be a string");
	}
	const fault = reply.fault;
	if (fault !== undefined) {
		if (fault.kind === "http") {
			if (!(Number.isInteger(fault.status) && fault.status >= 400 && fault.status <= 599))
				fail(`fault.status must be an HTTP error status (400-599), got ${String(fault.status)}`);
			if (fault.retryAfterSeconds !== undefined && !(fault.retryAfterSeconds >= 0))
				fail("fault.retryAfterSeconds must be >= 0");
		} else if (fault.kind === "drop") {
			if (!(Number.isInteger(fault.afterChunks) && fault.afterChunks >= 0))
				fail("fault.afterChunks must be an integer >= 0");
		} else {
			fail(`fault.kind must be "http" or "drop", got ${JSON.stringify((fault as { kind?: unknown }).kind)}`);
		}
	}
	return reply;
}
