/**
 * The words of an edit for the main model: the one place where the composer's outcomes
 * (src/composer/edit-outcome.ts, recover-edit.ts) become the ToolResult both edit tools return.
 * Each message is made from the outcome's facts, and `data` carries the same facts for the pane
 * (README in src/composer, "Statuses"); nothing is parsed or patched on the way.
 */
import { describeDropped } from "../composer/dropped";
import type { EditOutcome } from "../composer/edit-outcome";
import type { OutsideReason } from "../composer/confine-draft";
import type { RecoveredEdit } from "../composer/recover-edit";
import type { ReviewedEdit } from "../composer/write-reviewed";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import type { RecoveredCall } from "./tool";
import { vaultErrorResult } from "./vault-errors";

/** Why an edit in place was refused, for the model (and the widget, which shows the message). */
const OUTSIDE_SELECTION: Record<OutsideReason, (path: string) => string> = {
	"other-note": (path) => `This edit may change only the selected passage of ${path}; refused.`,
	"selection-changed": () => "The user edited the selected passage while the draft was made; refused, their text kept.",
	"outside-only": () => "The draft changed only text outside the selected passage; refused.",
	beside: () => "The draft changed text beside the selected passage on its lines; refused.",
};

/** The apply model's output ("view it") is kept in a refused result up to this size. */
const MAX_KEPT_OUTPUT = 64 * 1024;

export function editResult(outcome: EditOutcome): ToolResult {
	const { path } = outcome;
	const kept = outcome.kept ?? [];
	const data = {
		editId: outcome.editId,
		...outcome.notes,
		...(kept.length > 0 ? { dropped: kept.map((d) => d.what) } : {}),
	};
	const withReason = (reason: string, extra: Record<string, unknown> = {}) => ({
		path,
		data: { ...data, reason, ...extra },
	});
	switch (outcome.kind) {
		case "written": {
			const { versionId, added, removed, diff, rebased } = outcome;
			const merged = rebased ? " The user had edited the note meanwhile; the change was merged onto their text." : "";
			const keptWords = kept.length > 0 ? ` Kept as they were: ${describeDropped(kept)}.` : "";
			const message = `${writtenLine(outcome.created, path, added, removed, versionId)}${merged}${keptWords}\nDiff:\n${diff}`;
			return toolResult.success(message, { path, data: { ...data, versionId, added, removed, diff, rebased } });
		}
		case "unchanged":
			if (outcome.historySays !== undefined) return toolResult.noop(outcome.historySays, { path, data });
			if (kept.length > 0)
				return toolResult.noop(
					`Nothing was written to ${path}: the only change was to ${describeDropped(kept)}, which Redline kept as it was.`,
					{ path, data },
				);
			return toolResult.noop(`${path} already reads that way: nothing to change, nothing was written.`, { path, data });
		case "exists":
			return toolResult.rejected(
				`${path} already exists; nothing was written. Declare a modify to change it.`,
				withReason("exists"),
			);
		case "not-found":
			if (outcome.step === "execute")
				return toolResult.rejected(`No note at ${path}; nothing was written.`, withReason("not-found"));
			return toolResult.rejected(
				`No note at ${path}. Use listNotes or searchNotes to find it, or declare a create for a new note.`,
				withReason("not-found"),
			);
		case "outside-selection":
			return toolResult.rejected(
				`${OUTSIDE_SELECTION[outcome.reason](outcome.selectionPath)} Nothing was written.`,
				withReason("outside-selection", { outside: outcome.reason }),
			);
		case "conflict": {
			const where = outcome.conflictLines.length > 0 ? ` (lines ${outcome.conflictLines.join(", ")})` : "";
			return toolResult.rejected(
				`The user edited the same lines of ${path} meanwhile${where}; nothing was written. Read the note again before retrying.`,
				withReason("conflict", { conflictLines: outcome.conflictLines }),
			);
		}
		case "stopped":
			return toolResult.error(`${outcome.message} Nothing was written to ${path}.`, { path, data });
		case "write-failed":
			return toolResult.error(`Writing ${path} failed: ${outcome.detail}. Nothing was written.`, { path, data });
		case "history-failed":
			return toolResult.error(
				outcome.saysNothingWritten ? outcome.message : `${outcome.message} Nothing was written.`,
				{ path, data },
			);
		case "vault-failed":
			return { ...vaultErrorResult(outcome.error, path), data: { editId: outcome.editId } };
		case "generation-failed":
			return generationFailed(outcome);
		case "not-one-change":
			return toolResult.error("Pass exactly one of content (the complete new note) or edits (search/replace pairs).", {
				path,
				data,
			});
		case "needs-content":
			return toolResult.error(`${path} does not exist yet: pass its content, not edits.`, { path, data });
		case "edits-failed":
			return toolResult.error(outcome.message, withReason("edits-failed", { failures: outcome.failures }));
		case "emptied": {
			const holds = outcome.holds === undefined ? "" : `, as it holds only ${outcome.holds}`;
			const said = outcome.by === "content" ? `The content is empty${holds}` : `The edits leave the note empty${holds}`;
			return toolResult.error(
				`${said}, and the intent ("${outcome.description}") does not ask to empty ${path}; nothing was written.`,
				withReason("empty"),
			);
		}
		case "content-refused":
			return toolResult.error(outcome.message, withReason(outcome.reason));
	}
}

