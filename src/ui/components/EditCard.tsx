/**
 * An edit in the stream: titled as what will happen ("Remove all headings · 2026-11-28") while it
 * waits for the user, is drafted or written, with approval or review; then the result in the past
 * tense ("Removed all headings · 2026-11-28") with its diff, a +N −M chip and Revert. One title for
 * every phase (CardTitle), the note linked by its name.
 */
import { memo, useEffect, useState } from "react";
import { callIsDrafting } from "../../log/newest-message";
import type { ToolPreference } from "../../log/events";
import type { EditView, ToolCallView } from "../../log/state";
import { usePane } from "../context";
import { appliedFromResult, moveTarget } from "../describe";
import { useAction } from "../hooks/useAction";
import { useNotePath } from "../hooks/useNotePath";
import { revertEdit } from "../revert";
import { ApprovalControls } from "./ApprovalControls";
import { callStatus, NotRunStatus, ProgressBar, WaitingStatus } from "./CallStatus";
import { notRun, resultForPerson } from "../call-words";
import { ChangeChip, DiffView } from "./DiffView";
import { isCutDiff, wholeHunksOf } from "../../composer/compact-diff";
import { CardTitle } from "./CardTitle";
import { sameItems } from "./ReasoningSteps";
import { noteRender } from "../render-probe";
import { aheadLine, aheadText, doneTitle } from "../intent-line";
import { CARD_ATTR, STATUS_ATTR } from "../focus-after";
import { PolicyNote } from "./PolicyNote";
import { DraftProgress } from "./DraftProgress";
import { DraftReview } from "./DraftReview";
import { ReviewOutcome } from "./ReviewOutcome";
import { displayPath } from "../../vault/display-path";

export interface EditCardProps {
	edit: EditView;
	/** The declareEditIntent call and any executeEdit calls for this edit, in order. */
	calls: ToolCallView[];
	preference: ToolPreference | undefined;
}

export const EditCard = memo(
	EditCardView,
	(a, b) => a.edit === b.edit && a.preference === b.preference && sameItems(a.calls, b.calls),
);

