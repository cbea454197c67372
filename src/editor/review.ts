/**
 * What the editor is told about a pending review: the changes of contract 1's `edit_proposed`
 * (`{ changeId, before, after, startLine }`), the decisions made so far, and where the user's
 * choices go. The host owns the decisions (the pane's card makes them too, through the shared
 * store src/ui/review-decisions.ts): the editor only reports a choice through `onDecide` and shows
 * what it is given next.
 */
import type { ReviewChange } from "../log/events";

export type ChangeDecision = "accepted" | "rejected";

/** One change of a draft, as `edit_proposed` carries it (whole lines; `startLine` 1-based, in the base). */
export type ProposedChange = ReviewChange;

export interface InlineReview {
	editId: string;
	changes: readonly ProposedChange[];
	decisions: Readonly<Record<string, ChangeDecision>>;
	onDecide(changeId: string, decision: ChangeDecision): void;
	/** Esc in the note's text: the user leaves the inline review (the host moves the focus to the pane's card). */
	onLeave(): void;
}
