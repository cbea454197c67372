/**
 * The last step of every edit: write through NoteHistory (compare-and-swap against the text the
 * change was computed from; the user's typing meanwhile is merged or the write refused), emit
 * edit_applied, and build the structured result the main model reads, with a compact diff so it
 * can check its work without reading the note again.
 */
import type { NoteHistory, WriteOutcome } from "../history/types";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import { CallStopped } from "../tools/tool";
import type { ToolContext } from "../tools/tool";
import { VaultError } from "../vault/vault";
import { compactDiff } from "./compact-diff";
import { describeDropped } from "./dropped";
import type { Dropped } from "./dropped";
import { toModelText } from "./text-format";

export interface CommitRequest {
	history: NoteHistory;
	ctx: Pick<ToolContext, "threadId" | "emit" | "progress" | "commit">;
	editId: string;
	path: string;
	description: string;
	/** The note as read before the change (raw text), or null to create the note. */
	base: string | null;
	/** The new note (raw text, in the note's own format). */
	proposed: string;
	/** Extra fields for the result's data (e.g. what validation stripped). */
	data?: Record<string, unknown>;
	/** Parts of the model's change the formatting pass kept as they were (see dropped.ts). */
	dropped?: readonly Dropped[];
}

export async function commitEdit(request: CommitRequest): Promise<ToolResult> {
	const { history, ctx, editId, path, description } = request;
	const dropped = request.dropped ?? [];
	const common = { path, data: { editId, ...request.data, ...(dropped.length > 0 ? { dropped: dropped.map((d) => d.what) } : {}) } };
	if (request.base !== null && request.base === request.proposed) {
		if (dropped.length > 0) {
			return toolResult.noop(`Nothing was written to ${path}: the only change was to ${describeDropped(dropped)}, which Redline kept as it was.`, common);
		}
		return toolResult.noop(`${path} already reads that way: nothing to change, nothing was written.`, common);
	}
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
		if (error instanceof CallStopped) return toolResult.error(`${error.message} Nothing was written to ${path}.`, common);
		if (error instanceof VaultError && error.code === "already-exists") {
			return toolResult.rejected(`${path} already exists; nothing was written. Declare a modify to change it.`, { ...common, data: { ...common.data, reason: "exists" } });
		}
		const detail = error instanceof Error ? error.message : String(error);
		return toolResult.error(`Writing ${path} failed: ${detail}. Nothing was written.`, common);
	}
	switch (outcome.status) {
		case "no-op":
			return toolResult.noop(outcome.message, common);
		case "conflict": {
			const where = outcome.conflictLines.length > 0 ? ` (lines ${outcome.conflictLines.join(", ")})` : "";
			return toolResult.rejected(
				`The user edited the same lines of ${path} meanwhile${where}; nothing was written. Read the note again before retrying.`,
				{ ...common, data: { ...common.data, reason: "conflict", conflictLines: outcome.conflictLines } },
			);
		}
		case "error":
			return toolResult.error(sayNothingWritten(outcome.message), common);
		case "written":
			break;
	}
	const { entry, rebased } = outcome;
	ctx.emit({ type: "edit_applied", editId, path, versionId: entry.versionId, added: entry.added, removed: entry.removed });
	const shown = compactDiff(toModelText(request.base ?? ""), toModelText(request.proposed));
	const verb = request.base === null ? "Created" : "Edited";
	const merged = rebased ? " The user had edited the note meanwhile; the change was merged onto their text." : "";
	const kept = dropped.length > 0 ? ` Kept as they were: ${describeDropped(dropped)}.` : "";
	const message = `${verb} ${path}: +${entry.added} -${entry.removed} lines (version ${entry.versionId}).${merged}${kept}\nDiff:\n${shown.diff}`;
	return toolResult.success(message, {
		path,
		data: { ...common.data, versionId: entry.versionId, added: entry.added, removed: entry.removed, diff: shown.diff, rebased },
	});
}

/** Ends a refusal with "Nothing was written." unless it already says so (messages come from several layers). */
export function sayNothingWritten(message: string): string {
	return /nothing was written/i.test(message) ? message : `${message} Nothing was written.`;
}
