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
 * The texts of the linking notes are read before and after the move, so what is recorded is what
 * the host did (Obsidian's link settings), not what we predicted.
 */
import type { Vault } from "../vault/vault";
import { findLinks } from "../vault/links/note-links";
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
	/** Persists an entry in a note's record (note-history's record()). */
	record(path: string, existing: NoteRecord | null, change: Change): Promise<{ entry: StoredEntry }>;
	readNote(path: string): Promise<string | WriteOutcome>;
	/** Undoes one entry of a note's history, merged onto today's text (inside the history's queue). */
	undoEntry(path: string, versionId: string): Promise<WriteOutcome>;
	publicEntry(entry: StoredEntry): HistoryEntry;
}

const refuse = (message: string): WriteOutcome => ({ status: "error", message });

export function noteMoves(deps: MoveDeps) {
	const { vault, records } = deps;

	/** Moves `from` to `to`, recording each linking note's change; the links' entries and the moved note's texts. */
	async function moveRecorded(
		from: string,
		to: string,
		linkDescription: string,
		threadId: string | undefined,
	): Promise<{ links: MoveMark["links"]; after: string } | WriteOutcome> {
		const linking = await notesLinkingTo(vault, from);
		const befores = new Map<string, string>();
		for (const path of linking) {
			const text = await deps.readNote(path);
			if (typeof text === "string") befores.set(path, text);
		}
		try {
			await vault.rename(from, to);
		} catch (error) {
			return refuse(`Could not move ${from} to ${to}: ${error instanceof Error ? error.message : String(error)}`);
		}
		const links: MoveMark["links"] = [];
		for (const [path, before] of befores) {
			const after = await deps.readNote(path);
			if (typeof after !== "string" || after === before) continue;
			const { entry } = await deps.record(path, await records.load(path), {
				kind: "edit",
				before,
				after,
				description: linkDescription,
				...(threadId !== undefined ? { threadId } : {}),
			});
			links.push({ path, versionId: entry.versionId });
		}
		const after = await deps.readNote(to);
		if (typeof after !== "string") return after;
		// The history follows the rename itself, now (the host's rename event reaches it later, and finds nothing left to move).
		await records.rename(from, to);
		return { links, after };
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
		const moved = await moveRecorded(path, newPath, `Update the links to ${newPath} (moved from ${path})`, threadId);
		if ("status" in moved) return moved;
		const { entry } = await deps.record(newPath, await records.load(newPath), {
			kind: "move",
			before,
			after: moved.after,
			description,
			...(threadId !== undefined ? { threadId } : {}),
			...(editId !== undefined ? { editId } : {}),
			move: { from: path, to: newPath, links: moved.links },
		});
		return { status: "written", entry: deps.publicEntry(entry), text: moved.after, rebased: false };
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
		const back = await moveRecorded(
			path,
			home,
			`Update the links to ${home} (moved back from ${path})`,
			entry.threadId,
		);
		if ("status" in back) return back;
		let text = back.after;
		if (text !== own.text) {
			const seen = text;
			text = await vault.process(home, (now) => {
				if (now === seen) return own.text;
				const merged = merge3(seen, now, own.text);
				return merged.ok ? merged.text : now;
			});
		}
		const { entry: revert } = await deps.record(home, await records.load(home), {
			kind: "revert",
			before: current,
			after: text,
			description: `Revert "${entry.description}"`,
			...marksOf([entry], rec.entries),
			move: { from: path, to: home, links: [...restored, ...back.links] },
		});
		return {
			status: "written",
			entry: deps.publicEntry(revert),
			text,
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

/** The notes (other than `target`) with a link that leads to `target`. */
async function notesLinkingTo(vault: Vault, target: string): Promise<string[]> {
	const stats = await vault.list("");
	const paths = new Set(stats.map((stat) => stat.path));
	const found: string[] = [];
	for (const path of paths) {
		if (path === target || !path.toLowerCase().endsWith(".md") || isHiddenPath(path)) continue;
		let text: string;
		try {
			text = await vault.read(path);
		} catch {
			continue;
		}
		const leads = (linkpath: string) => mayLeadTo(linkpath, target) && resolveLink(linkpath, path, paths) === target;
		if (findLinks(text).some((link) => leads(link.linkpath))) found.push(path);
	}
	return found;
}
