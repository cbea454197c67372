/**
 * Moves in the note history (moveNote, issue 31). A move is one operation over several notes: the
 * note goes to its new path (Vault.rename, which updates the links to it as the host does), and
 * every note whose links changed gets an `edit` entry in its own history; the moved note gets a
 * `move` entry that names them (MoveMark), so one revert undoes them all. Reverting the move puts
 * back the links first, each by undoing its entry merged onto today's text (a note edited on the
 * same lines since is named as not restored, never overwritten), then moves the note back and
 * undoes the move's own change to its text (its relative links); that revert carries a MoveMark
 * the other way, so undoing it (Reapply) moves the note again the same way.
 *
 * Every entry is saved before the note moves, as planned; the texts of the linking notes are read
 * again after the move and the entries amended where the host did otherwise (Obsidian's link
 * settings), so what stays recorded is what the host did.
 */
import type { Vault } from "../vault/vault";
import { findLinks } from "../vault/links/note-links";
import { planVaultMove } from "../vault/links/update-links";
import { isHiddenPath } from "../vault/paths";
import { mayLeadTo, resolveLink } from "../vault/links/resolve-link";
import type { Change } from "./entry";
import { marksOf } from "./edit-refs";
import { describeLines, merge3 } from "./merge";
import { rebuildVersions, type NoteRecord, type RecordStore, type StoredEntry } from "./record";
import type { HistoryEntry, MoveMark, MoveRequest, WriteOutcome } from "./types";

export interface MoveDeps {
	vault: Vault;
	records: RecordStore;
	/** Persists an entry in a note's record (note-history's record()); undo() takes it out again. */
	record(
		path: string,
		existing: NoteRecord | null,
		change: Change,
	): Promise<{ entry: StoredEntry; undo: () => Promise<void> }>;
	/** Rewrites the newest entry of the note at `path` to end at `after` (what the host did, where it differed from the plan). */
	amend(path: string, versionId: string, before: string, after: string, move?: MoveMark): Promise<StoredEntry>;
	readNote(path: string): Promise<string | WriteOutcome>;
	/** Undoes one entry of a note's history, merged onto today's text (inside the history's queue). */
	undoEntry(path: string, versionId: string): Promise<WriteOutcome>;
	publicEntry(entry: StoredEntry): HistoryEntry;
}

const refuse = (message: string): WriteOutcome => ({ status: "error", message });

/** One move of a note, as the history makes it: from, to, and the entry the moved note gets. */
interface MoveStep {
	from: string;
	to: string;
	/** The description of each linking note's entry. */
	linkDescription: string;
	threadId: string | undefined;
	/** The moved note's entry, given the links' entries and the note's text as the move is planned to leave it. */
	ownChange(links: MoveMark["links"], planned: string): Change;
	/** After the host moved the note: its own text made final (a revert undoes its text change); the final text. */
	finish?(moved: string): Promise<string>;
}

/** A linking note's entry recorded before the move, with the text it plans. */
interface PlannedLink {
	path: string;
	before: string;
	planned: string;
	versionId: string;
	undo: () => Promise<void>;
}