function EditCardView({ edit, calls, preference }: EditCardProps) {
	noteRender("EditCard", edit.editId);
	const intentCall = calls.find((call) => call.callId === edit.callId);
	const proposed = calls.find((call) => call.phase === "proposed");
	const running = calls.find((call) => call.phase === "running");
	const finished = [...calls].reverse().find((call) => call.result !== undefined);
	// Review before write: the call whose change is being drafted, or whose draft was offered.
	const drafted = [...calls].reverse().find((call) => call.draft !== undefined);
	const draft = drafted?.draft;
	const drafting = running && callIsDrafting(running) ? running : undefined;
	const reviewing = drafted?.phase === "running" && draft && !draft.reviewed ? drafted : undefined;
	// A draft nothing of which was written (all rejected, or settled for the user) is told by its
	// outcome alone: the call's result is the model's account of the same thing.
	const reviewedAway =
		draft?.reviewed !== undefined &&
		(draft.reviewed.reason !== undefined ||
			(finished === drafted && finished?.result?.data?.reason === "rejected-by-user"));
	// A call that did not run (skipped, cancelled by a new message, blocked by Never) says why;
	// its result, if the runner answered the model with one, is the model's.
	const notRunCall = reviewedAway
		? undefined
		: !running &&
			(finished ? (notRun(finished) ? finished : undefined) : calls.find((call) => call.phase === "denied"));
	// Once applied, the note may have been renamed since: the history knows where it is now.
	const versionId =
		edit.applied?.versionId ??
		(typeof finished?.result?.data?.versionId === "string" ? finished.result.data.versionId : undefined);
	const { host } = usePane();
	const path = useNotePath(host, edit.path, versionId);
	const shown = displayPath(path);
	// moveNote's: the links it updates, counted before the move (progress), then as written (result).
	const links = linkCount(finished ?? running ?? proposed);
	// What will happen, as plain text: the controls' names ("Run: Remove all headings · Daily/2026-11-28.md").
	const title =
		edit.operation === "delete"
			? deleteText(shown, false)
			: edit.operation === "move"
				? moveText(edit, links, false)
				: aheadText(edit.description, shown);
	const done = !proposed && !running && finished !== undefined && !notRunCall && finished.result?.status === "success";
	const byPolicy = calls.find((call) => call.decidedBy === "policy");
	// While it waits for a decision, is drafted or waits for review, the card asks for attention.
	const waiting = proposed !== undefined || drafting !== undefined || reviewing !== undefined;

	return (
		<div
			className={`redline-card redline-edit-card ${waiting ? "redline-card-proposed" : "redline-card-executed"}`}
			role="group"
			aria-label={`Edit ${shown}`}
			data-edit-id={edit.editId}
			{...{ [CARD_ATTR]: edit.editId }}
		>
			<header className="redline-card-header">
				<span className={`redline-op-chip redline-op-${edit.operation}`}>{edit.operation}</span>
				<CardTitle
					text={
						edit.operation === "delete"
							? deleteText(shown, done)
							: edit.operation === "move"
								? moveText(edit, links, done, shown, movedFrom(intentCall))
								: done
									? doneTitle(edit.description)
									: aheadLine(edit.description)
					}
					path={path}
				/>
			</header>
			{proposed && <WaitingStatus />}
			{proposed && (
				<ApprovalControls
					callId={proposed.callId}
					cardId={edit.editId}
					tool={proposed.tool}
					title={title}
					preference={preference}
				/>
			)}
			{drafting && <DraftProgress call={drafting} cardId={edit.editId} title={title} />}
			{reviewing && draft && (
				<DraftReview key={draft.editId} draft={draft} callId={reviewing.callId} cardId={edit.editId} title={title} />
			)}
			{draft?.reviewed && <ReviewOutcome draft={draft} result={finished === drafted ? finished?.result : undefined} />}
			{running && !drafting && !reviewing && !reviewedAway && <EditProgress call={running} path={path} />}
			{notRunCall && <NotRunStatus call={notRunCall} />}
			{!running && finished && !notRunCall && !reviewedAway && <EditResult edit={edit} path={path} call={finished} />}
			{!proposed && !running && !finished && !notRunCall && intentCall?.phase === "approved" && (
				<div className="redline-call-status" tabIndex={-1} {...{ [STATUS_ATTR]: "" }}>
					<span className="redline-status-badge redline-status-approved">Approved</span>
				</div>
			)}
			{byPolicy && <PolicyNote tool={byPolicy.tool} />}
		</div>
	);
}

/** A move undone, as words: the links put back, or the notes whose links were not (the user edited them since). */
function movedBackText(path: string, notRestored: readonly string[] | undefined): string {
	if (!notRestored?.length) return `Moved back to ${path}, links restored`;
	const names = notRestored.map(displayPath).join(", ");
	const which = notRestored.length === 1 ? `the link in ${names} was` : `the links in ${names} were`;
	return `Moved back to ${path}; ${which} not restored (edited since)`;
}

/** A delete's card, as words: "Delete Plan.md (moves it to the trash)", then "Deleted Plan.md (moved to the trash)". */
function deleteText(path: string, done: boolean): string {
	return done ? `Deleted ${path} (moved to the trash)` : `Delete ${path} (moves it to the trash)`;
}

/**
 * A move's card, as words: "Move Plan.md → Archive/Plan.md; updates links in 3 notes", then
 * "Moved Plan.md → Archive/Plan.md; updated links in 3 notes" (`now`: where the note is now).
 */
function moveText(edit: EditView, links: number | undefined, done: boolean, now?: string, from?: string): string {
	const to = displayPath(moveTarget(edit.description));
	if (!done) {
		const count = links === undefined ? "" : `; updates links in ${notes(links)}`;
		return `Move ${displayPath(edit.path)} → ${to}${count}`;
	}
	const count = links === undefined ? "" : `; updated links in ${notes(links)}`;
	return from !== undefined ? `Moved ${from} → ${now ?? to}${count}` : `Moved to ${now ?? to}${count}`;
}

/** Where the note was before the move: the moveNote call's own path. */
function movedFrom(call: ToolCallView | undefined): string | undefined {
	const path = (call?.args as { path?: unknown } | undefined)?.path;
	return typeof path === "string" ? displayPath(path) : undefined;
}

function notes(count: number): string {
	return `${count} ${count === 1 ? "note" : "notes"}`;
}

