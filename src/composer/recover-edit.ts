/**
 * What became of an edit call that a crash or a quit cut off, read from the note history: every
 * write goes through it, and its entry is saved before the note is written. The newest entry of
 * this edit made since the call started, and the note's text, tell:
 *   the note holds the entry's text     -> the edit landed: its edit_applied is recorded now
 *   the note holds the text before it   -> the write never happened: nothing was written
 *   no such entry                       -> nothing was written
 * Anything else (the user typed since) cannot be told apart, and stays "interrupted".
 */
import { textHash } from "../history/text";
import type { NoteHistory } from "../history/types";
import type { ThreadState, ToolCallView } from "../log/state";
import { toolResult } from "../log/tool-result";
import type { RecoveredCall } from "../tools/tool";
import type { Vault } from "../vault/vault";

export async function recoverEdit(history: NoteHistory, vault: Vault, editId: string | undefined, call: ToolCallView, state: ThreadState): Promise<RecoveredCall | undefined> {
	const edit = editId !== undefined ? state.edits[editId] : undefined;
	if (!edit) return undefined;
	const { path } = edit;
	const since = call.startedAt ?? "";
	const entry = (await history.list(path)).find((e) => e.editId === edit.editId && e.kind !== "revert" && e.at >= since);
	const data = { editId: edit.editId };
	if (!entry) {
		return { events: [], result: toolResult.error(`Redline stopped before writing ${path}; nothing was written.`, { path, data }) };
	}
	const current = (await vault.exists(path)) ? textHash(await vault.read(path)) : null;
	if (current === entry.afterHash) {
		const recorded = edit.applied?.versionId === entry.versionId;
		const { versionId, added, removed } = entry;
		return {
			events: recorded ? [] : [{ type: "edit_applied", editId: edit.editId, path, versionId, added, removed }],
			result: toolResult.success(
				`${entry.kind === "create" ? "Created" : "Edited"} ${path}: +${added} -${removed} lines (version ${versionId}). Redline stopped before it could report this; the change is in the note.`,
				{ path, data: { ...data, versionId, added, removed } },
			),
		};
	}
	const unchanged = current === null ? entry.kind === "create" : current === entry.beforeHash;
	if (unchanged) {
		return { events: [], result: toolResult.error(`Redline stopped while writing ${path}; the note was not changed. Nothing was written.`, { path, data }) };
	}
	return undefined;
}
