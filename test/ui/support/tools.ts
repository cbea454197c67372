/**
 * The tools a pane test's threads were written by: the default tools, made to describe
 * themselves (their words, summaries and catalog), as the hosts hand them over.
 */
import { toolCatalog, type ToolCatalog } from "../../../src/tools/catalog";
import { describedDefaultTools } from "../../../src/tools/default-tools";
import type { AnyTool } from "../../../src/tools/registry";

export const DEFAULT_TOOLS: readonly AnyTool[] = describedDefaultTools();

export const DEFAULT_CATALOG: ToolCatalog = toolCatalog(DEFAULT_TOOLS);

/** Looks tools up by name, as the thread service does in its registry. */
export function lookup(tools: readonly AnyTool[]): { get(name: string): AnyTool | undefined } {
	const byName = new Map(tools.map((tool) => [tool.name, tool]));
	return { get: (name) => byName.get(name) };
}
