/**
 * Prompt / Always / Never for one tool in this chat. Sends setToolPreference once per actual
 * change, and shows the choice at once while the tool_preference_set event is on its way.
 */
import { useState } from "react";
import type { ToolPreference } from "../../thread/events";
import { usePane } from "../context";
import { toolName } from "../describe";
import { useAction } from "../hooks/useAction";

const CHOICES: { value: ToolPreference; label: string }[] = [
	{ value: "prompt", label: "Prompt" },
	{ value: "always", label: "Always" },
	{ value: "never", label: "Never" },
];

export function PreferenceSelect({ tool, current }: { tool: string; current: ToolPreference }) {
	const { host, threadId } = usePane();
	const [optimistic, setOptimistic] = useState<{ from: ToolPreference; to: ToolPreference } | null>(null);
	const action = useAction((preference: ToolPreference) => host.service.setToolPreference({ threadId, tool, preference }));
	// The optimistic value holds only until the state moves (the event arrived or another change won).
	const shown = optimistic && optimistic.from === current ? optimistic.to : current;

	return (
		<label className="redline-preference">
			<span className="redline-preference-label">For {toolName(tool)} in this chat</span>
			<select
				className="redline-preference-select dropdown"
				aria-label={`Preference for ${toolName(tool)} in this chat`}
				value={shown}
				disabled={action.busy}
				onChange={(event) => {
					const preference = event.target.value as ToolPreference;
					if (preference === shown) return;
					setOptimistic({ from: current, to: preference });
					void action.run(preference).then((ok) => {
						if (!ok) setOptimistic(null);
					});
				}}
			>
				{CHOICES.map((choice) => (
					<option key={choice.value} value={choice.value}>
						{choice.label}
					</option>
				))}
			</select>
			{action.error && <span className="redline-inline-error" role="alert">{action.error}</span>}
		</label>
	);
}