/** A refused generation: what went wrong, that nothing was written, and how to make the change without the apply model. */
function generationFailed(failure: Extract<EditOutcome, { kind: "generation-failed" }>): ToolResult {
	const { path, editId } = failure;
	const extra = {
		path,
		data: {
			editId,
			reason: failure.reason,
			...(failure.output === undefined ? {} : { output: failure.output.slice(0, MAX_KEPT_OUTPUT) }),
			...(failure.fallback === undefined ? {} : { fallback: failure.fallback }),
		},
	};
	// Stopped by the user: there is nothing to fix, so no way around the apply model is offered.
	if (failure.reason === "aborted") return toolResult.error(failure.message, extra);
	const nothingWritten = failure.saysNothingWritten ? "" : " Nothing was written.";
	// A create has no note to search in: its way around is the whole new note.
	const means = failure.operation === "create" ? "the new note's content" : "search/replace edits";
	const retry = ` To make the change without the apply model, call executeEdit with editId "${editId}" and ${means}.`;
	return { status: failure.status, message: failure.message + nothingWritten + retry, ...extra };
}

/** A cut-off edit call, as recovery found it (undefined: it cannot be told, so "interrupted"). */
export function recoveredCall(recovered: RecoveredEdit | undefined): RecoveredCall | undefined {
	if (!recovered) return undefined;
	const { path, editId } = recovered;
	if (recovered.landed) {
		const { versionId, added, removed } = recovered;
		const message = `${writtenLine(recovered.created, path, added, removed, versionId)} Redline stopped before it could report this; the change is in the note.`;
		return {
			events: recovered.events,
			result: toolResult.success(message, { path, data: { editId, versionId, added, removed } }),
		};
	}
	const message =
		recovered.stopped === "before-writing"
			? `Redline stopped before writing ${path}; nothing was written.`
			: `Redline stopped while writing ${path}; the note was not changed. Nothing was written.`;
	return { events: [], result: toolResult.error(message, { path, data: { editId } }) };
}

/** "Edited Plan.md: +2 -1 lines (version v_1).": what a write did, for the model. */
function writtenLine(created: boolean, path: string, added: number, removed: number, versionId: string): string {
	return `${created ? "Created" : "Edited"} ${path}: +${added} -${removed} lines (version ${versionId}).`;
}

/** A change's text in one quoted line, cut when long. */
function quotedChange(text: string): string {
	const line = text.trim().replace(/\s+/g, " ");
	return JSON.stringify(line.length > 200 ? `${line.slice(0, 199)}…` : line);
}

/**
 * What the user did with a draft, for the model: what was kept and written, what they rejected
 * (their decision, never an error: "do not retry it this turn"), what they rewrote with their own
 * text, what could not be written over their typing, and their comment.
 */
export function reviewResult(reviewed: ReviewedEdit): ToolResult {
	const { path, editId, kept, rejected, rewritten, refused, comment } = reviewed;
	const data = { editId, kept, rejected, rewritten: rewritten.map((r) => r.changeId), refused };
	const lines: string[] = [];
	if (rejected.length > 0) {
		lines.push(
			`The user rejected ${changesNamed(rejected)} of your draft for ${path}. That is the user's decision, not an error: do not retry it this turn.`,
		);
	}
	for (const r of rewritten)
		lines.push(`The user rewrote ${r.changeId} with their own text before accepting it: ${quotedChange(r.text)}.`);
	for (const r of refused) {
		const where = r.lines.length > 0 ? ` (lines ${r.lines.join(", ")})` : "";
		lines.push(
			`${r.changeId} was not written: the user has typed into the same lines since the draft${where}. Read the note again before changing it.`,
		);
	}
	if (comment !== undefined && comment.trim() !== "") lines.push(`The user's comment: ${comment.trim()}`);
	if (!reviewed.ok) return toolResult.error([reviewed.message, ...lines].join("\n"), { path, data });
	const written = reviewed.written;
	if (written === undefined) {
		return toolResult.rejected([`Nothing was written to ${path}.`, ...lines].join("\n"), {
			path,
			data: { ...data, reason: "rejected-by-user" },
		});
	}
	const outcome = editResult(written);
	const keptLine = written.kind === "written" ? `The user accepted ${changesNamed(kept)}; written.` : "";
	const message = [keptLine, ...lines, outcome.message].filter((line) => line !== "").join("\n");
	return { ...outcome, message, data: { ...outcome.data, ...data } };
}

function changesNamed(ids: readonly string[]): string {
	return ids.length === 1 ? `change ${ids[0]}` : `changes ${ids.join(", ")}`;
}
