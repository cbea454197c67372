/**
 * One change of a draft under review: where it is (its line), its redline, and the user's choice:
 * Accept / Reject (toggles: pressed again, the change is undecided) or "Replace with my text…",
 * which opens an editor holding the change's new lines; a replaced change is accepted with the
 * user's text. The entry itself takes the focus when the user moves through the list with j/k.
 */
import { memo, useId } from "react";
import type { ReviewChange } from "../../log/events";
import { RUN_ATTR } from "../focus-after";
import { replaceStart, type Choice } from "../review-choices";
import { WordRedline } from "./WordRedline";

/** The attribute every stop of the list's j/k navigation carries (changes and folded groups). */
export const NAV_ATTR = "data-review-nav";
export const CHANGE_ATTR = "data-change-id";

export interface ReviewChangeItemProps {
	change: ReviewChange;
	/** 1-based position among the draft's changes. */
	number: number;
	total: number;
	choice: Choice | undefined;
	/** The next thing to decide once another card is decided (focus-after.ts). */
	first: boolean;
	busy: boolean;
	onChoose: (changeId: string, choice: Choice | undefined) => void;
}

export function choiceWord(choice: Choice | undefined): string {
	if (!choice) return "undecided";
	return choice.kind === "replaced" ? "accepted with your text" : choice.kind;
}

export const ReviewChangeItem = memo(function ReviewChangeItem({
	change,
	number,
	total,
	choice,
	first,
	busy,
	onChoose,
}: ReviewChangeItemProps) {
	const editorId = useId();
	const id = change.changeId;
	const name = `change ${number} (line ${change.startLine})`;
	const replacing = choice?.kind === "replaced";
	const state = choice?.kind ?? "undecided";
	const choose = (next: Choice | undefined) => {
		if (!busy) onChoose(id, next);
	};
	return (
		<li
			className={`redline-change redline-change-${state}`}
			tabIndex={-1}
			aria-label={`Change ${number} of ${total}, line ${change.startLine}: ${choiceWord(choice)}`}
			{...{ [CHANGE_ATTR]: id, [NAV_ATTR]: "" }}
			{...(first ? { [RUN_ATTR]: "" } : {})}
		>
			<div className="redline-change-head">
				<span className="redline-change-line">Line {change.startLine}</span>
				<span className="redline-change-state">{choice ? stateLabel(choice) : ""}</span>
			</div>
			<WordRedline before={change.before} after={replacing ? `${choice.text}\n` : change.after} />
			<div className="redline-change-actions">
				<button
					type="button"
					className="redline-button"
					aria-pressed={choice?.kind === "accepted"}
					aria-label={`Accept ${name}`}
					aria-disabled={busy || undefined}
					onClick={() => choose(choice?.kind === "accepted" ? undefined : { kind: "accepted" })}
				>
					Accept
				</button>
				<button
					type="button"
					className="redline-button"
					aria-pressed={choice?.kind === "rejected"}
					aria-label={`Reject ${name}`}
					aria-disabled={busy || undefined}
					onClick={() => choose(choice?.kind === "rejected" ? undefined : { kind: "rejected" })}
				>
					Reject
				</button>
				<button
					type="button"
					className="redline-button redline-button-quiet"
					aria-expanded={replacing}
					aria-controls={replacing ? editorId : undefined}
					aria-label={replacing ? `Use the draft's text: ${name}` : `Replace with my text: ${name}`}
					aria-disabled={busy || undefined}
					onClick={() => choose(replacing ? undefined : { kind: "replaced", text: replaceStart(change) })}
				>
					{replacing ? "Use the draft's text" : "Replace with my text…"}
				</button>
			</div>
			{replacing && (
				<textarea
					id={editorId}
					className="redline-change-editor"
					aria-label={`Your text for ${name}`}
					value={choice.text}
					rows={Math.min(8, Math.max(2, choice.text.split("\n").length))}
					readOnly={busy}
					onChange={(event) => choose({ kind: "replaced", text: event.target.value })}
				/>
			)}
		</li>
	);
});

function stateLabel(choice: Choice): string {
	if (choice.kind === "accepted") return "✓ Accepted";
	if (choice.kind === "rejected") return "✗ Rejected";
	return "✎ Your text";
}
