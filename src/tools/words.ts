/**
 * A call's words and a result's summary for a person (Tool.words, Tool.summary), read from raw
 * arguments: whatever the model sent, partial or wrong, gives words, never an exception. The
 * agent records them as a call is proposed and completed; the thread service fills them into
 * older logs with these same functions, so a card reads the same live and after a reload.
 */
import type { ToolWords } from "../log/events";
import { withSummary, type ToolResult } from "../log/tool-result";
import { displayPath } from "../vault/display-path";
import type { AnyTool } from "./registry";

/** Arguments as an object (a call logged as malformed text has none). */
export function rawArgs(args: unknown): Record<string, unknown> {
	return typeof args === "object" && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}

/** A non-empty string argument. */
export function textArg(args: Record<string, unknown>, key: string): string | undefined {
	const value = args[key];
	return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** The strings of a value that should be an array of them (from a result's data: anything else is left out). */
export function stringsOf(value: unknown): string[] {
	return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** A path or folder argument as a person sees it: invisible and look-alike characters escaped. */
export function pathArg(args: Record<string, unknown>, key: string): string | undefined {
	const value = textArg(args, key);
	return value === undefined ? undefined : displayPath(value);
}

/** The note name a person recognizes: the last path segment. */
export function noteName(path: string): string {
	const slash = path.lastIndexOf("/");
	return slash >= 0 ? path.slice(slash + 1) : path;
}

export function plural(count: number, word: string): string {
	return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** The words of a call of `tool` (undefined for a tool this version does not have). */
export function callWords(tool: AnyTool | undefined, args: unknown): ToolWords | undefined {
	if (!tool) return undefined;
	try {
		const words = tool.words(rawArgs(args));
		return { title: words.title, active: words.active, ...(words.done !== undefined ? { done: words.done } : {}) };
	} catch (error) {
		console.warn(`Redline: ${tool.name} could not put a call in words`, error);
		return undefined;
	}
}

/** The result with the tool's summary in data.summary, when the tool gives one. */
export function summarized(tool: AnyTool, result: ToolResult, args: unknown): ToolResult {
	if (!tool.summary) return result;
	try {
		const summary = tool.summary(result, rawArgs(args));
		return summary ? withSummary(result, summary) : result;
	} catch (error) {
		console.warn(`Redline: ${tool.name} could not summarise a result`, error);
		return result;
	}
}
