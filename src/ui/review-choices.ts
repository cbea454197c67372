/**
 * What the card derives from the user's choices on a drafted edit (held in the host's one
 * ReviewDecisions store, src/ui/review-decisions.ts, shared with the note's inline redline):
 * the review Apply sends, the counts, the next undecided change, and the folded groups.
 *
 * A change left undecided is applied: Apply says so in its label ("Apply 3 of 3 changes"), and
 * the review it sends decides every change exactly once, as the service requires.
 */
import type { ReviewChange } from "../log/events";
import type { ReviewChoice, ReviewChoices } from "./review-decisions";

export type Choice = ReviewChoice;
export type Choices = ReviewChoices;

export interface ReviewParamsOut {
	accepted: string[];
	rejected: string[];
	replaced?: Record<string, string>;
}

/** The text a "Replace" editor starts from: the change's own new lines, without the final newline. */
export function replaceStart(change: ReviewChange): string {
	return change.after.endsWith("\n") ? change.after.slice(0, -1) : change.after;
}

/** Every change decided once, in document order: undecided ones accepted; own text only where it differs. */
export function reviewParams(changes: readonly ReviewChange[], choices: Choices): ReviewParamsOut {
	const accepted: string[] = [];
	const rejected: string[] = [];
	const replaced: Record<string, string> = {};
	for (const change of changes) {
		const choice = choices.get(change.changeId);
		if (choice?.kind === "rejected") {
			rejected.push(change.changeId);
			continue;
		}
		accepted.push(change.changeId);
		if (choice?.kind === "replaced" && choice.text !== replaceStart(change)) replaced[change.changeId] = choice.text;
	}
	return Object.keys(replaced).length > 0 ? { accepted, rejected, replaced } : { accepted, rejected };
}

export interface ChoiceCounts {
	total: number;
	decided: number;
	/** What Apply writes: accepted, replaced and undecided changes. */
	applied: number;
	undecided: number;
}

export function countChoices(changes: readonly ReviewChange[], choices: Choices): ChoiceCounts {
	let decided = 0;
	let rejected = 0;
	for (const change of changes) {
		const choice = choices.get(change.changeId);
		if (choice === undefined) continue;
		decided++;
		if (choice.kind === "rejected") rejected++;
	}
	return { total: changes.length, decided, applied: changes.length - rejected, undecided: changes.length - decided };
}

/** The first undecided change after index `from` (wrapping round), or -1 when every change is decided. */
export function nextUndecided(changes: readonly ReviewChange[], choices: Choices, from: number): number {
	const n = changes.length;
	for (let step = 1; step <= n; step++) {
		const index = (((from + step) % n) + n) % n;
		if (!choices.has(changes[index].changeId)) return index;
	}
	return -1;
}

/** One choice set on the map (or cleared with undefined), as a new map. */
export function withChoice(choices: Choices, changeId: string, choice: Choice | undefined): Choices {
	const next = new Map(choices);
	if (choice === undefined) next.delete(changeId);
	else next.set(changeId, choice);
	return next;
}

/** Every change given the same choice (Accept all, Reject all): a replaced change keeps its own text on Accept all. */
export function withAll(changes: readonly ReviewChange[], choices: Choices, kind: "accepted" | "rejected"): Choices {
	const next = new Map<string, Choice>();
	for (const change of changes) {
		const choice = choices.get(change.changeId);
		next.set(change.changeId, kind === "accepted" && choice?.kind === "replaced" ? choice : { kind });
	}
	return next;
}

/** How many changes show before the rest fold into groups, and how big a group is. */
export const SHOWN_FIRST = 5;
export const GROUP_SIZE = 10;

/** The folded groups after the first few: [start, end) indexes into the changes. */
export function foldedGroups(count: number): { start: number; end: number }[] {
	const groups: { start: number; end: number }[] = [];
	for (let start = SHOWN_FIRST; start < count; start += GROUP_SIZE)
		groups.push({ start, end: Math.min(count, start + GROUP_SIZE) });
	return groups;
}

/** The folded group that holds change `index`, by its start (undefined for the first few). */
export function groupOf(index: number): number | undefined {
	if (index < SHOWN_FIRST) return undefined;
	return SHOWN_FIRST + Math.floor((index - SHOWN_FIRST) / GROUP_SIZE) * GROUP_SIZE;
}
