/**
 * Under a turn that changed several notes (issue 31): "5 notes changed · +12 −3", one row per
 * note, and "Undo this turn", which takes every write of the turn back as one action
 * (v1.thread.undoTurn). What the undo left in place is named with why, from the turn_undone
 * event, so it reads the same after a reload. A turn that changed one note has its edit card's
 * Revert and needs no second button.
 */
import { memo } from "react";
import type { TurnView } from "../../log/state";
import { usePane } from "../context";
import { useAction } from "../hooks/useAction";
import { notesCount, type TurnChangeSummary } from "../turn-changes";
import { ChangeChip } from "./DiffView";
import { NoteLink } from "./NoteLink";

/** Above this many notes the rows fold under a summary line, so the turn's reply stays in view. */
const OPEN_ROWS = 5;

export interface TurnChangesProps {
	turn: TurnView;
	/** The user message that started the turn (only such a turn can be undone as one). */
	messageId: string;
	summary: TurnChangeSummary;
	/** The turn is still running: it may write again, so it cannot be undone yet. */
	running: boolean;
}

export const TurnChanges = memo(function TurnChanges({ turn, messageId, summary, running }: TurnChangesProps) {
	const { host, threadId } = usePane();
	const undo = useAction(() => host.service.undoTurn({ threadId, messageId }));
	const count = notesCount(summary);
	const rows = (
		<ul className="redline-turn-notes">
			{summary.notes.map((note) => (
				<li key={note.editId} className={note.undone ? "redline-turn-note is-undone" : "redline-turn-note"}>
					<NoteLink host={host} path={note.path} />
					{note.undone ? (
						<span className="redline-turn-note-state">Undone</span>
					) : (
						<ChangeChip added={note.added} removed={note.removed} />
					)}
				</li>
			))}
		</ul>
	);
	const left = turn.undo?.notUndone.filter((write) =>
		summary.notes.some((n) => n.editId === write.editId && !n.undone),
	);
	return (
		<section className="redline-turn-changes" aria-label={`Changes this turn: ${count}`}>
			<p className="redline-turn-changes-title">
				{summary.inEffect === 0 ? `${count} changed, all undone` : `${count} changed`}
				{summary.inEffect > 0 && <ChangeChip added={summary.added} removed={summary.removed} />}
			</p>
			{summary.notes.length > OPEN_ROWS ? (
				<details className="redline-turn-notes-fold">
					<summary>Show the {summary.notes.length} changes</summary>
					{rows}
				</details>
			) : (
				rows
			)}
			{left && left.length > 0 && (
				<div className="redline-turn-left" role="status">
					<p>
						{left.length === 1
							? "1 note was left as it is; the rest were undone:"
							: `${left.length} notes were left as they are; the rest were undone:`}
					</p>
					<ul>
						{left.map((write) => (
							<li key={write.editId}>
								<NoteLink host={host} path={write.path} />: {write.message}
							</li>
						))}
					</ul>
				</div>
			)}
			{summary.inEffect > 0 && (
				<button
					type="button"
					className="redline-button"
					aria-label={`Undo this turn: take back the changes to ${count}`}
					aria-disabled={running || undo.busy || undefined}
					title={running ? "The turn is still running" : undefined}
					onClick={() => {
						if (running || undo.busy) return;
						void undo.run();
					}}
				>
					Undo this turn
				</button>
			)}
			{undo.error && (
				<p className="redline-inline-error" role="alert">
					{undo.error}
				</p>
			)}
		</section>
	);
});
