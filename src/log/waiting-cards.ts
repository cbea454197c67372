/**
 * The calls shown as cards waiting for Run or Skip: proposed, undecided, not a draft (a draft
 * being made or offered for review is decided by its review). The runner decides these when the
 * chat's preference for their tool changes (src/agent/waiting-calls.ts); the service drives the
 * thread for it only when one waits.
 */
import type { ThreadState } from "./state";

export function waitingCards(state: ThreadState): string[] {
	return state.pendingApprovals.filter((callId) => {
		const call = state.toolCalls[callId];
		return call?.phase === "proposed" && call.decision === undefined && call.draft === undefined;
	});
}

/** Whether a card of `tool` waits now. */
export function cardWaitsFor(state: ThreadState, tool: string): boolean {
	return waitingCards(state).some((callId) => state.toolCalls[callId]?.tool === tool);
}
