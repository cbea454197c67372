/**
 * The approval policy: what the runner may decide about a proposed call without the user.
 * Precedence: the thread's own preference (set from a card, a tool_preference_set event) over the
 * settings default over the tool's default. The access floor (src/vault/access-floor.ts) sits
 * under all of them: every path a call reads or writes, as its tool's `access` describes it, is
 * checked there, and a call that touches a path under the floor always asks.
 */
import type { ToolPreference } from "../log/events";
import type { ThreadState } from "../log/state";
import type { Tool } from "../tools/tool";
import type { AccessFloor } from "../vault/access-floor";
import { normalizeVaultPath } from "../vault/paths";

export type PolicyDecision = "approve" | "deny" | "ask";

/** The preference in force for a tool in a thread. */
export function preferenceFor<A>(
	tool: Tool<A>,
	state: ThreadState,
	defaults: Record<string, ToolPreference>,
): ToolPreference {
	return state.preferences[tool.name] ?? defaults[tool.name] ?? tool.defaultPreference;
}

/** The comment a `never` denial carries; the model reads it in the rejected result. */
export function disabledComment(toolName: string): string {
	return `the user disabled ${toolName} in this chat`;
}

export function decide<A>(
	tool: Tool<A>,
	args: A,
	state: ThreadState,
	defaults: Record<string, ToolPreference>,
	floor: AccessFloor,
	reviewFirst = false,
): PolicyDecision {
	const preference = preferenceFor(tool, state, defaults);
	// Denying is never less safe than asking, so `never` wins even over the floor.
	if (preference === "never") return "deny";
	if (floorAsks(tool, args, state, floor)) return "ask";
	// Under review before write an approved intent is no licence for later writes: each one is
	// drafted and shown as its own changes (an approval of the plan only covers them in "plan" mode).
	const reviewed = reviewFirst && tool.draft !== undefined;
	if (!reviewed && tool.preApproved?.(args, state) === true) return "approve";
	return preference === "always" ? "approve" : "ask";
}

/**
 * Whether the floor needs a card for this call: any write under the floor; a read of a sealed
 * path (configuration, protected or hidden, invalid); a read of a file that is not a note,
 * unless the user approved reading that same path with this tool earlier in the thread.
 */
export function floorAsks<A>(tool: Tool<A>, args: A, state: ThreadState, floor: AccessFloor): boolean {
	const access = tool.access(args, state);
	if (access.writes.some((path) => floor.check(path) !== null)) return true;
	return access.reads.some((path) => {
		const hit = floor.check(path);
		return hit !== null && (floor.sealed(hit) || !userAllowedRead(tool, hit.path, state));
	});
}

/** The user approved (by a click, not a preference) a call of this tool that read this path. */
function userAllowedRead<A>(tool: Tool<A>, path: string, state: ThreadState): boolean {
	return Object.values(state.toolCalls).some((call) => {
		if (call.tool !== tool.name || call.decision !== "approved" || call.decidedBy !== "user") return false;
		const parsed = tool.schema.safeParse(call.args);
		return parsed.success && tool.access(parsed.data, state).reads.some((read) => samePath(read, path));
	});
}

function samePath(a: string, b: string): boolean {
	try {
		return normalizeVaultPath(a) === normalizeVaultPath(b);
	} catch {
		return false;
	}
}
