/**
 * Where an applied edit's note is now. The history follows renames; the thread's log names the
 * path the edit was made at. So a card asks the history, by the edit's version, where that note
 * is (v1.history.locate): when it mounts and whenever the host says a note was renamed. What the
 * card shows comes from the history, not from a rename the pane happened to see, so a reload
 * shows the same. Until the answer (or without a version, or when no kept history holds it any
 * more) it is the path the log names.
 */
import { useEffect, useState } from "react";
import type { UiHost } from "../host";

export function useNotePath(host: UiHost, path: string, versionId: string | undefined): string {
	const [located, setLocated] = useState<{ path: string; versionId: string; now: string } | undefined>();
	useEffect(() => {
		if (versionId === undefined) return;
		let live = true;
		const ask = (): void => {
			void host.service.locateHistory({ path, versionId }).then((found) => {
				if (live && found.ok) setLocated({ path, versionId, now: found.path });
			});
		};
		ask();
		const stop = host.onNotesRenamed?.(ask);
		return () => {
			live = false;
			stop?.();
		};
	}, [host, path, versionId]);
	// An answer about another edit's version (the props changed since) says nothing about this one.
	return located !== undefined && located.path === path && located.versionId === versionId ? located.now : path;
}
