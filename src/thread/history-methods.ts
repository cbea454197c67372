/**
 * The service's note-history methods (v1.history.list / revert / locate): a thin, checked
 * face over NoteHistory. Every revert, whatever asked for it (the card, the command, the history
 * modal or panel, an RPC client), comes through revertHistory, which hands the written entry to
 * the service to tell the threads whose edits it undid or put back (revertEvents).
 */
import type { HistoryEntry, NoteHistory } from "../history/types";
import { unifiedDiff } from "../history/unified-diff";
import type { NewEvent } from "../log/events";
import { fail, isRecord } from "./params";
import type { HistoryEntrySummary, Result, Reverted, RevertParams } from "./service-api";

export async function listHistory(
	history: NoteHistory | undefined,
	params: { path: string },
): Promise<Result<{ entries: HistoryEntrySummary[] }>> {
	if (!history) return fail("unavailable", "Note history is not available here");
	if (!isRecord(params) || typeof params.path !== "string" || params.path.trim() === "")
		return fail("bad_params", "path must be a note path");
	try {
		const entries = await history.list(params.path);
		return { ok: true, entries: entries.map(toHistorySummary) };
	} catch (error) {
		return fail("internal", error instanceof Error ? error.message : String(error));
	}
}

export async function revertHistory(
	history: NoteHistory | undefined,
	params: RevertParams,
	/** Called with the revert's entry once it is written (a refused revert calls nothing). */
	announce: (entry: HistoryEntry) => Promise<void> = () => Promise.resolve(),
): Promise<Result<Reverted>> {
	if (!history) return fail("unavailable", "Note history is not available here");
	if (!isRecord(params) || typeof params.path !== "string" || params.path.trim() === "")
		return fail("bad_params", "path must be a note path");
	const { path, versionId, to, laterChanges } = params;
	if (versionId !== undefined && typeof versionId !== "string") return fail("bad_params", "versionId must be a string");
	if (to !== undefined && typeof to !== "boolean") return fail("bad_params", "to must be true or false");
	if (to === true && versionId === undefined)
		return fail("bad_params", "to needs the versionId of the version to return to");
	if (laterChanges !== undefined && (to !== true || !Number.isInteger(laterChanges) || laterChanges < 1)) {
		return fail("bad_params", "laterChanges goes with to: true and counts the later changes (at least 1)");
	}
	try {
		// One call into the history's serial queue, so nothing can land between choosing and undoing.
		const outcome =
			versionId === undefined
				? await history.revert(path)
				: to === true
					? await history.revert(path, versionId, laterChanges)
					: await history.undo(path, versionId);
		switch (outcome.status) {
			case "written":
				await announce(outcome.entry);
				return {
					ok: true,
					versionId: outcome.entry.versionId,
					path: outcome.entry.path,
					added: outcome.entry.added,
					removed: outcome.entry.removed,
					...(outcome.notRestored ? { notRestored: outcome.notRestored } : {}),
				};
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

export async function locateHistory(
	history: NoteHistory | undefined,
	params: { path: string; versionId: string },
): Promise<Result<{ path: string }>> {
	if (!history) return fail("unavailable", "Note history is not available here");
	if (!isRecord(params) || typeof params.path !== "string" || params.path.trim() === "")
		return fail("bad_params", "path must be a note path");
	if (typeof params.versionId !== "string" || params.versionId === "")
		return fail("bad_params", "versionId must be a version's id");
	try {
		const path = await history.locate(params.path, params.versionId);
		return path === null ? fail("not_found", `No kept history holds version ${params.versionId}`) : { ok: true, path };
	} catch (error) {
		return fail("internal", error instanceof Error ? error.message : String(error));
	}
}

/** The edit_reverted event for each thread whose edit a revert entry took out or put back, by threadId. */
export function revertEvents(
	entry: HistoryEntry,
): Array<{ threadId: string; editId: string; event: Extract<NewEvent, { type: "edit_reverted" }> }> {
	const { path, versionId, added, removed, notRestored } = entry;
	const event = (editId: string, undid: string, restored: boolean) =>
		({
			type: "edit_reverted",
			editId,
			path,
			versionId,
			added,
			removed,
			undid,
			...(restored ? { restored: true } : {}),
			...(notRestored?.length ? { notRestored } : {}),
		}) as const;
	return [
		...(entry.revertedEdits ?? []).map((ref) => ({
			threadId: ref.threadId,
			editId: ref.editId,
			event: event(ref.editId, ref.undid, false),
		})),
		...(entry.restoredEdits ?? []).map((ref) => ({
			threadId: ref.threadId,
			editId: ref.editId,
			event: event(ref.editId, ref.undid, true),
		})),
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
		diff: unifiedDiff(entry.patch),
		kind: entry.kind,
	};
}
