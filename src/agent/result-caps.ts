/**
 * The floor under every tool's result, a bug's or another tool's: what the log keeps, the model
 * reads and the pane gets is bounded (the message, the data for the UI and the path alike). The
 * runner caps each result as it completes a call (propose.ts, run-calls.ts, runner.ts's recovery).
 */
import type { ToolResult } from "../log/tool-result";
import { shortened } from "../vault/quote";

/**
 * The most of a result's message the model reads (and the log keeps). The read tools page long
 * notes well below this (readNote's READ_CHAR_BUDGET); this is the floor under every tool, a
 * bug's or another tool's, so one result can never flood the context or the log.
 */
export const MAX_RESULT_CHARS = 100 * 1024;
/** The most of a result's data (as JSON) the log keeps for the UI: honest data is ids, counts and a short diff. */
export const MAX_RESULT_DATA_CHARS = 100 * 1024;
/** A result's path longer than any file system's is no note's: it is kept shortened, as a quoted path is. */
export const MAX_RESULT_PATH_CHARS = 4096;

/** The result with its message, data and path within their caps (the message with a note that says how to read on). */
export function capResult(result: ToolResult): ToolResult {
	const message = result.message.length > MAX_RESULT_CHARS ? cutMessage(result.message) : result.message;
	const path =
		result.path !== undefined && result.path.length > MAX_RESULT_PATH_CHARS ? shortened(result.path) : result.path;
	const data = result.data !== undefined ? capData(result.data) : undefined;
	if (message === result.message && path === result.path && data === result.data) return result;
	return { ...result, message, ...(path !== undefined ? { path } : {}), ...(data !== undefined ? { data } : {}) };
}

const kb = (n: number): string => `${Math.ceil(n / 1024).toLocaleString("en-US")} KB`;

function cutMessage(message: string): string {
	const note = `\n\n[Cut: this result held ${kb(message.length)}; a tool result is kept to ${kb(MAX_RESULT_CHARS)}. Ask for less at a time: readNote reads a note in pages (offset, limit); searchNotes, findNotes and listNotes take a folder or a limit.]`;
	return message.slice(0, MAX_RESULT_CHARS) + note;
}

/** Data past its cap loses its largest fields first (the small ones, ids and reasons, are what cards read); cutForSize names them. */
function capData(data: Record<string, unknown>): Record<string, unknown> {
	const size = (value: unknown): number => JSON.stringify(value)?.length ?? 0;
	let total = size(data);
	if (total <= MAX_RESULT_DATA_CHARS) return data;
	const kept = { ...data };
	const cutForSize: string[] = [];
	const bySize = Object.keys(data)
		.map((key) => ({ key, chars: size(data[key]) + size(key) + 2 }))
		.sort((a, b) => b.chars - a.chars);
	// Room for the list of what was cut, too.
	for (const { key, chars } of bySize) {
		if (total + size(cutForSize) + 16 <= MAX_RESULT_DATA_CHARS) break;
		delete kept[key];
		cutForSize.push(key);
		total -= chars;
	}
	return { ...kept, cutForSize };
}
