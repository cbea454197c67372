/**
 * The tools as a person chooses about them: name, label and default preference, from the tools'
 * own definitions. What the Permissions panel, a card's preference control and the settings tab
 * list. Plain data: a host hands it to the pane (the sandbox page fetches it from its server), so
 * the pane never loads a tool's code.
 */
import type { ToolPreference } from "../log/events";
import type { AnyTool } from "./registry";

export interface ToolEntry {
	name: string;
	/** "reading notes" */
	label: string;
	/** "reading notes is", "edits are": the subject of "… set to Never in this chat". */
	neverSubject: string;
	/** The tool's own default, under the user's choice in settings and each chat's. */
	defaultPreference: ToolPreference;
}

/** In the order the tools were registered. */
export type ToolCatalog = readonly ToolEntry[];

export function toolCatalog(tools: readonly AnyTool[]): ToolEntry[] {
	return tools.map((tool) => ({
		name: tool.name,
		label: tool.label,
		neverSubject: tool.neverSubject ?? `${tool.label} is`,
		defaultPreference: tool.defaultPreference,
	}));
}
