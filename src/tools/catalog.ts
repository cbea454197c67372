/**
 * The tools as a person chooses about them: name, what it does and default preference, from the
 * tools' own definitions. What the Permissions panel, a card's "Change the preference for …" and
 * the settings tab list. Plain data: a host hands it to the pane (the sandbox page fetches it from
 * its server), so the pane never loads a tool's code.
 */
import type { ToolPreference } from "../log/events";
import type { AnyTool } from "./registry";

export interface ToolEntry {
	name: string;
	/** What the tool does for the user, as its name: "Read notes". */
	label: string;
	/** One line under the name: "Open a note and read its text." (empty when the tool gives none). */
	purpose: string;
	/** "reading notes is", "edits are": the subject of "… not allowed in this chat". */
	neverSubject: string;
	/** The tool's own default, under the user's choice in settings and each chat's. */
	defaultPreference: ToolPreference;
}

/** In the order the tools were registered. */
export type ToolCatalog = readonly ToolEntry[];

/**
 * A preference in words that say what happens, the same in the Permissions panel and the
 * settings (a stored "always" or "never" means what it always meant; only the words changed:
 * "Never" read as "never ask me" but blocked the tool).
 */
export const PREFERENCE_WORDS: Readonly<Record<ToolPreference, string>> = {
	prompt: "Ask first",
	always: "Run without asking",
	never: "Don't allow",
};

/** In the order a dropdown lists them. */
export const PREFERENCE_ORDER: readonly ToolPreference[] = ["prompt", "always", "never"];

export function toolCatalog(tools: readonly AnyTool[]): ToolEntry[] {
	return tools.map((tool) => ({
		name: tool.name,
		label: tool.label,
		purpose: tool.purpose ?? "",
		neverSubject: tool.neverSubject ?? `“${tool.label}” is`,
		defaultPreference: tool.defaultPreference,
	}));
}
