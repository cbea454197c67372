/**
 * Planning a revert or a restore, without side effects: which texts to merge and what to write.
 *
 * Approach: every version's before/after text is rebuilt exactly from the record (snapshot +
 * patches + gaps, hash-checked). Undoing entry E onto the current text is then a plain 3-way
 * merge: base = E's after-text, ours = the current text, theirs = E's before-text. When the note
 * still is E's after-text the result is E's before-text exactly; the user's later edits that do
 * not touch E's lines survive; overlapping ones make a conflict and nothing is written.
 * "Revert to version X" undoes the entries newer than X one by one, newest first.
 *
 * The versions are rebuilt one at a time into reused arrays (version-walk.ts) and merged into two
 * reused arrays, so a ten-step revert of a 1 MB note does not allocate a large array per step.
 */
import type { StructuredPatch } from "diff";
import { describeLines, mergeLines } from "./merge";
import { patchOfLines } from "./patch";
import { splitLines } from "./text";
import { rebuildVersions } from "./record";
import type { NoteRecord, StoredEntry } from "./record";
import type { Change } from "./entry";
import { revertMarks, type RevertMarks } from "./edit-refs";
import type { WriteOutcome } from "./types";
import { copyInto, VersionWalk } from "./version-walk";

export type Plan =
	| { type: "outcome"; outcome: WriteOutcome }
	| { type: "swap"; change: Change; rebased: boolean }
	| { type: "create"; change: Change }
	| { type: "trash"; change: Change }
	/** A patch does not fit the text it should undo: the record cannot be trusted. */
	| { type: "damaged"; entry: StoredEntry };

const stop = (outcome: WriteOutcome): Plan => ({ type: "outcome", outcome });
const error = (message: string): Plan => stop({ status: "error", message });

/**
 * current: the note's text, or null when the note does not exist. Every entry is rebuilt (and so
 * checked) even when only the newest is undone: a damaged record is reported before anything else.
 * snapshotLines: the record's snapshot as lines, which the history keeps (none without a record).
 */
export function planRevert(
	record: NoteRecord | null,
	path: string,
	current: string | null,
	versionId: string | undefined,
	snapshotLines: readonly string[],
): Plan {
	if (!record || record.entries.length === 0) return noHistory(path);
	const { entries } = record;
	const newest = entries.length - 1;
	// Entries after `keep` are undone, newest first.
	const keep = versionId === undefined ? newest - 1 : entries.findIndex((e) => e.versionId === versionId);
	const walk = new VersionWalk(entries, snapshotLines);
	let plan: Plan | null = null;
	// Without a versionId the kept version is the one before the newest: it may be -1 (a first entry undone).
	if (versionId !== undefined) {
		if (keep === -1)
			plan = error(
				`Version ${versionId} is not in the history of ${path} (only the last ${entries.length} changes are kept).`,
			);
		else if (keep === newest)
			plan = stop({ status: "no-op", message: `${path} is already at version ${versionId}; nothing newer to revert.` });
	}
	const marks = revertMarks(entries, keep);
	const description =
		versionId === undefined
			? `Revert "${entries[newest].description}"`
			: `Revert to the version of ${entries[keep]?.at ?? versionId}`;
	const chain = current === null ? null : new UndoChain(record, path, current, snapshotLines);
	for (;;) {
		if (!walk.rebuildBefore()) return { type: "damaged", entry: walk.entry };
		if (plan === null && current === null) plan = planDeleted(path, walk, keep, description, marks);
		// Stryker disable next-line ConditionalExpression,EqualityOperator: the chain decides at keep + 1 at the latest, so no plan is still open past it
		if (plan === null && chain && walk.index > keep) plan = chain.undo(walk, keep, description, marks);
		if (walk.index === 0) break;
		if (!walk.back()) return { type: "damaged", entry: walk.entry };
	}
	// Stryker disable next-line all: unreachable (the chain or planDeleted decides by keep + 1); it only narrows the type
	if (!plan) throw new Error("unreachable: the chain ends at the kept version");
	return plan;
}

/** A note without history (no record, or one left with no entries): nothing to revert or undo. */
export function noHistory(path: string): Plan {
	return stop({ status: "no-op", message: `${path} has no Redline history; nothing to revert.` });
}

/** The note is gone: only undoing the revert that trashed it can bring it back. */
function planDeleted(path: string, walk: VersionWalk, keep: number, description: string, marks: RevertMarks): Plan {
	if (keep === walk.index - 1 && walk.entry.trashed) {
		return {
			type: "create",
			change: { kind: "revert", before: "", after: walk.before.join(""), description, ...marks, recreated: true },
		};
	}
	return error(
		`${path} was deleted outside Redline, so there is nothing to revert onto. It can be restored from its Redline history instead (the last version or a chosen one).`,
	);
}

/**
 * Undoing entry E onto the current lines is a 3-way merge (base = E's after-text, ours = the
 * lines so far, theirs = E's before-text), one entry at a time, newest first. Merged lines go
 * into two arrays used in turn, so a long chain allocates no new large arrays.
 */
class UndoChain {
	private readonly currentLines: readonly string[];
	/** True while the lines so far are exactly the walk's version text (no user edits to merge). */
	private exact: boolean;
	private lines: readonly string[];
	private readonly buffers: string[][] = [];
	private readonly gap: StructuredPatch | undefined;

