/**
 * What every tool returns (contract 3). `message` is what the model reads; `data` is for the UI.
 * Nothing downstream matches on `message`: code reads `status` and `data`. Declared as a schema
 * because the log holds it (tool_call_completed, event-schemas.ts); the types follow from it.
 */
import * as z from "zod/mini";

export const toolResultSchema = z.object({
	status: z.enum(["success", "rejected", "no-op", "error"]),
	message: z.string(),
	path: z.optional(z.string()),
	data: z.optional(z.record(z.string(), z.unknown())),
});

export type ToolResult = z.infer<typeof toolResultSchema>;
export type ToolStatus = ToolResult["status"];

export const toolResult = {
	success: (message: string, extra: Omit<ToolResult, "status" | "message"> = {}): ToolResult => ({ status: "success", message, ...extra }),
	rejected: (message: string, extra: Omit<ToolResult, "status" | "message"> = {}): ToolResult => ({ status: "rejected", message, ...extra }),
	noop: (message: string, extra: Omit<ToolResult, "status" | "message"> = {}): ToolResult => ({ status: "no-op", message, ...extra }),
	error: (message: string, extra: Omit<ToolResult, "status" | "message"> = {}): ToolResult => ({ status: "error", message, ...extra }),
};

/**
 * The most of a result's message the model reads (and the log keeps). The read tools page long
 * notes well below this (readNote's READ_CHAR_BUDGET); this is the floor under every tool, a
 * bug's or another tool's, so one result can never flood the context or the log.
 */
export const MAX_RESULT_CHARS = 100 * 1024;

/** The result with its message cut at MAX_RESULT_CHARS and a note that says how to read on. */
export function capResult(result: ToolResult): ToolResult {
	if (result.message.length <= MAX_RESULT_CHARS) return result;
	const kb = (n: number): string => `${Math.ceil(n / 1024).toLocaleString("en-US")} KB`;
	const note = `\n\n[Cut: this result held ${kb(result.message.length)}; a tool result is kept to ${kb(MAX_RESULT_CHARS)}. Ask for less at a time: readNote reads a note in pages (offset, limit); searchNotes, findNotes and listNotes take a folder or a limit.]`;
	return { ...result, message: result.message.slice(0, MAX_RESULT_CHARS) + note };
}
