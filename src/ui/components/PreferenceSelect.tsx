/**
 * A tool's preference in this chat as Obsidian's settings show a choice: a `dropdown` in the words
 * that say what happens ("Ask first" / "Run without asking" / "Don't allow", catalog.ts).
 *
 * A closed native <select> commits on an arrow key or a typed letter (Chromium fires change at
 * once), so a keyboard user passing over "Don't allow" would block the tool and skip its waiting
 * cards: those keys are ignored while it is closed, and the choice is made in its list (Space or
 * Alt+↓ opens it, Enter picks). While a choice is on its way the dropdown shows it, until the
 * tool_preference_set event arrives; a failed save shows the log's value again and says why.
 */
import { useState } from "react";
import type { ToolPreference } from "../../log/events";
import { PREFERENCE_ORDER, PREFERENCE_WORDS } from "../../tools/catalog";
import { usePane } from "../context";
import { useAction } from "../hooks/useAction";

export interface PreferenceSelectProps {
	tool: string;
	current: ToolPreference;
	/** The ids of the row's name and description. */
	labelledBy: string;
	describedBy?: string;
	autoFocus?: boolean;
}

/** Keys that change a closed select's value in place. */
const COMMITTING_KEYS = new Set([
	"ArrowUp",
	"ArrowDown",
	"ArrowLeft",
	"ArrowRight",
	"Home",
	"End",
	"PageUp",
	"PageDown",
]);

export function PreferenceSelect({ tool, current, labelledBy, describedBy, autoFocus }: PreferenceSelectProps) {
	const { host, threadId } = usePane();
	const [optimistic, setOptimistic] = useState<{ from: ToolPreference; to: ToolPreference } | null>(null);
	const action = useAction((preference: ToolPreference) =>
		host.service.setToolPreference({ threadId, tool, preference }),
	);
	// The optimistic value holds only until the state moves (the event arrived or another change won).
	const shown = optimistic && optimistic.from === current ? optimistic.to : current;

	const choose = (preference: ToolPreference): void => {
		if (action.busy || preference === shown) return;
		setOptimistic({ from: current, to: preference });
		void action.run(preference).then((ok) => {
			if (!ok) setOptimistic(null);
		});
	};

	return (
		<>
			<select
				className="dropdown redline-preference-select"
				value={shown}
				aria-labelledby={labelledBy}
				aria-describedby={describedBy}
				aria-disabled={action.busy || undefined}
				autoFocus={autoFocus}
				onKeyDown={(event) => {
					const typed = event.key.length === 1 && event.key !== " ";
					if (!event.altKey && (COMMITTING_KEYS.has(event.key) || typed)) event.preventDefault();
				}}
				onChange={(event) => choose(event.target.value as ToolPreference)}
			>
				{PREFERENCE_ORDER.map((preference) => (
					<option key={preference} value={preference}>
						{PREFERENCE_WORDS[preference]}
					</option>
				))}
			</select>
			{action.error && (
				<span className="redline-inline-error" role="alert">
					{action.error}
				</span>
			)}
		</>
	);
}
