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
 * `data.summary`: one line ("Read 63 lines of Daily.md", paths as displayPath shows them) and,
 * when the message holds a note's text, where that text starts in it (shown collapsed). The pane
 * shows this instead of the message, which is written for the model, and never parses the message.
 */
export const resultSummarySchema = z.object({
	line: z.string(),
	/** The index in `message` where the note's text starts: the pane shows message.slice(textFrom). */
	textFrom: z.optional(z.number()),
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
	const { line, textFrom } = summary as Record<string, unknown>;
	if (typeof line !== "string") return undefined;
	const from =
		typeof textFrom === "number" && Number.isInteger(textFrom) && textFrom >= 0 && textFrom <= result.message.length
			? textFrom
			: undefined;
	return from !== undefined ? { line, textFrom: from } : { line };
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
