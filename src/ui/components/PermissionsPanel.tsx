/**
 * The chat's Permissions, opened from the header (or a card's "Change"), laid out like Obsidian's
 * settings: one `setting-item` row per tool, named by what it does for the user, with a line on
 * what that is and a dropdown in the same words as the cards ("Ask first" / "Run without asking"
 * / "Don't allow"). The heading claims nothing: the rows say what each tool may do. Each choice is
 * a tool_preference_set event (the panel shows the log, not a draft), and it answers the waiting
 * cards of that tool too (the service's policy, src/agent/waiting-calls.ts). Done or Escape
 * closes it and returns the focus to the control that opened it.
 */
import { useId } from "react";
import type { ThreadState } from "../../log/state";
import type { ToolEntry } from "../../tools/catalog";
import { usePane } from "../context";
import { preferenceIn, toolsOf } from "../permissions";
import { PreferenceSelect } from "./PreferenceSelect";

export interface PermissionsPanelProps {
	id: string;
	state: ThreadState;
	/** The tool to focus on open (a card's Change), else the first. */
	focusTool: string | null;
	onClose: () => void;
}

export function PermissionsPanel({ id, state, focusTool, onClose }: PermissionsPanelProps) {
	const { host } = usePane();
	const headingId = useId();
	const tools = toolsOf(host);
	const focused = focusTool !== null && tools.some((tool) => tool.name === focusTool) ? focusTool : tools[0]?.name;
	return (
		<div
			id={id}
			className="redline-permissions"
			role="group"
			aria-labelledby={headingId}
			onKeyDown={(event) => {
				if (event.key === "Escape") {
					event.preventDefault();
					onClose();
				}
			}}
		>
			{/* h2: the pane is a region of its window, under the host's own h1 (axe's heading-order). */}
			<h2 id={headingId} className="redline-permissions-heading">
				Permissions in this chat
			</h2>
			<p className="redline-permissions-intro">New chats start from the defaults in Redline's settings.</p>
			{tools.map((tool) => (
				<PermissionRow key={tool.name} tool={tool} state={state} autoFocus={tool.name === focused} />
			))}
			<button type="button" className="redline-button" aria-label="Done with permissions" onClick={onClose}>
				Done
			</button>
		</div>
	);
}

function PermissionRow({ tool, state, autoFocus }: { tool: ToolEntry; state: ThreadState; autoFocus: boolean }) {
	const { host } = usePane();
	const nameId = useId();
	const descriptionId = useId();
	return (
		<div className="setting-item redline-permission">
			<div className="setting-item-info redline-permission-info">
				<div id={nameId} className="setting-item-name redline-permission-name">
					{tool.label}
				</div>
				{tool.purpose !== "" && (
					<div id={descriptionId} className="setting-item-description redline-permission-description">
						{tool.purpose}
					</div>
				)}
			</div>
			<div className="setting-item-control redline-permission-control">
				<PreferenceSelect
					tool={tool.name}
					current={preferenceIn(state, tool.name, host)}
					labelledBy={nameId}
					{...(tool.purpose !== "" ? { describedBy: descriptionId } : {})}
					autoFocus={autoFocus}
				/>
			</div>
		</div>
	);
}
