/**
 * The last step of every edit: write through NoteHistory (compare-and-swap against the text the
 * change was computed from; the user's typing meanwhile is merged or the write refused), emit
 * edit_applied, and answer what happened as an EditOutcome, with a compact diff so the main
 * model can check its work without reading the note again.
 */
import type { NoteHistory, WriteOutcome } from "../history/types";
import { CallStopped } from "../log/call-stopped";
import type { ModelUsage } from "../log/events";
import { VaultError } from "../vault/vault";
import { compactDiff } from "./compact-diff";
import type { Dropped } from "./dropped";
import type { EditNotes, EditOutcome } from "./edit-outcome";
import type { EditSession } from "./edit-session";
import { toModelText } from "./text-format";

export interface CommitRequest {
	history: NoteHistory;
	ctx: Pick<EditSession, "threadId" | "emit" | "progress" | "commit">;
	editId: string;
	path: string;
	description: string;
	/** The note as read before the change (raw text), or null to create the note. */
	base: string | null;
	/** The new note (raw text, in the note's own format). */
	proposed: string;
	/** What the pipeline did on the way (e.g. what validation stripped), for the result's data. */
	notes?: EditNotes;
	/** Parts of the model's change the formatting pass kept as they were (see dropped.ts). */
	dropped?: readonly Dropped[];
	/** What the apply model spent on this change, when no review recorded it already (edit_applied.usage). */
	usage?: ModelUsage;
}

export async function commitEdit(request: CommitRequest): Promise<EditOutcome> {
	const { history, ctx, editId, path, description } = request;
	const edit = { path, editId, notes: request.notes ?? {}, kept: request.dropped ?? [] };
	if (request.base !== null && request.base === request.proposed)
		return { status: "no-op", kind: "unchanged", ...edit };
	ctx.progress("writing");
	let outcome: WriteOutcome;
	try {
		const who = { description, threadId: ctx.threadId, editId };
		// Inside commit: refused once the call was stopped, and a Stop during it waits for it.
		outcome = await ctx.commit(() =>
			request.base === null
				? history.create({ path, content: request.proposed, ...who })
				: history.write({ path, base: request.base, proposed: request.proposed, ...who }),
		);
	} catch (error) {
		if (error instanceof CallStopped) return { status: "error", kind: "stopped", message: error.message, ...edit };
		if (error instanceof VaultError && error.code === "already-exists")
			return { status: "rejected", kind: "exists", ...edit };
		return {
			status: "error",
			kind: "write-failed",
			detail: error instanceof Error ? error.message : String(error),
			...edit,
		};
	}
	switch (outcome.status) {
		case "no-op":
			return { status: "no-op", kind: "unchanged", historySays: outcome.message, ...edit };
		case "conflict":
			return { status: "rejected", kind: "conflict", conflictLines: outcome.conflictLines, ...edit };
		case "error":
			return {
				status: "error",
				kind: "history-failed",
				message: outcome.message,
				saysNothingWritten: outcome.saysNothingWritten === true,
				...edit,
			};
		case "written":
			break;
	}
	const { entry, rebased } = outcome;
	const { versionId, added, removed } = entry;
	const usage = request.usage;
	ctx.emit({ type: "edit_applied", editId, path, versionId, added, removed, ...(usage ? { usage } : {}) });
	const shown = compactDiff(toModelText(request.base ?? ""), toModelText(request.proposed));
	return {
		status: "success",
		kind: "written",
		created: request.base === null,
		versionId,
		added,
		removed,
		diff: shown.diff,
		rebased,
		...edit,
	};
}