/** The links a move updates: its result's count once written, else the count made before it (or before the decision). */
function linkCount(call: ToolCallView | undefined): number | undefined {
	const written = call?.result?.data?.linksUpdated;
	if (typeof written === "number") return written;
	const phase = call?.progress?.phase;
	return phase === "moving" || phase === "preview" ? call?.progress?.changes : undefined;
}

/** What the apply phase is doing: edit blocks counted as they arrive, a whole-note percentage, the write. */
export function editProgressLabel(progress: ToolCallView["progress"], path: string): string {
	const fraction = progress?.fraction;
	const percent = fraction !== undefined ? ` ${Math.round(fraction * 100)}%` : "";
	const changes = progress?.changes;
	if (progress?.phase === "writing") return `Writing to ${path}`;
	if (progress?.phase === "moving") return `Moving ${path}`;
	if (progress?.phase === "retrying") return `Edit blocks did not apply; writing the whole note…${percent}`;
	if (changes !== undefined && changes > 0) return `${changes} ${changes === 1 ? "change" : "changes"} so far…`;
	return `Generating changes…${percent}`;
}

function EditProgress({ call, path }: { call: ToolCallView; path: string }) {
	const writing = call.progress?.phase === "writing";
	const fraction = call.progress?.fraction;
	const label = editProgressLabel(call.progress, displayPath(path));
	return (
		<div className="redline-edit-progress" tabIndex={-1} {...{ [STATUS_ATTR]: "" }}>
			<span className="redline-edit-progress-label">{label}</span>
			<ProgressBar fraction={writing ? 1 : fraction} label={label} />
		</div>
	);
}

/** `path`: where the note is now (it may have been renamed since the edit). */
function EditResult({ edit, path, call }: { edit: EditView; path: string; call: ToolCallView }) {
	const result = call.result!;
	// An undone edit reads as undone: the badge says so and its diff is dimmed (a reload agrees: it is the log's).
	const status = edit.reverted ? { key: "reverted", label: "Reverted" } : callStatus(call);
	const counts = edit.applied ?? appliedFromResult(result.data);
	const versionId =
		edit.applied?.versionId ?? (typeof result.data?.versionId === "string" ? result.data.versionId : undefined);
	const diff = useDiff(path, result.data?.diff, result.status === "success" ? versionId : undefined);
	const unified = diff?.unified;
	return (
		<div className={edit.reverted ? "redline-edit-result redline-edit-reverted" : "redline-edit-result"}>
			<div className="redline-call-status" tabIndex={-1} {...{ [STATUS_ATTR]: "" }}>
				<span className={`redline-status-badge redline-status-${status.key}`}>{status.label}</span>
				{counts && result.status === "success" && <ChangeChip added={counts.added} removed={counts.removed} />}
				{/* A success's message is written for the model (it repeats the diff); the chip and diff say it here. */}
				{(result.status !== "success" || !unified) && (
					<p className="redline-call-result">{resultForPerson(call)?.line}</p>
				)}
			</div>
			{diff && (
				<DiffView
					unified={diff.unified}
					label={`Changes to ${displayPath(path)}`}
					partial={diff.partial}
					{...(counts ? { changed: counts } : {})}
				/>
			)}
			{result.status === "success" && versionId && <RevertControl path={path} versionId={versionId} edit={edit} />}
		</div>
	);
}

/**
 * The edit's whole unified diff: the result's own when it carries it whole, else the note's
 * history's (the result's was cut for the model at MAX_DIFF_CHARS). When the history no longer
 * has it, the cut diff's whole lines, marked partial.
 */
