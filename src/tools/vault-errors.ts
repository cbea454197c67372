/** Turns a failure of a vault operation into an error ToolResult the model can act on. */
import { VaultError } from "../vault/vault";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import { quoted } from "../vault/quote";

export function vaultErrorResult(error: unknown, path?: string): ToolResult {
	if (error instanceof VaultError) {
		const where = error.path ?? path;
		switch (error.code) {
			case "not-found":
				return toolResult.error(
					`No note at ${quoted(where ?? "")}. Use listNotes or searchNotes to find the right path.`,
					pathOf(where),
				);
			case "not-a-file":
				return toolResult.error(
					`${quoted(where ?? "")} is a folder, not a note. Use listNotes to see what it holds.`,
					pathOf(where),
				);
			default:
				return toolResult.error(error.message, pathOf(where));
		}
	}
	const message = error instanceof Error ? error.message : String(error);
	return toolResult.error(`The vault failed: ${message}`, pathOf(path));
}

function pathOf(path: string | undefined): { path?: string } {
	return path === undefined ? {} : { path };
}
