/**
 * The service's note-history methods (v1.history.list / v1.history.revert): a thin, checked
 * face over NoteHistory. Every revert, whatever asked for it (the card, the command, the history
 * modal or panel, an RPC client), comes through revertHistory, which hands the written entry to
 * the service to tell the threads whose edits it undid or put back (revertEvents).
 */
import { formatPatch } from "diff";
import type { HistoryEntry, NoteHistory } from "../history/types";
import type { NewEvent } from "./events";
import { fail, isRecord } from "./params";
import type { HistoryEntrySummary, Result } from "./service-api";

export async function listHistory(history: NoteHistory | undefined, params: { path: string }): Promise<Result<{ entries: HistoryEntrySummary[] }>> {
	if (!history) return fail("unavailable", "Note history is not available here");
	if (!isRecord(params) || typeof params.path !== "string" || params.path.trim() === "") return fail("bad_params", "path must be a note path");
	try {
		const entries = await history.list(params.path);
		return { ok: true, entries: entries.map(toHistorySummary) };
	} catch (error) {
		return fail("internal", error instanceof Error ? error.message : String(error));
	}
}

export async function revertHistory(
	history: NoteHistory | undefined,
	params: { path: string; versionId?: string },
	/** Called with the revert's entry once it is written (a refused revert calls nothing). */
	announce: (entry: HistoryEntry) => Promise<void> = () => Promise.resolve(),
): Promise<Result<{ versionId: string; added: number; removed: number }>> {
	if (!history) return fail("unavailable", "Note history is not available here");
	if (!isRecord(params) || typeof params.path !== "string" || params.path.trim() === "") return fail("bad_params", "path must be a note path");
	if (params.versionId !== undefined && typeof params.versionId !== "string") return fail("bad_params", "versionId must be a string");
	try {
		const outcome = await history.revert(params.path, params.versionId);
		switch (outcome.status) {
			case "written":
				await announce(outcome.entry);
				return { ok: true, versionId: outcome.entry.versionId, added: outcome.entry.added, removed: outcome.entry.removed };
			case "conflict":
				return fail("conflict", outcome.message);
			case "no-op":
				return fail("not_found", outcome.message);
			default:
				return fail("internal", outcome.message);
		}
	} catch (error) {
		return fail("internal", error instanceof Error ? error.message : String(error));
	}
}

/** The edit_reverted event for each thread whose edit a revert entry took out or put back, by threadId. */
export function revertEvents(entry: HistoryEntry): Array<{ threadId: string; editId: string; event: Extract<NewEvent, { type: "edit_reverted" }> }> {
	const { path, versionId, added, removed } = entry;
	const event = (editId: string, undid: string, restored: boolean) =>
		({ type: "edit_reverted", editId, path, versionId, added, removed, undid, ...(restored ? { restored: true } : {}) }) as const;
	return [
		...(entry.revertedEdits ?? []).map((ref) => ({ threadId: ref.threadId, editId: ref.editId, event: event(ref.editId, ref.undid, false) })),
		...(entry.restoredEdits ?? []).map((ref) => ({ threadId: ref.threadId, editId: ref.editId, event: event(ref.editId, ref.undid, true) })),
	];
}

/** What crosses the wire: plain fields and the patch as a unified diff (the UI shows it). */
export function toHistorySummary(entry: HistoryEntry): HistoryEntrySummary {
	return {
		versionId: entry.versionId,
		path: entry.path,
		at: entry.at,
		description: entry.description,
		...(entry.threadId !== undefined ? { threadId: entry.threadId } : {}),
		...(entry.editId !== undefined ? { editId: entry.editId } : {}),
		added: entry.added,
		removed: entry.removed,
		diff: formatPatch(entry.patch),
		kind: entry.kind,
	};
}
