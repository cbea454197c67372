/**
 * Run / Skip (with an optional comment for the model) / preference, for one proposed call.
 * Shared by plain tool cards and edit cards, which both wait for the same decision.
 */
import { useId, useState } from "react";
import type { ToolPreference } from "../../thread/events";
import { DEFAULT_TOOL_PREFERENCES } from "../../settings";
import { usePane } from "../context";
import { useAction } from "../hooks/useAction";
import { PreferenceSelect } from "./PreferenceSelect";

export interface ApprovalControlsProps {
	callId: string;
	tool: string;
	title: string;
	preference: ToolPreference | undefined;
}

export function ApprovalControls({ callId, tool, title, preference }: ApprovalControlsProps) {
	const { host, threadId } = usePane();
	const [commenting, setCommenting] = useState(false);
	const [comment, setComment] = useState("");
	const commentId = useId();
	const decide = useAction((approved: string[], denied: string[], note?: string) =>
		host.service.decideToolCalls(note ? { threadId, approved, denied, comment: note } : { threadId, approved, denied }),
	);

	return (
		<div className="redline-approval">
			<div className="redline-approval-buttons">
				<button type="button" className="redline-button mod-cta" aria-label={`Run: ${title}`} disabled={decide.busy} onClick={() => void decide.run([callId], [])}>
					Run
				</button>
				<button
					type="button"
					className="redline-button"
					aria-label={`Skip: ${title}`}
					disabled={decide.busy}
					onClick={() => void decide.run([], [callId], comment.trim() || undefined)}
				>
					Skip
				</button>
				<button
					type="button"
					className="redline-button redline-button-quiet"
					aria-label={commenting ? "Hide comment for the model" : "Add comment for the model"}
					aria-expanded={commenting}
					aria-controls={commentId}
					onClick={() => setCommenting((open) => !open)}
				>
					{commenting ? "Hide comment" : "Add comment"}
				</button>
			</div>
			{commenting && (
				<textarea
					id={commentId}
					className="redline-skip-comment"
					aria-label="Comment for the model when skipping"
					placeholder="Why skip? The model reads this."
					value={comment}
					onChange={(event) => setComment(event.target.value)}
				/>
			)}
			<PreferenceSelect tool={tool} current={preference ?? DEFAULT_TOOL_PREFERENCES[tool] ?? "prompt"} />
			{decide.error && <p className="redline-inline-error" role="alert">{decide.error}</p>}
		</div>
	);
}
