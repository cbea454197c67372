/**
 * The history of the notes this chat changed (not of whichever note the editor shows): each note
 * with Redline's versions of it, newest first: time, description, +/- lines, the diff, "Revert
 * this change" on the newest (so a note with one entry can be reverted here too) and "Restore this
 * version" on the older ones (which undoes every newer version, merging onto the user's typing).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { HistoryEntrySummary } from "../../thread/service-api";
import type { ThreadState } from "../../thread/state";
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
			<h3 className="redline-history-title">Notes this chat changed</h3>
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

	// No versionId: the newest change is undone. With one: the note returns to that version.
	const revert = useAction(async (versionId: string | undefined) => {
		const outcome = await host.service.revertHistory(versionId === undefined ? { path } : { path, versionId });
		if (outcome.ok) {
			setNotice(`${versionId === undefined ? "Reverted the change" : "Restored the version"}: +${outcome.added} −${outcome.removed}.`);
			await load();
		}
		return outcome;
	});

	return (
		<div className="redline-history-note" role="group" aria-label={`History of ${displayPath(path)}`}>
			<h4 className="redline-history-note-title">
				<NoteLink host={host} path={path} />
			</h4>
			{loadError && <p className="redline-inline-error" role="alert">{loadError}</p>}
			{notice && <p className="redline-history-notice" role="status">{notice}</p>}
			{revert.error && <p className="redline-inline-error" role="alert">{revert.error}</p>}
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
								aria-label={index === 0 ? `Revert this change: ${entry.description}` : `Restore this version: ${entry.description}`}
								disabled={revert.busy}
								onClick={() => void revert.run(index === 0 ? undefined : entry.versionId)}
							>
								{index === 0 ? "Revert this change" : "Restore this version"}
							</button>
						</li>
					))}
				</ol>
			)}
		</div>
	);
}
