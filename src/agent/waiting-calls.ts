/**
 * A chat preference answers the cards already waiting, not only the calls proposed after it
 * (issue 30): "Run, and don't ask again in this chat" on one card of a tool runs its waiting
 * siblings too, and "Don't allow in this chat" skips them. Without this a second card showed the
 * new preference and still waited. The policy decides them exactly as it decides a new proposal
 * (approvals.ts decide), so the access floor still asks and the log says "by: policy".
 *
 * Only the chat's own choice (a tool_preference_set event) answers a waiting card: a settings
 * default changed meanwhile does not decide what the user was already asked about.
 */
import type { ThreadHandle } from "../log/driver";
import { waitingCards } from "../log/waiting-cards";
import type { ToolRegistry } from "../tools/registry";
import { decide } from "./approvals";
import { appendPolicyDecision, type PolicyInputs } from "./propose";

/** Decides the waiting cards whose tool the chat now runs without asking or does not allow. */
export function decideWaitingCalls(thread: ThreadHandle, tools: ToolRegistry, policy: PolicyInputs): void {
	for (const callId of waitingCards(thread.state())) {
		const state = thread.state();
		const call = state.toolCalls[callId];
		const preference = call && state.preferences[call.tool];
		if (!call || (preference !== "always" && preference !== "never")) continue;
		const tool = tools.get(call.tool);
		const checked = tool && tools.checkArgs(tool, call.args);
		if (!tool || !checked?.ok) continue;
		appendPolicyDecision(
			thread,
			callId,
			tool,
			decide(tool, checked.args, state, policy.defaults, policy.floor, policy.reviewFirst),
		);
	}
}
