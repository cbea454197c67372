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
	// Any JSON object (z.looseObject({}) is Record<string, unknown>, without z.record's bytes in main.js).
	data: z.optional(z.looseObject({})),
});

export type ToolResult = z.infer<typeof toolResultSchema>;
export type ToolStatus = ToolResult["status"];

/**
 * A result in words for a person, made by its tool (src/tools/tool.ts `summary`) and carried in
 * `data.summary`: one line ("Read On slow reading · 63 lines", names as displayPath shows them)
 * and what opens under it on demand: when the message holds a note's text, where that text starts
 * in it; when the result names notes (a list, a search), their paths and what to call them. The
 * pane shows this instead of the message, which is written for the model, and never parses it.
 */
export const resultSummarySchema = z.object({
	line: z.string(),
	/** The index in `message` where the note's text starts: the pane shows message.slice(textFrom). */
	textFrom: z.optional(z.number()),
	/** The notes the result names, in order, shown as a list of links ("Notes listed"). */
	notes: z.optional(z.object({ label: z.string(), paths: z.array(z.string()) })),
});
export type ResultSummary = z.infer<typeof resultSummarySchema>;

/** The result with its summary in data. */
export function withSummary(result: ToolResult, summary: ResultSummary): ToolResult {
	return { ...result, data: { ...result.data, summary } };
}

/** A result's summary, if it carries a well-formed one. */
export function resultSummary(result: ToolResult): ResultSummary | undefined {
	const summary = result.data?.summary;
	if (typeof summary !== "object" || summary === null) return undefined;
	const { line, textFrom, notes } = summary as Record<string, unknown>;
	if (typeof line !== "string") return undefined;
	const from =
		typeof textFrom === "number" && Number.isInteger(textFrom) && textFrom >= 0 && textFrom <= result.message.length
			? textFrom
			: undefined;
	const named = notesOf(notes);
	return { line, ...(from !== undefined ? { textFrom: from } : {}), ...(named ? { notes: named } : {}) };
}

/** A summary's notes, if well formed (a label and paths; a path that is not a string is left out). */
function notesOf(notes: unknown): ResultSummary["notes"] {
	if (typeof notes !== "object" || notes === null) return undefined;
	const { label, paths } = notes as Record<string, unknown>;
	if (typeof label !== "string" || !Array.isArray(paths)) return undefined;
	return { label, paths: paths.filter((path): path is string => typeof path === "string") };
}

export const toolResult = {
	success: (message: string, extra: Omit<ToolResult, "status" | "message"> = {}): ToolResult => ({
		status: "success",
		message,
		...extra,
	}),
	rejected: (message: string, extra: Omit<ToolResult, "status" | "message"> = {}): ToolResult => ({
		status: "rejected",
		message,
		...extra,
	}),
	noop: (message: string, extra: Omit<ToolResult, "status" | "message"> = {}): ToolResult => ({
		status: "no-op",
		message,
		...extra,
	}),
	error: (message: string, extra: Omit<ToolResult, "status" | "message"> = {}): ToolResult => ({
		status: "error",
		message,
		...extra,
	}),
};
