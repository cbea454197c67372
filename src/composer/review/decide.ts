/**
 * A review's decision turned into what the write needs: from the base, the draft and the user's
 * decision, the text to write and the changes it holds (with the text each one wrote: the
 * draft's, or the user's own for a rewritten change), plus the ids the user rejected. The write
 * (compare-and-swap, history), the model's tool result ("kept c1, rejected c2, rewrote c3") and
 * the merge onto the user's typing (merge-typing.ts) all read this one answer.
 *
 * The changes are recomputed from (base, draft), as after a restart, so their ids are the ones
 * `edit_proposed` carried. Unlike applySubset, which takes an undecided change as rejected, a
 * review must decide every change exactly once (v1.thread.reviewEdit): one left out is a
 * refusal that names it, so a pane that lost a row never writes a choice the user did not make.
 */
import { applySubset, replacementFor, type ReviewDecision, type SubsetRefusalCode } from "./apply-subset";
import { changesBetween, type ReviewChange } from "./changes";

export interface WrittenChange extends ReviewChange {
	/** The text written in place of `before`: the draft's, or the user's own when rewritten. */
	after: string;
	/** Whether `after` is the user's text rather than the draft's. */
	rewritten: boolean;
}

export type ReviewRefusalCode =
	| SubsetRefusalCode
	/** A change the decision neither accepts nor rejects. */
	| "undecided";

export type ReviewOutcome =
	| {
			ok: true;
			/** The base with exactly the accepted changes: the note to write when nobody typed meanwhile. */
			text: string;
			/** The accepted changes in document order, as written. */
			written: WrittenChange[];
			/** The ids of the rejected changes, in document order. */
			rejected: string[];
	  }
	| { ok: false; code: ReviewRefusalCode; changeIds: string[]; message: string };

export function decideReview(base: string, draft: string, decision: ReviewDecision): ReviewOutcome {
	const changes = changesBetween(base, draft);
	const applied = applySubset(base, changes, decision);
	if (!applied.ok) return applied;
	const accepted = new Set(decision.accepted);
	// Stryker disable next-line ArrayDeclaration: changeIds are c1, c2, …, so no default entry can match one
	const rejected = new Set(decision.rejected ?? []);
	const undecided = changes
		.filter((c) => !accepted.has(c.changeId) && !rejected.has(c.changeId))
		.map((c) => c.changeId);
	if (undecided.length > 0) {
		return {
			ok: false,
			code: "undecided",
			changeIds: undecided,
			message: `Every change is accepted or rejected, and these were neither: ${undecided.join(", ")}.`,
		};
	}
	const replaced = new Map(Object.entries(decision.replaced ?? {}));
	const written = changes
		.filter((c) => accepted.has(c.changeId))
		.map((c) => {
			const own = replaced.get(c.changeId);
			return { ...c, after: replacementFor(c, own), rewritten: own !== undefined };
		});
	return {
		ok: true,
		text: applied.text,
		written,
		rejected: changes.filter((c) => rejected.has(c.changeId)).map((c) => c.changeId),
	};
}