	constructor(
		private readonly record: NoteRecord,
		private readonly path: string,
		private readonly current: string,
		snapshotLines: readonly string[],
	) {
		this.exact = current === record.snapshot;
		this.currentLines = this.exact ? snapshotLines : splitLines(current);
		this.lines = this.currentLines;
		// The user's edits since the newest entry: the revert entry's gap, computed on lines at hand.
		this.gap = this.exact ? undefined : patchOfLines(snapshotLines, this.currentLines);
	}

	/** Undoes walk.entry; a Plan once the chain is decided (done, refused), else null. */
	undo(walk: VersionWalk, keep: number, description: string, marks: RevertMarks): Plan | null {
		const { entry } = walk;
		const { path } = this;
		const last = walk.index === keep + 1;
		if (entry.trashed)
			return error(`${path} exists again after Redline moved it to the trash; that revert cannot be undone over it.`);
		// A move is undone on its own (note-history: the note moved back, the links restored).
		if (entry.move)
			return error(
				`"${entry.description}" moved ${path}; revert that change on its own first, then revert to the earlier version.`,
			);
		// A note created, or brought back from the trash: undoing that moves it to the trash.
		if (entry.kind === "create" || entry.recreated) {
			if (!last)
				return error(
					`Version ${this.record.entries[keep].versionId} is from before ${path} was created on ${entry.at}; revert to a later version.`,
				);
			// A create is only ever undone alone (it is a record's first entry), so the lines so far are
			// today's text: not the version text exactly means the user edited the note since.
			if (!this.exact) {
				return stop({
					status: "conflict",
					conflictLines: [],
					message: `${path} was edited after Redline created it; reverting the creation would discard that text, so nothing was changed.`,
				});
			}
			return {
				type: "trash",
				change: { kind: "revert", before: this.current, after: "", description, ...marks, trashed: true },
			};
		}
		if (!this.exact) {
			const merged = mergeLines(walk.after, this.lines, walk.before, this.spare());
			if (!merged.ok) {
				const first = walk.index === this.record.entries.length - 1;
				const where = first ? ` at ${describeLines(merged.conflictLines)}` : "";
				return stop({
					status: "conflict",
					conflictLines: first ? merged.conflictLines : [],
					message: `Reverting "${entry.description}" would overwrite your later edits in ${path}${where}. Nothing was written.`,
				});
			}
			// mergeLines hands back theirs itself when ours had no change: the version text exactly.
			if (merged.lines === walk.before) this.exact = true;
			else this.lines = merged.lines;
		}
		if (last) return this.finish(walk, description, marks);
		// The walk is about to turn `before` into the previous after-text; keep our own copy.
		if (this.exact && entry.gap) {
			const target = this.spare();
			copyInto(target, walk.before);
			this.lines = target;
			this.exact = false;
		}
		return null;
	}

	private finish(walk: VersionWalk, description: string, marks: RevertMarks): Plan {
		const lines = this.exact ? walk.before : this.lines;
		const text = lines.join("");
		if (text === this.current)
			return stop({ status: "no-op", message: `The change is already undone in ${this.path}; nothing to write.` });
		const patch = patchOfLines(this.currentLines, lines);
		// Merged lines are ours to hand over; the walk's own arrays change as it checks older entries.
		const afterLines = this.exact ? undefined : lines;
		return {
			type: "swap",
			change: {
				kind: "revert",
				before: this.current,
				after: text,
				description,
				...marks,
				patch,
				// Stryker disable next-line ObjectLiteral: speed-only; without the gap or the lines the entry computes the same again (entry.ts: change.gap ?? patchOfLines(snapshot, before), afterLines ??= splitLines(after))
				...(this.gap ? { gap: this.gap } : {}),
				...(afterLines ? { afterLines } : {}),
			},
			rebased: this.current !== this.record.snapshot,
		};
	}

	/** A merge target that is not the lines so far (allocated once, then reused). */
	private spare(): string[] {
		// Stryker disable next-line ArrowFunction,ConditionalExpression: allocation only: finding none allocates a fresh array, as good a target (the mutant that finds the lines so far is killed, as mergeLines refuses them, but shares this line)
		let target = this.buffers.find((b) => b !== this.lines);
		// Stryker disable next-line ConditionalExpression: allocation only: always allocating gives a fresh array, as good a target (never allocating is killed, but shares this line)
		if (!target) {
			target = this.currentLines.slice();
			this.buffers.push(target);
		}
		return target;
	}
}

/** Recreates a deleted note from the text after versionId (default: the newest version). */
export function planRestore(record: NoteRecord | null, path: string, exists: boolean, versionId?: string): Plan {
	if (!record || record.entries.length === 0) return error(`${path} has no Redline history to restore from.`);
	if (exists) return error(`${path} exists; restore only brings back a deleted note. Use revert to undo changes.`);
	const versions = rebuildVersions(record);
	if (!Array.isArray(versions)) return { type: "damaged", entry: versions.damagedAt };
	let version = versions[versions.length - 1];
	if (versionId !== undefined) {
		const chosen = versions.find((v) => v.entry.versionId === versionId);
		if (!chosen) return error(`Version ${versionId} is not in the history of ${path}.`);
		version = chosen;
	}
	// A revert that trashed the note has "" after it; its before-text is the note worth restoring.
	const text = (version.entry.trashed ? version.before : version.after).join("");
	return {
		type: "create",
		change: {
			kind: "create",
			before: "",
			after: text,
			description: `Restore ${path} (version of ${version.entry.at})`,
		},
	};
}
