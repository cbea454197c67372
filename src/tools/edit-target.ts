/**
 * The paths the edit tools (declareEditIntent, executeEdit) refuse: everything under the access
 * floor. Redline edits Markdown notes outside hidden and protected folders, nothing else, so
 * both tools refuse the same paths with the same words, and nothing is written.
 */
import type { AccessFloor } from "../vault/access-floor";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";

export function editTargetRefusal(
	path: string,
	floor: AccessFloor,
	data: Record<string, unknown> = {},
): ToolResult | undefined {
	const hit = floor.check(path);
	if (!hit) return undefined;
	const extra = { path: hit.path, data: { ...data, reason: hit.reason } };
	if (hit.reason === "invalid") return toolResult.error(`${hit.message}. Nothing was written.`, extra);
	const rule = hit.reason === "not-a-note" ? "Redline edits notes only" : "Redline does not edit files there";
	return toolResult.rejected(`${hit.message}; ${rule}. Nothing was written.`, extra);
}
