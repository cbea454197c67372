/**
 * The user's choices on a draft waiting for review, change by change, before they are sent as one
 * `v1.thread.reviewEdit`: shared by everything that offers the choice (the pane's card, the open
 * note's inline redline in either host), so a change accepted in the editor shows as accepted on
 * the card and the other way round. One store per host, keyed by editId.
 *
 * It holds choices only until the review is sent: the decision itself is then an event
 * (`edit_reviewed`), and a reload re-arms the open draft from the log with nothing chosen yet.
 * Each `get` answers an immutable snapshot (a new map after every change of that draft), so a
 * React reader can use it with useSyncExternalStore.
 */

/** A change's choice: accepted, rejected, or accepted with the user's own text instead of the draft's. */
export type ReviewChoice = { kind: "accepted" } | { kind: "rejected" } | { kind: "replaced"; text: string };

/** changeId → choice; a change absent from the map is undecided. */
export type ReviewChoices = ReadonlyMap<string, ReviewChoice>;

const NONE: ReviewChoices = new Map();

export class ReviewDecisions {
	private readonly drafts = new Map<string, ReviewChoices>();
	private readonly listeners = new Set<(editId: string) => void>();

	/** The choices made so far on a draft (the same map until one of them changes). */
	get(editId: string): ReviewChoices {
		return this.drafts.get(editId) ?? NONE;
	}

	/** Sets (undefined: clears) one change's choice and tells every listener. */
	set(editId: string, changeId: string, choice: ReviewChoice | undefined): void {
		const before = this.get(editId);
		if (choice === undefined ? !before.has(changeId) : sameChoice(before.get(changeId), choice)) return;
		const next = new Map(before);
		if (choice === undefined) next.delete(changeId);
		else next.set(changeId, choice);
		if (next.size === 0) this.drafts.delete(editId);
		else this.drafts.set(editId, next);
		this.changed(editId);
	}

	/** Replaces every choice on a draft at once (Accept all, Reject all) and tells every listener once. */
	setAll(editId: string, choices: ReviewChoices): void {
		if (choices === this.get(editId)) return;
		if (choices.size === 0) this.drafts.delete(editId);
		else this.drafts.set(editId, new Map(choices));
		this.changed(editId);
	}

	/** Forgets a draft's choices (its review was sent, or it was settled without one). */
	clear(editId: string): void {
		if (this.drafts.delete(editId)) this.changed(editId);
	}

	/** Calls `listener` with the editId whenever a draft's choices change; returns the unsubscribe. */
	subscribe(listener: (editId: string) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private changed(editId: string): void {
		for (const listener of [...this.listeners]) listener(editId);
	}
}

function sameChoice(a: ReviewChoice | undefined, b: ReviewChoice): boolean {
	if (a?.kind !== b.kind) return false;
	return a.kind !== "replaced" || (b.kind === "replaced" && a.text === b.text);
}

/**
 * The `reviewEdit` parameters once every change has a choice (null while one is undecided):
 * each changeId once, in the draft's order; `replaced` only where the user's text differs from
 * the draft's (without its final newline, as the card's editor shows it).
 */
export function decidedReview(
	changes: readonly { changeId: string; after: string }[],
	choices: ReviewChoices,
): { accepted: string[]; rejected: string[]; replaced?: Record<string, string> } | null {
	const accepted: string[] = [];
	const rejected: string[] = [];
	const replaced: Record<string, string> = {};
	for (const { changeId, after } of changes) {
		const choice = choices.get(changeId);
		if (!choice) return null;
		if (choice.kind === "rejected") rejected.push(changeId);
		else accepted.push(changeId);
		if (choice.kind === "replaced" && choice.text !== after.replace(/\n$/, "")) replaced[changeId] = choice.text;
	}
	return Object.keys(replaced).length > 0 ? { accepted, rejected, replaced } : { accepted, rejected };
}
