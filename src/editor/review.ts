/**
 * What the editor is told about a pending review: the changes of contract 1's `edit_proposed`
 * (`{ changeId, before, after, startLine }`), the decisions made so far, and where the user's
 * choices go. The host owns the decisions (the pane's card makes them too): the editor only
 * reports a choice through `onDecide` and shows what it is given next.
 */
export type ChangeDecision = "accepted" | "rejected";

/** One change of a draft, as `edit_proposed` carries it. */
export interface ProposedChange {
	changeId: string;
	/** The base's whole lines the change replaces ("" for an insertion). */
	before: string;
	/** The lines that replace them ("" for a deletion). */
	after: string;
	/** 1-based line of the base where `before` starts (an insertion: the line it goes before). */
	startLine: number;
}

export interface InlineReview {
	editId: string;
	changes: readonly ProposedChange[];
	decisions: Readonly<Record<string, ChangeDecision>>;
	onDecide(changeId: string, decision: ChangeDecision): void;
	/** Esc: the user leaves the inline review (the host decides what that means: focus the card, say). */
	onLeave(): void;
}
