/**
 * The tools a person can set, and the approval preference in force for each in a chat, as the
 * agent's policy sees it (src/agent/approvals.ts preferenceFor): the chat's own choice (a
 * tool_preference_set event), else the user's default from settings, else the tool's own default.
 * The tools come from the host (UiHost.tools, built from the tools' definitions): the pane knows
 * no tool by name.
 */
import type { ToolPreference } from "../log/events";
import type { ThreadState } from "../log/state";
import type { ToolCatalog, ToolEntry } from "../tools/catalog";
import type { UiHost } from "./host";

const NO_TOOLS: ToolCatalog = [];

/** The tools a person can set, in the order the Permissions panel lists them. */
export function toolsOf(host: UiHost): ToolCatalog {
	return host.tools?.() ?? NO_TOOLS;
}

function entryOf(host: UiHost, tool: string): ToolEntry | undefined {
	return toolsOf(host).find((entry) => entry.name === tool);
}

/** The tool's name for a person ("Read notes"); a tool the host does not list, by its own name. */
export function toolLabel(host: UiHost, tool: string): string {
	return entryOf(host, tool)?.label ?? tool;
}

/** What "Don't allow" refuses, as the subject of "… not allowed in this chat". */
export function neverSubject(host: UiHost, tool: string): string {
	return entryOf(host, tool)?.neverSubject ?? `${tool} is`;
}

export function preferenceIn(
	state: Pick<ThreadState, "preferences"> | undefined,
	tool: string,
	host: UiHost,
): ToolPreference {
	return state?.preferences[tool] ?? host.toolDefaults?.()[tool] ?? entryOf(host, tool)?.defaultPreference ?? "prompt";
}
