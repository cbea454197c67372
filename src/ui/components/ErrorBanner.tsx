/**
 * An error in place in the stream. The latest one, when retryable and the thread is stopped on
 * it, offers Retry; every error links to settings, where a missing key or a wrong address is fixed,
 * and, where the host has one, offers "Check connection", which says what is wrong and the fix.
 */
import { memo, useState } from "react";
import type { ErrorView } from "../../log/state";
import { usePane } from "../context";
import { useAction } from "../hooks/useAction";
import { useConnection } from "../hooks/useConnection";

export const ErrorBanner = memo(function ErrorBanner({ error, canRetry }: { error: ErrorView; canRetry: boolean }) {
	const { host, threadId } = usePane();
	const retry = useAction(() => host.service.retry({ threadId }));
	const connection = host.connection;
	const check = useConnection(connection);
	// Whether this banner ran a check, so it says the outcome (which the host keeps) in place.
	const [checked, setChecked] = useState(false);
	return (
		<div className="redline-error" role="alert">
			<p className="redline-error-message">{error.message}</p>
			<div className="redline-error-actions">
				{canRetry && error.retryable && (
					<button
						type="button"
						className="redline-button redline-cta mod-cta"
						aria-label="Retry"
						disabled={retry.busy}
						onClick={() => void retry.run()}
					>
						Retry
					</button>
				)}
				{connection && (
					<button
						type="button"
						className="redline-button redline-button-quiet"
						aria-label="Check connection"
						disabled={check.running}
						onClick={() =>
							void connection.checkAll().then(
								() => setChecked(true),
								() => setChecked(true),
							)
						}
					>
						{check.running ? "Checking…" : "Check connection"}
					</button>
				)}
				<button
					type="button"
					className="redline-button redline-button-quiet"
					aria-label="Open Redline settings"
					onClick={() => host.openSettings()}
				>
					Open Redline settings
				</button>
			</div>
			{checked && !check.running && (
				<p className="redline-check-outcome">
					{check.failure ? `Connection check: ${check.failure}` : "Both models passed the connection check."}
				</p>
			)}
			{retry.error && <p className="redline-inline-error">{retry.error}</p>}
		</div>
	);
});
