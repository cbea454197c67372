/**
 * v1.thread.undoTurn (issue 31): undoes every write of one turn, the one a user message started,
 * as one action. Each write is undone on its own through the note history (merged onto what the
 * user typed since, or refused), newest first, so two writes to one note come off in the order
 * they went on. A write that cannot come off cleanly is named and the rest are still undone: a
 * partial undo beats none, and nothing is ever overwritten. Every undo that is written goes
 * through the same announce as any revert, so the thread gets its edit_reverted events.
 */
import type { HistoryEntry, NoteHistory } from "../history/types";
import { isKnownEvent, type StoredEvent } from "../log/events";
import type { ThreadState } from "../log/state";
import { fail } from "./params";
import type { Result, TurnUndone } from "./service-api";

/** One write of a turn still in effect: what undoing it takes. */
export interface TurnWrite {
	editId: string;
	/** Where the note is now (the history follows renames; the fold follows the history). */
	path: string;
	/** The history entry of the write. */
	versionId: string;
}

/**
 * The writes of the turn that `messageId` started which are still in effect, newest first; null
 * when the thread has no such user message. A write is in effect when it was applied and is not
 * undone now (a Reapply puts it back in effect).
 */
export function turnWrites(events: readonly StoredEvent[], state: ThreadState, messageId: string): TurnWrite[] | null {
	const start = events.findIndex((event) => event.type === "user_message" && event.messageId === messageId);
	if (start < 0) return null;
	const applied: string[] = [];
	for (const event of events.slice(start + 1)) {
		if (!isKnownEvent(event)) continue;
		if (event.type === "user_message") break;
		if (event.type === "edit_applied" && event.editId !== undefined && !applied.includes(event.editId))
			applied.push(event.editId);
	}
	const writes: TurnWrite[] = [];
	for (const editId of applied.reverse()) {
		const edit = state.edits[editId];
		if (!edit?.applied || edit.reverted) continue;
		writes.push({ editId, path: edit.path, versionId: edit.applied.versionId });
	}
	return writes;
}

/**
 * Undoes the writes, newest first, each on its own; `announce` is told of each undo written
 * (the service appends edit_reverted to the thread). Answers what came off and what did not.
 */
export async function undoWrites(
	history: NoteHistory | undefined,
	writes: readonly TurnWrite[],
	announce: (entry: HistoryEntry) => Promise<void>,
): Promise<Result<TurnUndone>> {
	if (!history) return fail("unavailable", "Note history is not available here");
	if (writes.length === 0) return fail("not_found", "Nothing this turn wrote is left to undo");
	const undone: TurnUndone["undone"] = [];
	const notUndone: TurnUndone["notUndone"] = [];
	for (const write of writes) {
		try {
			const outcome = await history.undo(write.path, write.versionId);
			if (outcome.status === "written") {
				await announce(outcome.entry);
				undone.push({ editId: write.editId, path: outcome.entry.path, versionId: outcome.entry.versionId });
			} else {
				notUndone.push({ editId: write.editId, path: write.path, message: outcome.message });
			}
		} catch (error) {
			notUndone.push({
				editId: write.editId,
				path: write.path,
				message: error instanceof Error ? error.message : String(error),
			});
		}
	}
	return { ok: true, undone, notUndone };
}
