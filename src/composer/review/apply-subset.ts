/**
 * The text a review decides: the base with exactly the accepted changes applied (a replaced one
 * with the user's text), everything else as in the base. The changes and the decision come back
 * from the log and the pane, so both are checked first and anything that does not fit is a
 * refusal that names the changes, never a guess: a wrong write is worse than none.
 */
import type { ReviewChange } from "./changes";

export interface ReviewDecision {
	accepted: readonly string[];
	rejected?: readonly string[];
	/** The user's own text for an accepted change's `after`. */
	replaced?: Readonly<Record<string, string>>;
}

export type SubsetRefusalCode =
	/** Two changes carry one changeId. */
	| "duplicate-change-id"
	/** A decision names a changeId that is not among the changes. */
	| "unknown-change"
	/** A changeId is accepted and rejected, or named twice in one list. */
	| "decided-twice"
	/** A replacement for a change that is not accepted. */
	| "replaced-not-accepted"
	/** Changes out of order or sharing base lines. */
	| "overlapping-changes"
	/** A change's `before` is not the base's text at its `startLine`. */
	| "not-in-base";

export type SubsetOutcome =
	{ ok: true; text: string } | { ok: false; code: SubsetRefusalCode; changeIds: string[]; message: string };

export function applySubset(base: string, changes: readonly ReviewChange[], decision: ReviewDecision): SubsetOutcome {
	const ids = changes.map((c) => c.changeId);
	const known = new Set(ids);
	const replaced = new Map(Object.entries(decision.replaced ?? {}));
	const accepted = new Set(decision.accepted);
	const rejected = decision.rejected ?? [];
	const named = [...decision.accepted, ...rejected, ...replaced.keys()];
	const checks: [SubsetRefusalCode, string[], string][] = [
		["duplicate-change-id", repeated(ids), "The draft's changes repeat an id"],
		["unknown-change", [...new Set(named.filter((id) => !known.has(id)))], "These changes are not part of the draft"],
		[
			"decided-twice",
			repeated([...decision.accepted, ...rejected]),
			"Each change is accepted or rejected once, and these were decided twice",
		],
		[
			"replaced-not-accepted",
			[...replaced.keys()].filter((id) => !accepted.has(id)),
			"Only an accepted change can take your own text, and these were not accepted",
		],
	];
	for (const [code, bad, what] of checks) if (bad.length > 0) return refuse(code, bad, what);

	const starts = lineStarts(base);
	const lineCount = starts.length - 1;
	const out: string[] = [];
	let cursor = 0; // the base's lines before it are in `out`
	let previousEnd = 0; // where the change before this one ends, accepted or not
	for (const change of changes) {
		const at = change.startLine - 1;
		const count = linesIn(change.before);
		// Text without a final newline only ends a note: an insertion after the base's last line
		// without one, or a change whose unterminated text has lines after it, would join two lines.
		// (A change with lines at lineCount runs past the end, and is refused for that.)
		const joinsLastLine = at === lineCount && base !== "" && !endsLine(base);
		const runsOn =
			change.after !== "" &&
			!endsLine(change.after) &&
			(at + count < lineCount || change !== changes[changes.length - 1]);
		if (
			!Number.isInteger(at) ||
			at < 0 ||
			at + count > lineCount ||
			base.slice(starts[at], starts[at + count]) !== change.before ||
			joinsLastLine ||
			runsOn
		) {
			return refuse("not-in-base", [change.changeId], "These changes do not fit the note they were drafted from");
		}
		if (at < previousEnd)
			return refuse(
				"overlapping-changes",
				[change.changeId],
				"These changes overlap one before them or are out of order",
			);
		previousEnd = at + count;
		if (!accepted.has(change.changeId)) continue;
		out.push(base.slice(starts[cursor], starts[at]), replacementFor(change, replaced.get(change.changeId)));
		cursor = at + count;
	}
	out.push(base.slice(starts[cursor]));
	return { ok: true, text: out.join("") };
}

/**
 * The user's text, as whole lines: LF only (model text), and ending with a newline where the
 * change's own lines do, so it never runs into the line after it. Empty means "remove these lines".
 * Exported so that what a review reports as written (decide.ts) is the text it wrote.
 */
export function replacementFor(change: ReviewChange, text: string | undefined): string {
	if (text === undefined) return change.after;
	const lf = text.replace(/\r\n?/g, "\n");
	const ownLines = change.after === "" ? change.before : change.after;
	return lf !== "" && !endsLine(lf) && endsLine(ownLines) ? `${lf}\n` : lf;
}

const endsLine = (text: string): boolean => text.endsWith("\n");

/** Offsets where each line starts, then the text's length (so line i is [starts[i], starts[i + 1])). */
function lineStarts(text: string): number[] {
	const starts = [0];
	for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", nl + 1)) starts.push(nl + 1);
	if (text.length > starts[starts.length - 1]) starts.push(text.length);
	return starts;
}

/** Lines in a change's side, counted as splitLines does. */
function linesIn(text: string): number {
	let count = 0;
	for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", nl + 1)) count++;
	return endsLine(text) || text === "" ? count : count + 1;
}

function repeated(ids: readonly string[]): string[] {
	const seen = new Set<string>();
	const twice = new Set<string>();
	for (const id of ids) (seen.has(id) ? twice : seen).add(id);
	return [...twice];
}

function refuse(code: SubsetRefusalCode, changeIds: string[], what: string): SubsetOutcome {
	return { ok: false, code, changeIds, message: `${what}: ${changeIds.join(", ")}.` };
}
