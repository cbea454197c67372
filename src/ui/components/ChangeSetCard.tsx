/**
 * A change set (issue 31): the edits one reply drafted, and its moves and deletes, as one card.
 * "5 notes · +12 −3" with "Accept all notes" and "Reject all notes" for every note that waits
 * (decideToolCalls: approve accepts every change of a draft and runs a move or a delete, deny
 * rejects or skips them), then one entry per note. Up to five notes each show
 * their own card, redline and all; above five each note is a row that opens on demand, and
 * "Review one by one" walks the notes with Previous and Next. Every choice still goes through
 * the single-note contract, so a per-change decision inside a note is its own card's.
 */
import { useState, type ReactNode } from "react";
import type { ToolPreference } from "../../log/events";
import { usePane } from "../context";
import { useAction } from "../hooks/useAction";
import type { SetNote, SetNoteState } from "../change-set";
import { ChangeChip } from "./DiffView";
import { EditCard } from "./EditCard";
import { displayPath } from "../../vault/display-path";

/** Above this many notes each one is a row that opens on demand. */
export const OPEN_NOTES = 5;

const STATE_WORDS: Record<SetNoteState, string> = {
	drafting: "Drafting…",
	waiting: "Waiting for you",
	reviewed: "Reviewed",
	settled: "Not applied",
	failed: "No draft",
};

export interface ChangeSetCardProps {
	notes: SetNote[];
	preferences: Record<string, ToolPreference>;
}

export function ChangeSetCard({ notes, preferences }: ChangeSetCardProps) {
	const { host, threadId } = usePane();
	const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
	const [walk, setWalk] = useState<number | null>(null);
	const waiting = notes.filter((note) => note.state === "waiting");
	const drafting = notes.filter((note) => note.state === "drafting").length;
	const decide = useAction((approve: boolean, callIds: string[]) =>
		host.service.decideToolCalls({
			threadId,
			approved: approve ? callIds : [],
			denied: approve ? [] : callIds,
		}),
	);
	const added = notes.reduce((sum, note) => sum + note.added, 0);
	const removed = notes.reduce((sum, note) => sum + note.removed, 0);
	const folded = notes.length > OPEN_NOTES;
	const card = (note: SetNote): ReactNode => (
		<EditCard edit={note.edit} calls={note.calls} preference={preferences[note.call.tool]} />
	);

	let body: ReactNode;
	if (!folded) body = notes.map((note) => <li key={note.edit.editId}>{card(note)}</li>);
	else if (walk !== null) {
		const index = Math.min(walk, notes.length - 1);
		const note = notes[index];
		body = note && (
			<li key={note.edit.editId} className="redline-set-walk">
				<div className="redline-set-walk-bar" role="group" aria-label="Review one by one">
					<button
						type="button"
						className="redline-button"
						aria-disabled={index === 0 || undefined}
						onClick={() => index > 0 && setWalk(index - 1)}
					>
						Previous note
					</button>
					<span aria-live="polite">
						Note {index + 1} of {notes.length}
					</span>
					<button
						type="button"
						className="redline-button"
						aria-disabled={index === notes.length - 1 || undefined}
						onClick={() => index < notes.length - 1 && setWalk(index + 1)}
					>
						Next note
					</button>
					<button type="button" className="redline-button redline-button-quiet" onClick={() => setWalk(null)}>
						Show all notes
					</button>
				</div>
				{card(note)}
			</li>
		);
	} else {
		body = notes.map((note) => {
			const id = note.edit.editId;
			const isOpen = open.has(id);
			return (
				<li key={id} className="redline-set-row">
					<div className="redline-set-row-line">
						<button
							type="button"
							className="redline-set-row-toggle"
							aria-expanded={isOpen}
							onClick={() =>
								setOpen((current) => {
									const next = new Set(current);
									if (next.has(id)) next.delete(id);
									else next.add(id);
									return next;
								})
							}
						>
							<span className="redline-set-row-path" title={note.edit.path}>
								{displayPath(note.edit.path)}
							</span>
						</button>
						<ChangeChip added={note.added} removed={note.removed} />
						<span className="redline-set-row-state">{STATE_WORDS[note.state]}</span>
						{note.state === "waiting" && (
							<>
								<button
									type="button"
									className="redline-button"
									aria-label={`Accept the changes to ${displayPath(note.edit.path)}`}
									onClick={() => void decide.run(true, [note.call.callId])}
								>
									Accept
								</button>
								<button
									type="button"
									className="redline-button"
									aria-label={`Reject the changes to ${displayPath(note.edit.path)}`}
									onClick={() => void decide.run(false, [note.call.callId])}
								>
									Reject
								</button>
							</>
						)}
					</div>
					{isOpen && card(note)}
				</li>
			);
		});
	}

	const count = `${notes.length} notes`;
	return (
		<section className="redline-card redline-change-set" aria-label={`Change set: ${count}`}>
			<header className="redline-set-header">
				<span className="redline-card-title">
					{count} <ChangeChip added={added} removed={removed} />
				</span>
				<span className="redline-set-status" role="status">
					{waiting.length > 0
						? `${waiting.length} waiting for you`
						: drafting > 0
							? `Drafting ${drafting} of ${notes.length}…`
							: "Reviewed"}
				</span>
			</header>
			{waiting.length > 0 && (
				<div className="redline-set-actions">
					<button
						type="button"
						className="redline-button redline-cta mod-cta"
						aria-disabled={decide.busy || undefined}
						onClick={() =>
							void decide.run(
								true,
								waiting.map((note) => note.call.callId),
							)
						}
					>
						{waiting.length === notes.length ? "Accept all notes" : `Accept the ${waiting.length} ready notes`}
					</button>
					<button
						type="button"
						className="redline-button"
						aria-disabled={decide.busy || undefined}
						onClick={() =>
							void decide.run(
								false,
								waiting.map((note) => note.call.callId),
							)
						}
					>
						{waiting.length === notes.length ? "Reject all notes" : `Reject the ${waiting.length} ready notes`}
					</button>
					{folded && walk === null && (
						<button type="button" className="redline-button redline-button-quiet" onClick={() => setWalk(0)}>
							Review one by one
						</button>
					)}
				</div>
			)}
			{decide.error && (
				<p className="redline-inline-error" role="alert">
					{decide.error}
				</p>
			)}
			<ul className="redline-set-notes">{body}</ul>
		</section>
	);
}
