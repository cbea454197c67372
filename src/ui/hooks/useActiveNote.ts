/** The note the user is looking at, following the host's active-note changes. */
import { useEffect, useState } from "react";
import type { UiHost } from "../host";

export function useActiveNote(host: UiHost): string | null {
	const [path, setPath] = useState<string | null>(() => host.activeNotePath());
	useEffect(() => {
		setPath(host.activeNotePath());
		return host.onActiveNoteChange(setPath);
	}, [host]);
	return path;
}
