/**
 * "Set by your preference · Change" on a card that ran (or was blocked) without a click: after
 * "Always" an edit runs with nothing else on screen saying why, and after "Never" a card would
 * only say it was blocked. Change opens the chat's Permissions panel on that tool.
 */
import { usePane } from "../context";
import { toolLabel } from "../permissions";

export function PolicyNote({ tool }: { tool: string }) {
	const pane = usePane();
	return (
		<p className="redline-policy-note">
			Set by your preference ·{" "}
			<button
				type="button"
				className="redline-link-button"
				aria-label={`Change the preference for ${toolLabel(pane.host, tool)}`}
				onClick={(event) => pane.openPermissions(tool, event.currentTarget)}
			>
				Change
			</button>
		</p>
	);
}