function useDiff(
	path: string,
	fromResult: unknown,
	versionId: string | undefined,
): { unified: string; partial: boolean } | undefined {
	const { host } = usePane();
	const [fetched, setFetched] = useState<{ unified: string | undefined; done: boolean }>({
		unified: undefined,
		done: false,
	});
	const inline = typeof fromResult === "string" ? fromResult : undefined;
	const cut = inline !== undefined && isCutDiff(inline);
	const needed = (inline === undefined || cut) && versionId !== undefined;
	useEffect(() => {
		if (!needed) return;
		let live = true;
		void host.service.listHistory({ path }).then((listed) => {
			if (!live) return;
			const entry = listed.ok ? listed.entries.find((e) => e.versionId === versionId) : undefined;
			setFetched({ unified: entry?.diff, done: true });
		});
		return () => {
			live = false;
		};
	}, [host, path, versionId, needed]);
	if (inline !== undefined && !cut) return { unified: inline, partial: false };
	if (fetched.unified !== undefined) return { unified: fetched.unified, partial: false };
	if (inline !== undefined && (fetched.done || versionId === undefined))
		return { unified: wholeHunksOf(inline), partial: true };
	return undefined;
}

/**
 * Revert, or what became of the edit: "Reverted" while a revert (by any route: this button, the
 * command, the history, an RPC client) has it undone, "Restored" once a revert of that revert put
 * it back. Both come from the thread's log, so a reload, a second window and a pop-out agree.
 */
function RevertControl({ path, versionId, edit }: { path: string; versionId: string; edit: EditView }) {
	const { host, focus } = usePane();
	// A restored edit is in the note by the revert that restored it: undoing that one undoes it again.
	const inEffect = edit.restored?.versionId ?? versionId;
	const revert = useAction(() => revertEdit(host.service, path, inEffect));
	// Reapply is a revert of the revert: the history undoes exactly that revert, and the log says Restored.
	const undone = edit.reverted?.versionId;
	const reapply = useAction(() => revertEdit(host.service, path, undone ?? inEffect));
	if (edit.reverted) {
		// Undoing a create moves the note to the trash; undoing a delete brings it back.
		const trashed = edit.operation === "create";
		const broughtBack = edit.operation === "delete";
		const movedBack = edit.operation === "move";
		return (
			// Its own key: the Revert button must go (not turn into Reapply), so the focus moves to "Reverted".
			<div className="redline-revert" key="reverted">
				<p className="redline-revert-outcome" role="status" tabIndex={-1} {...{ [STATUS_ATTR]: "" }}>
					{trashed ? (
						`Deleted ${displayPath(path)} (moved to the trash)`
					) : broughtBack ? (
						`Brought ${displayPath(path)} back`
					) : movedBack ? (
						movedBackText(displayPath(edit.path), edit.reverted.notRestored)
					) : (
						<>
							Reverted <ChangeChip added={edit.reverted.added} removed={edit.reverted.removed} />
						</>
					)}
				</p>
				<button
					type="button"
					className="redline-button"
					aria-label={`Reapply this change to ${displayPath(path)}`}
					aria-disabled={reapply.busy || undefined}
					onClick={(event) => {
						if (reapply.busy) return;
						const origin = event.currentTarget;
						focus.request(origin, [edit.editId]);
						void reapply.run().then((ok) => {
							if (!ok) focus.cancel(origin);
						});
					}}
				>
					Reapply
				</button>
				{reapply.error && (
					<p className="redline-inline-error" role="alert">
						{reapply.error}
					</p>
				)}
			</div>
		);
	}
	return (
		<div className="redline-revert">
			{edit.restored && edit.operation === "delete" && (
				<p className="redline-revert-outcome" role="status">
					{`Deleted ${displayPath(path)} again (moved to the trash)`}
				</p>
			)}
			{edit.restored && edit.operation === "move" && (
				<p className="redline-revert-outcome" role="status">
					{`Moved to ${displayPath(moveTarget(edit.description))} again`}
				</p>
			)}
			{edit.restored && edit.operation !== "delete" && edit.operation !== "move" && (
				<p className="redline-revert-outcome" role="status">
					Restored <ChangeChip added={edit.restored.added} removed={edit.restored.removed} />
				</p>
			)}
			<button
				type="button"
				className="redline-button"
				aria-label={`Revert this change to ${displayPath(path)}`}
				aria-disabled={revert.busy || undefined}
				onClick={(event) => {
					if (revert.busy) return;
					const origin = event.currentTarget;
					focus.request(origin, [edit.editId]);
					void revert.run().then((ok) => {
						if (!ok) focus.cancel(origin);
					});
				}}
			>
				Revert
			</button>
			{revert.error && (
				<p className="redline-inline-error" role="alert">
					{revert.error}
				</p>
			)}
		</div>
	);
}
