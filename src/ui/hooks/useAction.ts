/**
 * Runs one service call from a button: tracks "in flight" (to disable the button and prevent a
 * double click from sending twice) and keeps a failed Result's message to show in place.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { Result } from "../../thread/service-api";

export interface Action<A extends unknown[]> {
	run(...args: A): Promise<boolean>;
	busy: boolean;
	error: string | null;
	clearError(): void;
}

export function useAction<A extends unknown[], T extends object>(call: (...args: A) => Promise<Result<T>>): Action<A> {
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string | null>(null);
	const inFlight = useRef(false);
	const mounted = useRef(true);
	useEffect(() => {
		mounted.current = true;
		return () => {
			mounted.current = false;
		};
	}, []);

	const run = useCallback(
		async (...args: A): Promise<boolean> => {
			if (inFlight.current) return false;
			inFlight.current = true;
			setBusy(true);
			setError(null);
			try {
				const result = await call(...args);
				if (!result.ok && mounted.current) setError(result.error.message);
				return result.ok;
			} catch (thrown) {
				if (mounted.current) setError(thrown instanceof Error ? thrown.message : String(thrown));
				return false;
			} finally {
				inFlight.current = false;
				if (mounted.current) setBusy(false);
			}
		},
		[call],
	);
	const clearError = useCallback(() => setError(null), []);
	return { run, busy, error, clearError };
}
