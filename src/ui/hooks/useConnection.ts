/** The host's connection check as the pane shows it: the last failure's line and whether one runs. */
import { useCallback, useSyncExternalStore } from "react";
import type { ConnectionHost } from "../host";

export interface ConnectionView {
	failure: string | null;
	running: boolean;
}

const NONE = "none";

export function useConnection(connection: ConnectionHost | undefined): ConnectionView {
	const subscribe = useCallback(
		(listener: () => void) => connection?.onChange(listener) ?? (() => undefined),
		[connection],
	);
	// A string snapshot, so an unchanged state keeps its identity between renders.
	const snapshot = useSyncExternalStore(subscribe, () =>
		connection ? JSON.stringify([connection.lastFailure(), connection.running()]) : NONE,
	);
	if (snapshot === NONE) return { failure: null, running: false };
	const [failure, running] = JSON.parse(snapshot) as [string | null, boolean];
	return { failure, running };
}
