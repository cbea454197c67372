/**
 * An error in place in the stream. The latest one, when retryable and the thread is stopped on
 * it, offers Retry; every error links to settings, where a missing key or a wrong address is fixed.
 */
import { memo } from "react";
import type { ErrorView } from "../../thread/state";
import { usePane } from "../context";
import { useAction } from "../hooks/useAction";

export const ErrorBanner = memo(function ErrorBanner({ error, canRetry }: { error: ErrorView; canRetry: boolean }) {
	const { host, threadId } = usePane();
	const retry = useAction(() => host.service.retry({ threadId }));
	return (
		<div className="redline-error" role="alert">
			<p className="redline-error-message">{error.message}</p>
			<div className="redline-error-actions">
				{canRetry && error.retryable && (
					<button type="button" className="redline-button mod-cta" aria-label="Retry" disabled={retry.busy} onClick={() => void retry.run()}>
						Retry
					</button>
				)}
				<button type="button" className="redline-button redline-button-quiet" aria-label="Open Redline settings" onClick={() => host.openSettings()}>
					Open Redline settings
				</button>
			</div>
			{retry.error && <p className="redline-inline-error">{retry.error}</p>}
		</div>
	);
});
