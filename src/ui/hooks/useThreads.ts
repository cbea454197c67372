/** The thread list for the switcher, refreshed on demand (after create, delete, rename). */
import { useCallback, useEffect, useState } from "react";
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

	const refresh = useCallback(async (): Promise<ThreadSummary[]> => {
		const result = await service.listThreads();
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
	}, [service]);

	useEffect(() => {
		void refresh();
	}, [refresh]);

	return error ? { threads, loaded, error, refresh } : { threads, loaded, refresh };
}
