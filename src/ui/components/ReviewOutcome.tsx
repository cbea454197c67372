/**
 * What the user did with a reviewed draft, from the log (edit_reviewed, and the call's result):
 * "Kept 2 of 3 changes · 1 rewritten by you", each change marked kept, rejected (dimmed) or not
 * written (the user's typing overlapped it); or, when the draft was settled for them, "Not
 * applied: you sent a new message" / "Not applied: stopped". The written diff and Revert follow
 * from the edit card once the write is in the note.
 */
import { memo } from "react";
import type { ReviewChange } from "../../log/events";
import type { DraftView } from "../../log/state";
import type { ToolResult } from "../../log/tool-result";
import { plural } from "../describe";
import { STATUS_ATTR } from "../focus-after";
import { SHOWN_FIRST } from "../review-choices";
import { WordRedline } from "./WordRedline";

type Fate = "kept" | "rewritten" | "rejected" | "refused";

export const ReviewOutcome = memo(function ReviewOutcome({
	draft,
	result,
}: {
	draft: DraftView;
	/** The call's result once the write is done (names changes refused over the user's typing). */
	result: ToolResult | undefined;
}) {
	const reviewed = draft.reviewed;
	if (!reviewed) return null;
	const refused = refusedIds(result);
	const rewritten = draft.changes.filter(
		(c) => reviewed.replaced?.[c.changeId] !== undefined && reviewed.accepted.includes(c.changeId),
	).length;
	const fate = (change: ReviewChange): Fate => {
		if (!reviewed.accepted.includes(change.changeId)) return "rejected";
		if (refused.has(change.changeId)) return "refused";
		return reviewed.replaced?.[change.changeId] !== undefined ? "rewritten" : "kept";
	};
	const total = draft.changes.length;
	const kept = reviewed.accepted.length;
	const settledFor = reviewed.reason;
	// The badge and the rest of its sentence read as one: "Not applied: you sent a new message".
	const notApplied =
		settledFor === "new_message"
			? ": you sent a new message"
			: settledFor === "stopped"
				? ": stopped"
				: kept === 0
					? total === 1
						? ": you rejected the change"
						: `: you rejected all ${total} changes`
					: undefined;
	const headline = notApplied ?? `Kept ${kept} of ${plural(total, "change")}${extras(rewritten, refused.size)}`;
	const entries = draft.changes.map((change, index) => (
		<OutcomeItem key={change.changeId} change={change} number={index + 1} fate={fate(change)} draft={draft} />
	));
	return (
		<div className="redline-review-outcome">
			<p className="redline-call-status" tabIndex={-1} {...{ [STATUS_ATTR]: "" }}>
				{/* One span, so the sentence is not split by the status line's flex gap. */}
				<span className="redline-review-headline">
					{notApplied !== undefined && <span className="redline-status-badge redline-status-denied">Not applied</span>}
					{headline}
				</span>
			</p>
			{settledFor === undefined && (
				<>
					<ul className="redline-change-list redline-change-list-outcome" aria-label="Changes as decided">
						{entries.slice(0, SHOWN_FIRST)}
					</ul>
					{entries.length > SHOWN_FIRST && (
						<details className="redline-change-more">
							<summary>Show {plural(entries.length - SHOWN_FIRST, "more change")}</summary>
							<ul className="redline-change-list redline-change-list-outcome" aria-label="More changes as decided">
								{entries.slice(SHOWN_FIRST)}
							</ul>
						</details>
					)}
				</>
			)}
		</div>
	);
});

function extras(rewritten: number, refused: number): string {
	const parts: string[] = [];
	if (rewritten > 0) parts.push(`${rewritten} rewritten by you`);
	if (refused > 0) parts.push(`${refused} not written: you had typed in the same lines`);
	return parts.map((part) => ` · ${part}`).join("");
}

/** Changes the write refused over the user's typing (data.refused of the review's result). */
function refusedIds(result: ToolResult | undefined): Set<string> {
	const refused = result?.data?.refused;
	const ids = new Set<string>();
	if (!Array.isArray(refused)) return ids;
	for (const entry of refused as unknown[]) {
		if (typeof entry === "object" && entry !== null && typeof (entry as { changeId?: unknown }).changeId === "string")
			ids.add((entry as { changeId: string }).changeId);
	}
	return ids;
}

const FATE_WORDS: Record<Fate, string> = {
	kept: "✓ Kept",
	rewritten: "✎ Kept with your text",
	rejected: "✗ Rejected",
	refused: "Not written: you had typed here",
};

function OutcomeItem({
	change,
	number,
	fate,
	draft,
}: {
	change: ReviewChange;
	number: number;
	fate: Fate;
	draft: DraftView;
}) {
	const own = draft.reviewed?.replaced?.[change.changeId];
	return (
		<li className={`redline-change redline-change-${fate}`}>
			<div className="redline-change-head">
				<span className="redline-change-line">
					<span className="redline-visually-hidden">Change {number}, </span>Line {change.startLine}
				</span>
				<span className="redline-change-state">{FATE_WORDS[fate]}</span>
			</div>
			<WordRedline before={change.before} after={own !== undefined ? `${own}\n` : change.after} />
		</li>
	);
}
