/**
 * The approval policy: what the runner may decide about a proposed call without the user.
 * Precedence: the thread's own preference (set from a card, a tool_preference_set event) over the
 * settings default over the tool's default. A safety floor sits under all of them: a write into
 * Obsidian's configuration or the plugin's data folder always asks.
 */
import type { ToolPreference } from "../thread/events";
import type { ThreadState } from "../thread/state";
import type { Tool } from "../tools/tool";
import { isProtectedPath } from "../vault/paths";

export type PolicyDecision = "approve" | "deny" | "ask";

/** The preference in force for a tool in a thread. */
export function preferenceFor<A>(tool: Tool<A>, state: ThreadState, defaults: Record<string, ToolPreference>): ToolPreference {
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
	protectedFolders: readonly string[] = [],
): PolicyDecision {
	const preference = preferenceFor(tool, state, defaults);
	// Denying is never less safe than asking, so `never` wins even over the floor.
	if (preference === "never") return "deny";
	const target = tool.writesTo?.(args);
	if (target !== undefined && isProtectedPath(target, protectedFolders)) return "ask";
	if (tool.preApproved?.(args, state) === true) return "approve";
	return preference === "always" ? "approve" : "ask";
}
