/**
 * The model-facing tools both hosts register, in the order the model sees them. One list, so
 * the test that checks every tool against the access floor (test/agent/tool-access.test.ts)
 * checks exactly what runs.
 */
import type { ApplyModels } from "../composer/regenerate";
import type { NoteHistory } from "../history/types";
import type { ApplyFormat } from "../settings";
import { askUserTool } from "./ask-user";
import { createDeclareEditIntentTool } from "./declare-edit-intent";
import { createExecuteEditTool } from "./execute-edit";
import { listNotesTool } from "./list-notes";
import { readNoteTool } from "./read-note";
import type { AnyTool } from "./registry";
import { createSearchNotesTool, type NoteSearch } from "./search-notes";

export interface DefaultToolDeps {
	history: NoteHistory;
	models: ApplyModels;
	/** The note index behind searchNotes. */
	search: NoteSearch;
	/** The "Apply format" setting, read at each edit. */
	applyFormat?: () => ApplyFormat;
}

export function createDefaultTools(deps: DefaultToolDeps): AnyTool[] {
	return [
		readNoteTool,
		createSearchNotesTool({ index: deps.search }),
		listNotesTool,
		createDeclareEditIntentTool({ history: deps.history, models: deps.models, ...(deps.applyFormat ? { applyFormat: deps.applyFormat } : {}) }),
		createExecuteEditTool({ history: deps.history }),
		askUserTool,
	];
}
