/**
 * Ask / Always / Never for one tool in this chat, as three toggle buttons. A native <select>
 * commits on every arrow key (Chromium fires change on ↓ while it is closed), so a keyboard user
 * passing over "Never" would block the tool; a button commits only when pressed. While the
 * choice is on its way the buttons stay focusable (aria-disabled, not disabled, which would drop
 * the focus), and the pressed one shows it at once until the tool_preference_set event arrives.
 */
import { useState } from "react";
import type { ToolPreference } from "../../log/events";
import { usePane } from "../context";
import { toolLabel } from "../permissions";
import { useAction } from "../hooks/useAction";

export const PREFERENCE_CHOICES: { value: ToolPreference; label: string }[] = [
	{ value: "prompt", label: "Ask" },
	{ value: "always", label: "Always" },
	{ value: "never", label: "Never" },
];

export interface PreferenceChoiceProps {
	tool: string;
	current: ToolPreference;
	/** The visible label before the buttons (the group's name stays the full sentence). */
	label?: string;
	/** After the preference is saved (a waiting card then runs or skips itself). */
	onChosen?: (preference: ToolPreference, origin: HTMLElement) => void;
	/** Focus the pressed button when mounted (the Permissions panel opened on this tool). */
	autoFocus?: boolean;
}

export function PreferenceChoice({ tool, current, label, onChosen, autoFocus }: PreferenceChoiceProps) {
	const { host, threadId } = usePane();
	const [optimistic, setOptimistic] = useState<{ from: ToolPreference; to: ToolPreference } | null>(null);
	const action = useAction((preference: ToolPreference) =>
		host.service.setToolPreference({ threadId, tool, preference }),
	);
	// The optimistic value holds only until the state moves (the event arrived or another change won).
	const shown = optimistic && optimistic.from === current ? optimistic.to : current;
	const name = toolLabel(host, tool);

	const choose = (preference: ToolPreference, origin: HTMLElement): void => {
		if (action.busy || preference === shown) return;
		setOptimistic({ from: current, to: preference });
		void action.run(preference).then((ok) => {
			if (!ok) setOptimistic(null);
			else onChosen?.(preference, origin);
		});
	};

	return (
		<div className="redline-preference">
			<span className="redline-preference-label">{label ?? `For ${name} in this chat`}</span>
			<div className="redline-preference-choices" role="group" aria-label={`Preference for ${name} in this chat`}>
				{PREFERENCE_CHOICES.map((choice) => (
					<button
						key={choice.value}
						type="button"
						className="redline-button redline-preference-choice"
						aria-label={`${choice.label} for ${name}`}
						aria-pressed={choice.value === shown}
						aria-disabled={action.busy || undefined}
						autoFocus={autoFocus === true && choice.value === shown}
						onClick={(event) => choose(choice.value, event.currentTarget)}
					>
						{choice.label}
					</button>
				))}
			</div>
			{action.error && (
				<span className="redline-inline-error" role="alert">
					{action.error}
				</span>
			)}
		</div>
	);
}
