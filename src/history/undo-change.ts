/**
 * Undoing ONE change, addressed by its versionId (issue 26): the card's Revert and
 * v1.history.revert with a versionId. Undoing entry E is the same 3-way merge a revert chain
 * makes for each step (base = E's after-text, ours = today's text, theirs = E's before-text), but
 * made once, onto today's text: every change after E (the user's typing, another thread's edit,
 * a later revert) stays, and a later change that touched E's lines makes a conflict, so nothing
 * is written. Only "revert to this version" (planRevert) rolls the later changes back too.
 *
 * The newest entry is undone exactly as "undo the last change" does (planRevert), which also
 * covers a create (the note goes to the trash) and a revert that trashed the note.
 */
import { describeLines, mergeLines } from "./merge";
import { patchOfLines } from "./patch";
import { splitLines } from "./text";
import type { NoteRecord } from "./record";
import { marksOf } from "./edit-refs";
import { noHistory, planRevert, type Plan } from "./revert";
import { VersionWalk } from "./version-walk";

/** current: the note's text, or null when the note does not exist. Every entry is rebuilt (and so checked). */
export function planUndo(
	record: NoteRecord | null,
	path: string,
	current: string | null,
	versionId: string,
	snapshotLines: readonly string[],
): Plan {
	if (!record) return noHistory(path);
	const { entries } = record;
	const at = entries.findIndex((e) => e.versionId === versionId);
	if (at === -1) {
		return {
			type: "outcome",
			outcome: {
				status: "no-op",
				message: `This change is no longer in the history of ${path} (only the last ${entries.length} changes are kept); nothing was reverted.`,
			},
		};
	}
	if (at === entries.length - 1) return planRevert(record, path, current, undefined, snapshotLines);
	const walk = new VersionWalk(entries, snapshotLines);
	// Stryker disable next-line ConditionalExpression: speed-only; the note's lines are split anew when not handed over (handing them over when the note differs is killed, but shares this line)
	const currentLines = current === record.snapshot ? snapshotLines : null;
	let plan: Plan | null = null;
	for (;;) {
		if (!walk.rebuildBefore()) return { type: "damaged", entry: walk.entry };
		// Merged here, while the walk's arrays hold E's texts (they are reused for older entries).
		if (walk.index === at) plan = undoOne(record, path, current, walk, currentLines);
		if (walk.index === 0) break;
		if (!walk.back()) return { type: "damaged", entry: walk.entry };
	}
	// Stryker disable next-line all: unreachable (the walk passes every entry, `at` among them); it only narrows the type
	if (!plan) throw new Error("unreachable: the walk passes every entry");
	return plan;
}

function undoOne(
	record: NoteRecord,
	path: string,
	current: string | null,
	walk: VersionWalk,
	snapshotLines: readonly string[] | null,
): Plan {
	const { entry } = walk;
	const refuse = (message: string): Plan => ({ type: "outcome", outcome: { status: "error", message } });
	if (current === null)
		return refuse(
			`${path} was deleted, so "${entry.description}" cannot be undone in it. It can be restored from its Redline history instead.`,
		);
	if (entry.kind === "create" || entry.trashed || entry.recreated) {
		return refuse(
			`"${entry.description}" made ${path} what later changes build on; it cannot be undone alone. Use "Revert to this version" in the history to undo the later changes too.`,
		);
	}
	const currentLines = snapshotLines ?? splitLines(current);
	const merged = mergeLines(walk.after, currentLines, walk.before);
	if (!merged.ok) {
		return {
			type: "outcome",
			outcome: {
				status: "conflict",
				conflictLines: merged.conflictLines,
				message: `Reverting "${entry.description}" would overwrite later changes to ${path} at ${describeLines(merged.conflictLines)} (yours or another edit's). Nothing was written.`,
			},
		};
	}
	const text = merged.lines.join("");
	if (text === current)
		return {
			type: "outcome",
			outcome: { status: "no-op", message: `"${entry.description}" is already undone in ${path}; nothing to write.` },
		};
	return {
		type: "swap",
		change: {
			kind: "revert",
			before: current,
			after: text,
			description: `Revert "${entry.description}"`,
			...marksOf([entry], record.entries),
			// Computed now: the walk's arrays (merged.lines may be one) change as it checks older entries.
			patch: patchOfLines(currentLines, merged.lines),
		},
		rebased: current !== record.snapshot,
	};
}
