/**
 * Loops that stop (issue 33). A model that goes round in circles calls the same tool with the same
 * arguments again and again (obsidian-copilot #3259: 25 minutes and 89.7k tokens). Two guards,
 * both read from the log, so they hold across a restart:
 * - the same call (tool plus arguments, normalised and hashed) a third time in one turn is not
 *   run: the model gets a structured result (`data.reason: "repeated"`) that says so and why;
 * - the same call failing a second time in a turn: its result tells the model to change approach
 *   (`data.reason: "repeated_failure"`), once.
 * A turn is what follows one user message (state.turns); a Continue does not start a new one.
 */
import type { ThreadState, ToolCallView } from "../log/state";
import { toolResult, type ToolResult } from "../log/tool-result";

/** The third identical call in a turn is not run. */
export const REPEAT_LIMIT = 3;

/** A stable key for a call: the tool and its arguments, normalised (keys sorted, strings trimmed, "./" and "//" in paths collapsed), hashed. */
export function callKey(tool: string, args: unknown): string {
	return `${tool}:${hash(stableJson(args))}`;
}

/** The calls of the turn `callId` belongs to, proposed before it, with the same key. */
export function earlierSameCalls(state: ThreadState, callId: string): ToolCallView[] {
	const call = state.toolCalls[callId];
	if (!call) return [];
	// The newest turn first, without copying the thread's turns: a step costs the same at any length.
	let turn: ThreadState["turns"][number] | undefined;
	for (let i = state.turns.length - 1; i >= 0 && !turn; i--)
		if (state.turns[i].callIds.includes(callId)) turn = state.turns[i];
	if (!turn) return [];
	const key = callKey(call.tool, call.args);
	const same: ToolCallView[] = [];
	for (const id of turn.callIds) {
		if (id === callId) break;
		const other = state.toolCalls[id];
		if (other && other.tool === call.tool && callKey(other.tool, other.args) === key) same.push(other);
	}
	return same;
}

/** The result for a call not run because it repeats (undefined: run it). */
export function repeatedCallResult(state: ThreadState, callId: string): ToolResult | undefined {
	const call = state.toolCalls[callId];
	const earlier = earlierSameCalls(state, callId);
	if (!call || earlier.length < REPEAT_LIMIT - 1) return undefined;
	return toolResult.rejected(
		`Not run: this is the same ${call.tool} call, with the same arguments, for the ${ordinal(earlier.length + 1)} time in this turn, and its result is above already. Calling it again will not change anything. Use what you have, try something different, or tell the user what you are stuck on.`,
		{ data: { reason: "repeated", tool: call.tool, times: earlier.length + 1 } },
	);
}

/**
 * A failed result, told it failed the same way before (the second failure of the same call in a
 * turn, once; a third such call is not run at all). Other results are returned as they are.
 */
export function withRepeatedFailure(state: ThreadState, callId: string, result: ToolResult): ToolResult {
	if (result.status !== "error") return result;
	const earlier = earlierSameCalls(state, callId).filter((c) => c.result?.status === "error");
	if (earlier.length !== 1) return result;
	return {
		...result,
		message: `${result.message}\n\nThis same call failed before in this turn. Do not send it again: change approach (other arguments, another tool, or ask the user).`,
		data: { ...result.data, reason: "repeated_failure" },
	};
}

function stableJson(value: unknown): string {
	if (typeof value === "string") return JSON.stringify(normalizeString(value));
	if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
	if (value !== null && typeof value === "object") {
		const entries = Object.entries(value as Record<string, unknown>)
			.filter(([, v]) => v !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
	}
	return JSON.stringify(value) ?? "null";
}

function normalizeString(text: string): string {
	return text
		.trim()
		.replace(/^(?:\.\/)+/, "")
		.replace(/\/{2,}/g, "/");
}

/** cyrb53: a 53-bit string hash (no Node crypto in the core). */
function hash(text: string): string {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ c, 2654435761);
		h2 = Math.imul(h2 ^ c, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function ordinal(n: number): string {
	return n === 3 ? "third" : n === 4 ? "fourth" : `${n}th`;
}
