/** The thread list for the switcher, refreshed on demand (after create, delete, rename). */
import { useCallback, useLayoutEffect, useState } from "react";
import { flushSync } from "react-dom";
import type { ServiceError, ThreadService, ThreadSummary } from "../../thread/service-api";

export interface ThreadsView {
	threads: ThreadSummary[];
	loaded: boolean;
	error?: ServiceError;
	refresh: () => Promise<ThreadSummary[]>;
}

export function useThreads(service: ThreadService): ThreadsView {
	const [threads, setThreads] = useState<ThreadSummary[]>([]);
	const [loaded, setLoaded] = useState(false);
	const [error, setError] = useState<ServiceError | undefined>();

	const show = useCallback((result: Awaited<ReturnType<ThreadService["listThreads"]>>): ThreadSummary[] => {
		if (!result.ok) {
			setError(result.error);
			setLoaded(true);
			return [];
		}
		// Most recently active first: that is the one a person returns to.
		const sorted = [...result.threads].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
		setThreads(sorted);
		setError(undefined);
		setLoaded(true);
		return sorted;
	}, []);

	const refresh = useCallback(async (): Promise<ThreadSummary[]> => show(await service.listThreads()), [service, show]);

	// Asked for as the pane is committed, and shown at once when it answers: an in-process service
	// answers before the frame is painted, so the pane paints its chat in its first frame, not an
	// empty pane first (one layout and one paint less on the way to the chat).
	useLayoutEffect(() => {
		let live = true;
		void service.listThreads().then((result) => {
			if (live) flushSync(() => show(result));
		});
		return () => {
			live = false;
		};
	}, [service, show]);

	return error ? { threads, loaded, error, refresh } : { threads, loaded, refresh };
}
