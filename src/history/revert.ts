/**
 * Planning a revert or a restore, without side effects: which texts to merge and what to write.
 *
 * Approach: every version's before/after text is rebuilt exactly from the record (snapshot +
 * patches + gaps, hash-checked). Undoing entry E onto the current text is then a plain 3-way
 * merge: base = E's after-text, ours = the current text, theirs = E's before-text. When the note
 * still is E's after-text the result is E's before-text exactly; the user's later edits that do
 * not touch E's lines survive; overlapping ones make a conflict and nothing is written.
 * "Revert to version X" undoes the entries newer than X one by one, newest first.
 */
import { describeLines, mergeLines } from "./merge";
import { splitLines } from "./text";
import { rebuildVersions } from "./record";
import type { NoteRecord, Version } from "./record";
import type { Change } from "./note-history";
import type { WriteOutcome } from "./types";

export type Plan =
	| { type: "outcome"; outcome: WriteOutcome }
	| { type: "swap"; change: Change; rebased: boolean }
	| { type: "create"; change: Change }
	| { type: "trash"; change: Change };

const stop = (outcome: WriteOutcome): Plan => ({ type: "outcome", outcome });
const error = (message: string): Plan => stop({ status: "error", message });

/** current: the note's text, or null when the note does not exist. */
export function planRevert(record: NoteRecord | null, path: string, current: string | null, versionId?: string): Plan {
	if (!record || record.entries.length === 0) return stop({ status: "no-op", message: `${path} has no Redline history; nothing to revert.` });
	const versions = rebuild(record);
	if (typeof versions === "string") return error(versions);
	const newest = versions[versions.length - 1];
	let targets: Version[];
	if (versionId === undefined) targets = [newest];
	else {
		const index = versions.findIndex((v) => v.entry.versionId === versionId);
		if (index === -1) return error(`Version ${versionId} is not in the history of ${path} (only the last ${versions.length} changes are kept).`);
		if (index === versions.length - 1) return stop({ status: "no-op", message: `${path} is already at version ${versionId}; nothing newer to revert.` });
		targets = versions.slice(index + 1).reverse();
	}
	const reverts = targets.map((v) => v.entry.versionId);
	const description = versionId === undefined ? `Revert "${newest.entry.description}"` : `Revert to the version of ${versions.find((v) => v.entry.versionId === versionId)?.entry.at ?? versionId}`;

	if (current === null) {
		if (targets.length === 1 && newest.entry.trashed) {
			return { type: "create", change: { kind: "revert", before: "", after: newest.before.join(""), description, reverts } };
		}
		return error(
			`${path} was deleted outside Redline, so there is nothing to revert onto. It can be restored from its Redline history instead (the last version or a chosen one).`,
		);
	}
	// The note still being the snapshot (no user edits since) lets the chain below skip merging:
	// rebuilt versions share arrays, so `lines === after` means "exactly that version's text".
	const currentLines: readonly string[] = current === record.snapshot ? newest.after : splitLines(current);
	let lines = currentLines;
	for (let i = 0; i < targets.length; i++) {
		const { entry, before, after } = targets[i];
		if (entry.trashed) return error(`${path} exists again after Redline moved it to the trash; that revert cannot be undone over it.`);
		if (entry.kind === "create") {
			if (i < targets.length - 1) return error(`Version ${versionId ?? ""} is from before ${path} was created on ${entry.at}; revert to a later version.`);
			if (lines.join("") !== after.join("")) {
				return stop({
					status: "conflict",
					conflictLines: [],
					message: `${path} was edited after Redline created it; reverting the creation would discard that text, so nothing was changed.`,
				});
			}
			return { type: "trash", change: { kind: "revert", before: current, after: "", description, reverts, trashed: true } };
		}
		if (lines === after) {
			lines = before;
			continue;
		}
		const merged = mergeLines(after, lines, before);
		if (!merged.ok) {
			const where = i === 0 ? ` at ${describeLines(merged.conflictLines)}` : "";
			return stop({
				status: "conflict",
				conflictLines: i === 0 ? merged.conflictLines : [],
				message: `Reverting "${entry.description}" would overwrite your later edits in ${path}${where}. Nothing was written.`,
			});
		}
		lines = merged.lines;
	}
	const text = lines.join("");
	if (text === current) return stop({ status: "no-op", message: `The change is already undone in ${path}; nothing to write.` });
	return {
		type: "swap",
		change: { kind: "revert", before: current, after: text, description, reverts, lines: { before: currentLines, after: lines } },
		rebased: current !== record.snapshot,
	};
}

/** Recreates a deleted note from the text after versionId (default: the newest version). */
export function planRestore(record: NoteRecord | null, path: string, exists: boolean, versionId?: string): Plan {
	if (!record || record.entries.length === 0) return error(`${path} has no Redline history to restore from.`);
	if (exists) return error(`${path} exists; restore only brings back a deleted note. Use revert to undo changes.`);
	const versions = rebuild(record);
	if (typeof versions === "string") return error(versions);
	const version = versionId === undefined ? versions[versions.length - 1] : versions.find((v) => v.entry.versionId === versionId);
	if (!version) return error(`Version ${versionId ?? ""} is not in the history of ${path}.`);
	// A revert that trashed the note has "" after it; its before-text is the note worth restoring.
	const text = (version.entry.trashed ? version.before : version.after).join("");
	return { type: "create", change: { kind: "create", before: "", after: text, description: `Restore ${path} (version of ${version.entry.at})` } };
}

function rebuild(record: NoteRecord): Version[] | string {
	try {
		return rebuildVersions(record);
	} catch (e) {
		return e instanceof Error ? e.message : String(e);
	}
}
