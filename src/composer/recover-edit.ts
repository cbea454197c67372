/**
 * What became of an edit call that a crash or a quit cut off, read from the note history: every
 * write goes through it, and its entry is saved before the note is written. The newest entry of
 * this edit made since the call started, and the note's text, tell:
 *   the note holds the entry's text     -> the edit landed: its edit_applied is recorded now
 *   the note holds the text before it   -> the write never happened: nothing was written
 *   no such entry                       -> nothing was written
 * Anything else (the user typed since) cannot be told apart, and stays "interrupted"
 * (undefined). The edit tools word the answer (src/tools/edit-result.ts).
 */
import { textHash } from "../history/text";
import type { NoteHistory } from "../history/types";
import type { NewEvent } from "../log/events";
import type { ThreadState, ToolCallView } from "../log/state";
import type { Vault } from "../vault/vault";

export type RecoveredEdit = { editId: string; path: string } & (
	| {
			landed: true;
			created: boolean;
			versionId: string;
			added: number;
			removed: number;
			/** The edit_applied the log still lacks, if it does. */ events: NewEvent[];
	  }
	/** `stopped`: before the write began, or during it with the note left unchanged. */
	| { landed: false; stopped: "before-writing" | "while-writing" }
);

export async function recoverEdit(
	history: NoteHistory,
	vault: Vault,
	editId: string | undefined,
	call: ToolCallView,
	state: ThreadState,
): Promise<RecoveredEdit | undefined> {
	const edit = editId !== undefined ? state.edits[editId] : undefined;
	if (!edit) return undefined;
	const { path } = edit;
	const about = { editId: edit.editId, path };
	const since = call.startedAt ?? "";
	const entry = (await history.list(path)).find(
		(e) => e.editId === edit.editId && e.kind !== "revert" && e.at >= since,
	);
	if (!entry) return { ...about, landed: false, stopped: "before-writing" };
	const current = (await vault.exists(path)) ? textHash(await vault.read(path)) : null;
	if (current === entry.afterHash) {
		const recorded = edit.applied?.versionId === entry.versionId;
		const { versionId, added, removed } = entry;
		const events: NewEvent[] = recorded
			? []
			: [{ type: "edit_applied", editId: edit.editId, path, versionId, added, removed }];
		return { ...about, landed: true, created: entry.kind === "create", versionId, added, removed, events };
	}
	const unchanged = current === null ? entry.kind === "create" : current === entry.beforeHash;
	return unchanged ? { ...about, landed: false, stopped: "while-writing" } : undefined;
}
