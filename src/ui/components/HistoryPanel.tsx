/**
 * Redline's versions of the active note, newest first: time, description, +/- lines, the diff,
 * and "Revert to here" (which undoes every newer version, merging onto the user's typing).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { HistoryEntrySummary } from "../../thread/service-api";
import type { UiHost } from "../host";
import { formatTime } from "../describe";
import { useAction } from "../hooks/useAction";
import { ChangeChip, DiffView } from "./DiffView";

export interface HistoryPanelProps {
	host: UiHost;
	path: string | null;
	/** Changes whenever the thread applied or reverted something: the list is re-read. */
	refreshKey: unknown;
}

export function HistoryPanel({ host, path, refreshKey }: HistoryPanelProps) {
	const [entries, setEntries] = useState<HistoryEntrySummary[] | null>(null);
	const [loadError, setLoadError] = useState<string | null>(null);
	const [notice, setNotice] = useState<string | null>(null);
	// Only the latest request may fill the list: switching notes quickly must not show an older note's answer.
	const latest = useRef(0);

	const load = useCallback(async (): Promise<void> => {
		if (!path) return;
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
		setEntries(null);
		setNotice(null);
		void load();
	}, [load, refreshKey]);

	const revert = useAction(async (versionId: string) => {
		const outcome = await host.service.revertHistory({ path: path!, versionId });
		if (outcome.ok) {
			setNotice(`Reverted: +${outcome.added} −${outcome.removed}.`);
			await load();
		}
		return outcome;
	});

	if (!path) return <section className="redline-history-panel" aria-label="History"><p className="redline-muted">Open a note to see its Redline history.</p></section>;
	return (
		<section className="redline-history-panel" aria-label={`History of ${path}`}>
			<h3 className="redline-history-title">History of {path}</h3>
			{loadError && <p className="redline-inline-error" role="alert">{loadError}</p>}
			{notice && <p className="redline-history-notice" role="status">{notice}</p>}
			{revert.error && <p className="redline-inline-error" role="alert">{revert.error}</p>}
			{entries && entries.length === 0 && <p className="redline-muted">Redline has not changed this note.</p>}
			{entries && entries.length > 0 && (
				<ol className="redline-history-list">
					{entries.map((entry, index) => (
						<li key={entry.versionId} className="redline-history-entry">
							<details>
								<summary className="redline-history-summary">
									<span className="redline-history-time">{formatTime(entry.at)}</span>
									<span className="redline-history-description">{entry.description}</span>
									<ChangeChip added={entry.added} removed={entry.removed} />
								</summary>
								<DiffView unified={entry.diff} label={`Changes in version from ${formatTime(entry.at)}`} />
							</details>
							{index > 0 && (
								<button
									type="button"
									className="redline-button"
									aria-label={`Revert to here: ${entry.description}`}
									disabled={revert.busy}
									onClick={() => void revert.run(entry.versionId)}
								>
									Revert to here
								</button>
							)}
						</li>
					))}
				</ol>
			)}
		</section>
	);
}
