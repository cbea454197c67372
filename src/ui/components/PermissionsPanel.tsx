/**
 * The chat's Permissions, opened from the header (or a card's "Change"): each tool's preference
 * for this chat (Ask / Always / Never), changeable at any time, so a chat set to "Never" is never
 * a dead end. Each choice is a tool_preference_set event: the panel shows the log, not a draft.
 * Done or Escape closes it and returns the focus to the control that opened it.
 */
import type { ThreadState } from "../../log/state";
import { usePane } from "../context";
import { preferenceIn, toolsOf } from "../permissions";
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
	const tools = toolsOf(host);
	const focused = focusTool !== null && tools.some((tool) => tool.name === focusTool) ? focusTool : tools[0]?.name;
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
				{tools.map((tool) => (
					<li key={tool.name} className="redline-permissions-item">
						<PreferenceChoice
							tool={tool.name}
							current={preferenceIn(state, tool.name, host)}
							label={capitalize(tool.label)}
							autoFocus={tool.name === focused}
						/>
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
