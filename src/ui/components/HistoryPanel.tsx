/**
 * The history of the notes this chat changed (not of whichever note the editor shows): each note
 * with Redline's versions of it, newest first: time, description, +/- lines, the diff, and on each
 * "Revert this change", which undoes that change alone (by its versionId, merged onto today's
 * text: later changes stay). The older ones also offer "Revert to this version", which undoes
 * every later change: it first says how many, in place (nothing modal), and the count goes with
 * the request, so a change that lands meanwhile makes it refuse instead of undoing more.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { HistoryEntrySummary } from "../../thread/service-api";
import type { ThreadState } from "../../log/state";
import type { UiHost } from "../host";
import { displayPath } from "../../vault/display-path";
import { formatTime } from "../describe";
import { useAction } from "../hooks/useAction";
import { ChangeChip, DiffView } from "./DiffView";
import { NoteLink } from "./NoteLink";

/** The notes a chat's edits are about, the most recently changed first. */
export function changedNotes(state: Pick<ThreadState, "editOrder" | "edits"> | undefined): string[] {
	if (!state) return [];
	const paths: string[] = [];
	for (const editId of [...state.editOrder].reverse()) {
		const edit = state.edits[editId];
		if (edit && (edit.applied || edit.reverted || edit.restored) && !paths.includes(edit.path)) paths.push(edit.path);
	}
	return paths;
}

export interface HistoryPanelProps {
	host: UiHost;
	/** The notes this chat changed (changedNotes). */
	paths: string[];
	/** Changes whenever the thread applied or reverted something: the lists are read again. */
	refreshKey: unknown;
}

export function HistoryPanel({ host, paths, refreshKey }: HistoryPanelProps) {
	return (
		<section className="redline-history-panel" aria-label="History of the notes this chat changed">
			<h2 className="redline-history-title">Notes this chat changed</h2>
			{paths.length === 0 && <p className="redline-muted">This chat has not changed any notes yet.</p>}
			{paths.map((path) => (
				<NoteVersions key={path} host={host} path={path} refreshKey={refreshKey} />
			))}
		</section>
	);
}

function NoteVersions({ host, path, refreshKey }: { host: UiHost; path: string; refreshKey: unknown }) {
	const [entries, setEntries] = useState<HistoryEntrySummary[] | null>(null);
	const [loadError, setLoadError] = useState<string | null>(null);
	const [notice, setNotice] = useState<string | null>(null);
	// Only the latest request may fill the list: an older answer arriving last must not win.
	const latest = useRef(0);

	const load = useCallback(async (): Promise<void> => {
		const request = ++latest.current;
		const listed = await host.service.listHistory({ path });
		if (request !== latest.current) return;
		if (listed.ok) {
			setEntries(listed.entries);
			setLoadError(null);
		} else {
			setLoadError(listed.error.message);
		}
	}, [host, path]);

	useEffect(() => {
		void load();
	}, [load, refreshKey]);

	const [confirming, setConfirming] = useState<string | null>(null);
	// Every revert names its version: a change that lands after the list was read is never the one undone.
	const revert = useAction(async (request: { versionId: string; laterChanges?: number }) => {
		const { versionId, laterChanges } = request;
		setConfirming(null);
		const outcome = await host.service.revertHistory(
			laterChanges === undefined ? { path, versionId } : { path, versionId, to: true, laterChanges },
		);
		if (outcome.ok) {
			setNotice(
				`${laterChanges === undefined ? "Reverted the change" : `Returned to the version, undoing ${changes(laterChanges)}`}: +${outcome.added} −${outcome.removed}.`,
			);
			await load();
		}
		return outcome;
	});

	return (
		<div className="redline-history-note" role="group" aria-label={`History of ${displayPath(path)}`}>
			<h3 className="redline-history-note-title">
				<NoteLink host={host} path={path} />
			</h3>
			{loadError && (
				<p className="redline-inline-error" role="alert">
					{loadError}
				</p>
			)}
			{notice && (
				<p className="redline-history-notice" role="status">
					{notice}
				</p>
			)}
			{revert.error && (
				<p className="redline-inline-error" role="alert">
					{revert.error}
				</p>
			)}
			{entries && entries.length === 0 && <p className="redline-muted">Redline has no versions of this note.</p>}
			{entries && entries.length > 0 && (
				<ol className="redline-history-list">
					{entries.map((entry, index) => (
						<li key={entry.versionId} className="redline-history-entry">
							<details>
								{/* The row is a span inside the summary: a summary laid out as flex loses its disclosure arrow. */}
								<summary className="redline-history-summary">
									<span className="redline-history-row">
										<span className="redline-history-time">{formatTime(entry.at)}</span>
										<span className="redline-history-description">{entry.description}</span>
										<ChangeChip added={entry.added} removed={entry.removed} />
									</span>
								</summary>
								<DiffView unified={entry.diff} label={`Changes in version from ${formatTime(entry.at)}`} />
							</details>
							<button
								type="button"
								className="redline-button"
								aria-label={`Revert this change: ${entry.description}`}
								disabled={revert.busy}
								onClick={() => void revert.run({ versionId: entry.versionId })}
							>
								Revert this change
							</button>
							{index > 0 && confirming !== entry.versionId && (
								<button
									type="button"
									className="redline-button"
									aria-label={`Revert to this version: ${entry.description}`}
									disabled={revert.busy}
									onClick={() => setConfirming(entry.versionId)}
								>
									Revert to this version
								</button>
							)}
							{index > 0 && confirming === entry.versionId && (
								<div
									className="redline-history-confirm"
									role="group"
									aria-label={`Confirm reverting to this version: ${entry.description}`}
								>
									<p>
										Returning to this version undoes the {changes(index)}:{" "}
										{entries
											.slice(0, index)
											.map((later) => `"${later.description}"`)
											.join(", ")}
										.
									</p>
									<button
										type="button"
										className="redline-button mod-warning"
										disabled={revert.busy}
										onClick={() => void revert.run({ versionId: entry.versionId, laterChanges: index })}
									>
										Undo {changes(index)}
									</button>
									<button type="button" className="redline-button" onClick={() => setConfirming(null)}>
										Cancel
									</button>
								</div>
							)}
						</li>
					))}
				</ol>
			)}
		</div>
	);
}

const changes = (n: number) => (n === 1 ? "1 later change" : `${n} later changes`);
