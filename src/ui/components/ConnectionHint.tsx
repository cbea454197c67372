/**
 * One line at the top of the pane while the last connection check failed (for the settings in
 * use): what failed and the fix, with a link to the settings where the whole report is.
 */
import { memo } from "react";
import type { UiHost } from "../host";
import { useConnection } from "../hooks/useConnection";

export const ConnectionHint = memo(function ConnectionHint({ host }: { host: UiHost }) {
	const { failure } = useConnection(host.connection);
	if (!failure) return null;
	return (
		<div className="redline-connection-hint" role="status">
			<span>Last connection check: {failure}</span>
			<button
				type="button"
				className="redline-button redline-button-quiet"
				aria-label="Open Redline settings for the connection check"
				onClick={() => host.openSettings()}
			>
				Open settings
			</button>
		</div>
	);
});