export function noteMoves(deps: MoveDeps) {
	const { vault, records } = deps;

	/**
	 * Moves the note with every change recorded first (an entry is persisted before its write, as
	 * for any edit): the links' entries and the moved note's, as planned (links/move-links.ts, what
	 * Obsidian's defaults do). Then the host moves it; where it wrote otherwise (the user's link
	 * settings), the entries are amended to what it did. A crash in between leaves entries that a
	 * revert undoes merge-safe: a link the plan got wrong is named, never overwritten.
	 */
	async function moveWithEntries(step: MoveStep): Promise<{ entry: StoredEntry; after: string } | WriteOutcome> {
		const { from, to } = step;
		const plan = await planMove(from, to);
		const planned: PlannedLink[] = [];
		const undoAll = async (own?: () => Promise<void>) => {
			await own?.();
			for (const link of planned.reverse()) await link.undo();
		};
		let own: { entry: StoredEntry; undo: () => Promise<void> };
		let change: Change;
		try {
			for (const [path, { before, planned: text }] of plan.linking) {
				if (text === before) continue;
				const { entry, undo } = await deps.record(path, await records.load(path), {
					kind: "edit",
					before,
					after: text,
					description: step.linkDescription,
					...(step.threadId !== undefined ? { threadId: step.threadId } : {}),
				});
				planned.push({ path, before, planned: text, versionId: entry.versionId, undo });
			}
			change = step.ownChange(
				planned.map(({ path, versionId }) => ({ path, versionId })),
				plan.moved,
			);
			own = await deps.record(from, await records.load(from), change);
		} catch (error) {
			await undoAll();
			throw error;
		}
		try {
			await vault.rename(from, to);
		} catch (error) {
			// A host that moved the note and then failed (its link update) still moved it: that is recorded.
			const movedAnyway = (await vault.exists(to)) && !(await vault.exists(from));
			if (!movedAnyway) {
				await undoAll(own.undo);
				return refuse(`Could not move ${from} to ${to}: ${error instanceof Error ? error.message : String(error)}`);
			}
		}
		try {
			// The history follows the rename itself, now (the host's rename event reaches it later, and finds nothing left to move).
			await records.rename(from, to);
			const links = await recordWhatTheHostDid(plan.linking, planned, step);
			const moved = await deps.readNote(to);
			const after = typeof moved !== "string" ? change.after : step.finish ? await step.finish(moved) : moved;
			const mark = step.ownChange(links, after).move;
			if (after === change.after && JSON.stringify(mark) === JSON.stringify(change.move))
				return { entry: own.entry, after };
			return { entry: await deps.amend(to, own.entry.versionId, change.before, after, mark), after };
		} catch (error) {
			// The note has moved, and the planned entries say so: a failure now (the store) must not report "nothing moved".
			console.warn(`Redline: ${from} moved to ${to}, but the history could not record all the host did:`, error);
			return { entry: own.entry, after: change.after };
		}
	}

	/** The links' entries made true to the notes as the host left them; the links of the moved note's entry. */
	async function recordWhatTheHostDid(
		linking: Map<string, { before: string; planned: string }>,
		planned: PlannedLink[],
		step: MoveStep,
	): Promise<MoveMark["links"]> {
		const byPath = new Map(planned.map((link) => [link.path, link]));
		const links: MoveMark["links"] = [];
		for (const [path, { before }] of linking) {
			const now = await deps.readNote(path);
			const link = byPath.get(path);
			if (typeof now !== "string" || now === link?.planned) {
				if (link) links.push({ path, versionId: link.versionId });
				continue;
			}
			if (link && now === before) await link.undo();
			else if (link) {
				await deps.amend(path, link.versionId, before, now);
				links.push({ path, versionId: link.versionId });
			} else if (now !== before) {
				// A note the plan left alone and the host rewrote: recorded once seen, so a revert still restores it.
				const { entry } = await deps.record(path, await records.load(path), {
					kind: "edit",
					before,
					after: now,
					description: step.linkDescription,
					...(step.threadId !== undefined ? { threadId: step.threadId } : {}),
				});
				links.push({ path, versionId: entry.versionId });
			}
		}
		return links;
	}

	/** The notes with a link to `from`, their texts now and as the move will leave them; the moved note's text after it. */
	async function planMove(
		from: string,
		to: string,
	): Promise<{ linking: Map<string, { before: string; planned: string }>; moved: string }> {
		const { paths, notes, texts } = await planVaultMove(vault, from, to);
		const linking = new Map<string, { before: string; planned: string }>();
		for (const [path, before] of notes) {
			// Obsidian never rewrites hidden files (its config folder among them): nothing to record there.
			if (path === from || isHiddenPath(path) || !linksTo(before, path, from, paths)) continue;
			linking.set(path, { before, planned: texts.get(path) ?? before });
		}
		return { linking, moved: texts.get(from) ?? notes.get(from) ?? "" };
	}

	async function move(request: MoveRequest): Promise<WriteOutcome> {
		const { path, newPath, description, threadId, editId } = request;
		if (path === newPath) return refuse(`${path} is already at that path; nothing was moved.`);
		const before = await deps.readNote(path);
		if (typeof before !== "string") return before;
		if (await vault.exists(newPath)) return refuse(`${newPath} already exists; ${path} was not moved.`);
		// A deleted note's history kept at the new path is set aside, as a create does.
		const old = await records.load(newPath);
		if (old) await records.retire(old);
		const moved = await moveWithEntries({
			from: path,
			to: newPath,
			linkDescription: `Update the links to ${newPath} (moved from ${path})`,
			threadId,
			ownChange: (links, planned) => ({
				kind: "move",
				before,
				after: planned,
				description,
				...(threadId !== undefined ? { threadId } : {}),
				...(editId !== undefined ? { editId } : {}),
				move: { from: path, to: newPath, links },
			}),
		});
		if ("status" in moved) return moved;
		return {
			status: "written",
			entry: deps.publicEntry({ ...moved.entry, path: newPath }),
			text: moved.after,
			rebased: false,
		};
	}

	/** Undoes a move (or a revert that moved the note back): links first, then the note, then its own text. */
	async function undoMove(
		path: string,
		rec: NoteRecord,
		entry: StoredEntry & { move: MoveMark },
	): Promise<WriteOutcome> {
		const home = entry.move.from;
		if (!(await vault.exists(path)))
			return refuse(`${path} is no longer there; "${entry.description}" was not reverted.`);
		if (await vault.exists(home))
			return refuse(`${home} exists again; ${path} was not moved back over it, and nothing was reverted.`);
		const versions = rebuildVersions(rec);
		if (!Array.isArray(versions)) return refuse(`The Redline history of ${path} is damaged; nothing was reverted.`);
		const version = versions.find((v) => v.entry.versionId === entry.versionId);
		if (!version) return refuse(`This change is no longer in the history of ${path}; nothing was reverted.`);
		const current = await deps.readNote(path);
		if (typeof current !== "string") return current;
		// The move's own change to the note (its relative links) undone, keeping what was typed since.
		const own = merge3(version.after.join(""), current, version.before.join(""));
		if (!own.ok)
			return {
				status: "conflict",
				conflictLines: own.conflictLines,
				message: `Reverting "${entry.description}" would overwrite later changes to ${path} at ${describeLines(own.conflictLines)}. Nothing was written.`,
			};
		const restored: MoveMark["links"] = [];
		const notRestored: string[] = [];
		for (const link of entry.move.links) {
			const outcome = await deps.undoEntry(link.path, link.versionId);
			if (outcome.status === "written") restored.push({ path: outcome.entry.path, versionId: outcome.entry.versionId });
			else if (outcome.status !== "no-op") notRestored.push(link.path);
		}
		const back = await moveWithEntries({
			from: path,
			to: home,
			linkDescription: `Update the links to ${home} (moved back from ${path})`,
			threadId: entry.threadId,
			ownChange: (links) => ({
				kind: "revert",
				before: current,
				after: own.text,
				description: `Revert "${entry.description}"`,
				...marksOf([entry], rec.entries),
				move: { from: path, to: home, links: [...restored, ...links] },
				notRestored,
			}),
			// The host moved the note back (rewriting its relative links); its own change is undone on that text.
			finish: async (seen) => {
				if (seen === own.text) return seen;
				return vault.process(home, (now) => {
					if (now === seen) return own.text;
					const merged = merge3(seen, now, own.text);
					return merged.ok ? merged.text : now;
				});
			},
		});
		if ("status" in back) return back;
		return {
			status: "written",
			entry: deps.publicEntry({ ...back.entry, path: home }),
			text: back.after,
			rebased: current !== rec.snapshot,
			...(notRestored.length ? { notRestored } : {}),
		};
	}

	return { move, undoMove };
}

/** Whether an entry moved its note (a move, or a revert that moved it back). */
export function isMoveEntry(entry: StoredEntry): entry is StoredEntry & { move: MoveMark } {
	return entry.move !== undefined;
}

/** Whether the text of the note at `source` has a link that leads to `target`. */
function linksTo(text: string, source: string, target: string, paths: ReadonlySet<string>): boolean {
	return findLinks(text).some(
		(link) => mayLeadTo(link.linkpath, target) && resolveLink(link.linkpath, source, paths) === target,
	);
}
