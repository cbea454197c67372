/**
 * Turns a finished reply's tool calls into tool_call_proposed events, then lets the policy decide
 * what it can. A call the model got wrong (malformed JSON, unknown tool, arguments that fail the
 * schema) is proposed and completed at once with an error result that says what was wrong, so
 * the model can correct itself on the next step; the user is never asked about it. So is a call
 * its tool refuses outright (a path it never touches, an editId from elsewhere): see Tool.refuse.
 */
import { newId } from "../log/ids";
import type { ToolPreference } from "../log/events";
import type { AccessFloor } from "../vault/access-floor";
import { capResult } from "./result-caps";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import type { AnyTool, ToolRegistry } from "../tools/registry";
import { callWords } from "../tools/words";
import type { ThreadHandle } from "../log/driver";
import { overtakenDecision } from "../log/newest-message";
import { decide, disabledComment, type PolicyDecision } from "./approvals";
import type { StreamedCall } from "./model-step";
import { quoted } from "../vault/quote";
import { repeatedCallResult } from "./repeat-guard";

export interface PolicyInputs {
	defaults: Record<string, ToolPreference>;
	floor: AccessFloor;
	/** A newer user message overtook the reply: every call is denied with it, whatever the policy. */
	supersededBy?: string;
	/** Review before write (settings.editReview "changes"): a drafting tool is never pre-approved. */
	reviewFirst?: boolean;
}

type Checked =
	| { ok: true; tool: AnyTool; args: unknown; raw: Record<string, unknown> }
	| { ok: false; logged: unknown; result: ToolResult };

export function checkCall(call: StreamedCall, tools: ToolRegistry): Checked {
	// A text tool call that could not be read: logged as written, answered with what was wrong.
	if (call.malformed !== undefined)
		return { ok: false, logged: call.argsText, result: toolResult.error(call.malformed) };
	let raw: unknown;
	try {
		raw = call.argsText.trim() === "" ? {} : JSON.parse(call.argsText);
	} catch (error) {
		const why = error instanceof Error ? error.message : String(error);
		return {
			ok: false,
			logged: call.argsText,
			result: toolResult.error(
				`The arguments of your ${call.name ? quoted(call.name, 64) : "tool"} call are not valid JSON (${why}). Send the call again with a JSON object.`,
			),
		};
	}
	if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
		return {
			ok: false,
			logged: raw,
			result: toolResult.error(`The arguments of your ${quoted(call.name, 64)} call must be a JSON object.`),
		};
	}
	const args = raw as Record<string, unknown>;
	const tool = tools.get(call.name);
	if (!tool) {
		return {
			ok: false,
			logged: args,
			result: toolResult.error(
				`There is no tool named ${quoted(call.name)}. The tools are: ${tools.names().join(", ")}.`,
			),
		};
	}
	const checked = tools.checkArgs(tool, args);
	if (!checked.ok)
		return {
			ok: false,
			logged: args,
			result: toolResult.error(`${checked.message}\nFix the arguments and call ${tool.name} again.`),
		};
	return { ok: true, tool, args: checked.args, raw: args };
}

export function proposeCalls(
	thread: ThreadHandle,
	messageId: string,
	calls: readonly StreamedCall[],
	tools: ToolRegistry,
	policy: PolicyInputs,
): void {
	const valid: Array<{ callId: string; tool: AnyTool; args: unknown }> = [];
	for (const call of calls) {
		const checked = checkCall(call, tools);
		if (!checked.ok) {
			const words = callWords(tools.get(call.name), checked.logged);
			thread.append({
				type: "tool_call_proposed",
				callId: call.callId,
				tool: call.name,
				args: checked.logged,
				messageId,
				...(words ? { words } : {}),
			});
			thread.append({ type: "tool_call_completed", callId: call.callId, result: capResult(checked.result) });
			continue;
		}
		// The last chance to announce (a call whose arguments arrived in a single chunk).
		if (!call.announced && checked.tool.announce) {
			const event = checked.tool.announce(checked.raw, { callId: call.callId, newId });
			if (event) thread.append(event);
		}
		const words = callWords(checked.tool, checked.raw);
		thread.append({
			type: "tool_call_proposed",
			callId: call.callId,
			tool: checked.tool.name,
			args: checked.raw,
			messageId,
			...(words ? { words } : {}),
		});
		valid.push({ callId: call.callId, tool: checked.tool, args: checked.args });
	}
	// Decided after every proposal, so the view shows the whole batch before any card settles.
	for (const { callId, tool, args } of valid) {
		if (policy.supersededBy !== undefined) {
			thread.append(overtakenDecision(callId, policy.supersededBy));
			continue;
		}
		// The same call a third time in this turn is not run (repeat-guard.ts).
		const refused =
			repeatedCallResult(thread.state(), callId) ??
			tool.refuse?.(args, { state: thread.state(), floor: policy.floor, callId });
		if (refused) {
			thread.append({ type: "tool_call_completed", callId, result: capResult(refused) });
			continue;
		}
		appendPolicyDecision(
			thread,
			callId,
			tool,
			decide(tool, args, thread.state(), policy.defaults, policy.floor, policy.reviewFirst),
		);
	}
}

/** Records what the policy decided about a call ("ask" leaves it waiting for the user). */
export function appendPolicyDecision(
	thread: Pick<ThreadHandle, "append">,
	callId: string,
	tool: AnyTool,
	decision: PolicyDecision,
): void {
	if (decision === "approve") thread.append({ type: "tool_call_decided", callId, decision: "approved", by: "policy" });
	if (decision === "deny")
		thread.append({
			type: "tool_call_decided",
			callId,
			decision: "denied",
			by: "policy",
			comment: disabledComment(tool.name),
		});
}
