/**
 * The chat's Permissions, opened from the header (or a card's "Change"): each tool's preference
 * for this chat (Ask / Always / Never), changeable at any time, so a chat set to "Never" is never
 * a dead end. Each choice is a tool_preference_set event: the panel shows the log, not a draft.
 * Done or Escape closes it and returns the focus to the control that opened it.
 */
import type { ThreadState } from "../../log/state";
import { usePane } from "../context";
import { toolName } from "../describe";
import { PERMISSION_TOOLS, preferenceIn } from "../permissions";
import { PreferenceChoice } from "./PreferenceChoice";

export interface PermissionsPanelProps {
	id: string;
	state: ThreadState;
	/** The tool to focus on open (a card's Change), else the first. */
	focusTool: string | null;
	onClose: () => void;
}

export function PermissionsPanel({ id, state, focusTool, onClose }: PermissionsPanelProps) {
	const { host } = usePane();
	const defaults = host.toolDefaults?.();
	const focused = focusTool !== null && PERMISSION_TOOLS.includes(focusTool) ? focusTool : PERMISSION_TOOLS[0];
	return (
		<div
			id={id}
			className="redline-permissions"
			role="group"
			aria-label="Permissions in this chat"
			onKeyDown={(event) => {
				if (event.key === "Escape") {
					event.preventDefault();
					onClose();
				}
			}}
		>
			<p className="redline-permissions-heading">What Redline may do in this chat without asking you:</p>
			<ul className="redline-permissions-list">
				{PERMISSION_TOOLS.map((tool) => (
					<li key={tool} className="redline-permissions-item">
						<PreferenceChoice tool={tool} current={preferenceIn(state, tool, defaults)} label={capitalize(toolName(tool))} autoFocus={tool === focused} />
					</li>
				))}
			</ul>
			<button type="button" className="redline-button" aria-label="Done with permissions" onClick={onClose}>
				Done
			</button>
		</div>
	);
}

function capitalize(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}
