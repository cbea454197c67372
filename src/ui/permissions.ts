/**
 * The approval preference in force for each tool of a chat, as the agent's policy sees it
 * (src/agent/approvals.ts preferenceFor): the chat's own choice (a tool_preference_set event),
 * else the user's default from settings, else the tool's default.
 */
import { DEFAULT_TOOL_PREFERENCES } from "../settings";
import type { ToolPreference } from "../log/events";
import type { ThreadState } from "../log/state";

/** The tools a person can set, in the order the Permissions panel lists them. */
export const PERMISSION_TOOLS: readonly string[] = Object.keys(DEFAULT_TOOL_PREFERENCES);

export function preferenceIn(state: Pick<ThreadState, "preferences"> | undefined, tool: string, defaults: Record<string, ToolPreference> | undefined): ToolPreference {
	return state?.preferences[tool] ?? defaults?.[tool] ?? DEFAULT_TOOL_PREFERENCES[tool] ?? "prompt";
}
