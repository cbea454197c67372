/**
 * The model-facing tools both hosts register, in the order the model sees them: a new tool is
 * its file plus one line here. One list, so the tests that run every tool (the access floor, the
 * model contract) check exactly what runs, and the Permissions panel and the settings list
 * exactly these (defaultToolCatalog).
 */
import type { YamlCodec } from "../composer/properties/yaml-codec";
import type { ApplyModels } from "../composer/regenerate";
import type { NoteHistory } from "../history/types";
import { DEFAULT_INSTRUCTIONS_NOTE } from "../settings";
import type { ApplyFormat } from "../settings";
import type { NoteCatalog } from "../search/note-catalog";
import type { Store } from "../store/store";
import { askUserTool } from "./ask-user";
import { toolCatalog, type ToolEntry } from "./catalog";
import { createDeclareEditIntentTool } from "./declare-edit-intent";
import { createDeleteNoteTool } from "./delete-note";
import { createExecuteEditTool } from "./execute-edit";
import { createFindNotesTool } from "./find-notes";
import { listNotesTool } from "./list-notes";
import { createMoveNoteTool } from "./move-note";
import { createProposeInstructionTool } from "./propose-instruction";
import { readNoteTool } from "./read-note";
import { createSetPropertiesTool } from "./set-properties";
import type { AnyTool } from "./registry";
import { createSearchNotesTool, type NoteSearch } from "./search-notes";

export interface DefaultToolDeps {
	history: NoteHistory;
	models: ApplyModels;
	/** The note index behind searchNotes. */
	search: NoteSearch;
	/** The note metadata behind findNotes (Obsidian's metadataCache, or the notes' text). */
	catalog: NoteCatalog;
	/** The "Apply format" setting, read at each edit. */
	applyFormat?: () => ApplyFormat;
	/** Where drafted edits wait for review (review before write): the plugin's Store. */
	drafts: Store;
	/** The standing-instructions note the settings choose now (proposeInstruction); absent: the default note. */
	instructionsNote?: () => string | undefined;
	/** The host's YAML, for setProperties (the yaml library in the sandbox, Obsidian's own in the plugin). */
	yaml: YamlCodec;
}

export function createDefaultTools(deps: DefaultToolDeps): AnyTool[] {
	return [
		readNoteTool,
		createSearchNotesTool({ index: deps.search }),
		listNotesTool,
		createFindNotesTool({ catalog: deps.catalog }),
		createDeclareEditIntentTool({
			history: deps.history,
			models: deps.models,
			drafts: deps.drafts,
			...(deps.applyFormat ? { applyFormat: deps.applyFormat } : {}),
		}),
		createExecuteEditTool({ history: deps.history, drafts: deps.drafts }),
		createSetPropertiesTool({ history: deps.history, yaml: deps.yaml, drafts: deps.drafts }),
		createDeleteNoteTool({ history: deps.history }),
		createMoveNoteTool({ history: deps.history }),
		createProposeInstructionTool({
			history: deps.history,
			drafts: deps.drafts,
			note: deps.instructionsNote ?? (() => DEFAULT_INSTRUCTIONS_NOTE),
		}),
		askUserTool,
	];
}

/**
 * The default tools for what they say about themselves (names, labels, defaults, words), not for
 * running: the Obsidian settings tab lists them before the core is built. Their dependencies are
 * stand-ins that refuse every use (a tool reads its dependencies only when it runs).
 */
export function describedDefaultTools(): AnyTool[] {
	return createDefaultTools({
		history: unusable("history"),
		models: unusable("models"),
		search: unusable("search"),
		catalog: unusable("catalog"),
		drafts: unusable("drafts"),
		yaml: unusable("yaml"),
	});
}

export function defaultToolCatalog(): ToolEntry[] {
	return toolCatalog(describedDefaultTools());
}

function unusable<T extends object>(what: string): T {
	return new Proxy({} as T, {
		get: () => {
			throw new Error(`The ${what} of tools made only to describe themselves was used`);
		},
	});
}
