/**
 * Run / Skip (with an optional comment for the model, sent with either) / preference, for one
 * proposed call.
 * Shared by plain tool cards and edit cards, which both wait for the same decision. Choosing
 * "Always" here also runs this card, and "Never" skips it: the choice answers the card too.
 * The buttons stay focusable while a decision is on its way (aria-disabled): the focus then moves
 * on by itself (focus-after.ts) once the card no longer waits.
 */
import { useId, useState } from "react";
import type { ToolPreference } from "../../log/events";
import { usePane } from "../context";
import { RUN_ATTR } from "../focus-after";
import { useAction } from "../hooks/useAction";
import { preferenceIn } from "../permissions";
import { PreferenceChoice } from "./PreferenceChoice";

export interface ApprovalControlsProps {
	callId: string;
	/** The card's data-card-id (an edit card's is its editId). */
	cardId: string;
	tool: string;
	title: string;
	preference: ToolPreference | undefined;
}

export function ApprovalControls({ callId, cardId, tool, title, preference }: ApprovalControlsProps) {
	const { host, threadId, focus } = usePane();
	const [commenting, setCommenting] = useState(false);
	const [comment, setComment] = useState("");
	const commentId = useId();
	const decide = useAction((approved: string[], denied: string[], note?: string) =>
		host.service.decideToolCalls(note ? { threadId, approved, denied, comment: note } : { threadId, approved, denied }),
	);
	const run = (origin: HTMLElement, approved: string[], denied: string[], note?: string): void => {
		if (decide.busy) return;
		focus.request(origin, [cardId]);
		void decide.run(approved, denied, note).then((ok) => {
			if (!ok) focus.cancel(origin);
		});
	};
	const busy = decide.busy || undefined;

	return (
		<div className="redline-approval">
			<div className="redline-approval-buttons">
				<button
					type="button"
					className="redline-button redline-cta mod-cta"
					aria-label={`Run: ${title}`}
					aria-disabled={busy}
					{...{ [RUN_ATTR]: "" }}
					onClick={(event) => run(event.currentTarget, [callId], [], comment.trim() || undefined)}
				>
					Run
				</button>
				<button
					type="button"
					className="redline-button"
					aria-label={`Skip: ${title}`}
					aria-disabled={busy}
					onClick={(event) => run(event.currentTarget, [], [callId], comment.trim() || undefined)}
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
					aria-label="Comment for the model"
					placeholder="Sent with Run or Skip: the model reads it."
					value={comment}
					onChange={(event) => setComment(event.target.value)}
				/>
			)}
			<PreferenceChoice
				tool={tool}
				current={preference ?? preferenceIn(undefined, tool, host)}
				onChosen={(chosen, origin) => {
					if (chosen === "always") run(origin, [callId], []);
					if (chosen === "never") run(origin, [], [callId]);
				}}
			/>
			{decide.error && (
				<p className="redline-inline-error" role="alert">
					{decide.error}
				</p>
			)}
		</div>
	);
}
