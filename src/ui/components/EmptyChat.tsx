/**
 * The empty chat (issue 30): what to ask, as buttons made from the active note and the vault
 * (src/ui/suggested-requests.ts) in a group named "Suggested requests", and the one line a new
 * user needs to trust it. A suggestion fills the message box and focuses it; it never sends.
 */
import { useMemo } from "react";
import type { UiHost } from "../host";
import { suggestedRequests } from "../suggested-requests";

export interface EmptyChatProps {
	host: UiHost;
	activeNote: string | null;
	onSuggest: (text: string) => void;
}

export function EmptyChat({ host, activeNote, onSuggest }: EmptyChatProps) {
	// The vault's paths are read when the active note changes: enough for folder counts.
	const suggestions = useMemo(() => suggestedRequests(activeNote, host.notePaths?.() ?? []), [host, activeNote]);
	return (
		<div className="redline-empty-chat">
			<p className="redline-empty">Ask about your notes, or ask Redline to change one.</p>
			{suggestions.length > 0 && (
				<div className="redline-suggestions" role="group" aria-label="Suggested requests">
					{suggestions.map((suggestion) => (
						<button
							key={suggestion.text}
							type="button"
							className="redline-suggestion"
							aria-label={suggestion.label}
							onClick={() => onSuggest(suggestion.text)}
						>
							{suggestion.label}
						</button>
					))}
				</div>
			)}
			<p className="redline-empty-safety">Redline asks before each edit; every change can be reverted.</p>
		</div>
	);
}
