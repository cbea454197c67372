/**
 * The per-note history (issue 6): every write Redline makes goes through here. An entry is
 * persisted before the note is written, and the note is written by compare-and-swap inside
 * vault.process, so typing that lands meanwhile is never overwritten (we retry on the new text).
 */
import { VaultError } from "../vault/vault";
import type { Store } from "../store/store";
import type { Vault } from "../vault/vault";
import { describeLines, merge3 } from "./merge";
import { amendEntry, buildEntry } from "./entry";
import type { Change } from "./entry";
import { RecordStore } from "./record";
import { RenameJournal } from "./rename-journal";
import type { NoteRecord, StoredEntry } from "./record";
import { planRevert, planRestore, type Plan } from "./revert";
import { planUndo } from "./undo-change";
import { isMoveEntry, noteMoves } from "./move-note";
import { fitToNote, refuseText, textHash } from "./text";
import type {
	CreateRequest,
	HistoryEntry,
	MoveMark,
	NoteHistory,
	TrashRequest,
	WriteOutcome,
	WriteRequest,
} from "./types";

export interface NoteHistoryDeps {
	vault: Vault;
	store: Store;
	/** Entries kept per note (settings.historySize). */
	/** Entries kept per note; a function is read at each write, so a settings change applies at once. */
	maxEntries?: number | (() => number);
	/** Larger notes are refused (settings.maxNoteBytes). */
	maxNoteBytes?: number | (() => number);
	now?: () => Date;
	newId?: (prefix: string) => string;
	/** Renames the host saw before this history listened (default: the journal in `store`). */
	renames?: Pick<RenameJournal, "replay">;
}

export type { Change } from "./entry";

export interface FullNoteHistory extends NoteHistory {
	/** Recreates a note the user deleted, with its text after `versionId` (default: the newest). */
	restore(path: string, versionId?: string): Promise<WriteOutcome>;
	dispose(): void;
}

/** Thrown inside vault.process when the note is no longer the text we merged onto. */
class Moved extends Error {}

const ATTEMPTS = 5;

export function createNoteHistory(deps: NoteHistoryDeps): FullNoteHistory {
	const read = (limit: number | (() => number) | undefined, fallback: number) =>
		typeof limit === "function" ? limit() : (limit ?? fallback);
	const maxEntries = () => Math.max(1, read(deps.maxEntries, 10));
	const maxBytes = () => read(deps.maxNoteBytes, 5 * 1024 * 1024);
	const now = deps.now ?? (() => new Date());
	const newId = deps.newId ?? ((prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`);
	const { vault } = deps;
	// A record from before paths were kept current (v1) names its note only if the note still is its text.
	const confirmsPath = async (rec: NoteRecord): Promise<boolean> => {
		if (rec.v === 2) return true;
		try {
			if (!(await vault.exists(rec.path))) return true;
			const newest = rec.entries[rec.entries.length - 1];
			return newest !== undefined && textHash(await vault.read(rec.path)) === newest.afterHash;
		} catch {
			return false;
		}
	};
	const records = new RecordStore(deps.store, now, confirmsPath);
	// One operation at a time: records are read-modify-written, and renames must land in order.
	let queue: Promise<unknown> = Promise.resolve();
	const serial = <T>(work: () => Promise<T>): Promise<T> => {
		const run = queue.then(work, work);
		queue = run.catch(() => undefined);
		return run;
	};
	// First of all: the renames made while nobody listened, so every operation sees current paths.
	const journal = deps.renames ?? new RenameJournal(deps.store);
	void serial(() => journal.replay(({ from, to }) => records.rename(from, to))).catch((error: unknown) => {
		console.warn("Redline: could not replay the renames made before the history started", error);
	});
	const unsubscribe = vault.onChange((change) => {
		if (change.type === "rename") void serial(() => records.rename(change.oldPath, change.path));
	});

	/** Persists the entry (before writing); undo() puts the record back as it was. */
	async function record(
		path: string,
		existing: NoteRecord | null,
		change: Change,
	): Promise<{ entry: StoredEntry; undo: () => Promise<void> }> {
		const rec: NoteRecord = existing ?? { v: 2, noteId: newId("note"), path, snapshot: "", entries: [] };
		const { entry, afterLines } = buildEntry(
			rec,
			path,
			change,
			{ versionId: newId("v"), at: now().toISOString() },
			() => records.snapshotLines(rec),
		);
		const previousSnapshot = rec.snapshot;
		rec.entries.push(entry);
		const dropped = rec.entries.length > maxEntries() ? rec.entries.splice(0, rec.entries.length - maxEntries()) : [];
		rec.snapshot = change.after;
		await records.saveEntry(rec, entry, dropped.length);
		if (afterLines) records.rememberLines(rec, afterLines);
		const undo = async () => {
			rec.entries.pop();
			rec.entries.unshift(...dropped);
			rec.snapshot = previousSnapshot;
			await (existing ? records.saveUndo(rec, entry.versionId) : records.drop(rec));
		};
		return { entry, undo };
	}

	/** Rewrites the newest entry of the note at path (a move's, once the host moved it) to end at `after`. */
	async function amend(
		path: string,
		versionId: string,
		before: string,
		after: string,
		move?: MoveMark,
	): Promise<StoredEntry> {
		const rec = await records.load(path);
		const entry = rec?.entries.at(-1);
		if (!rec || entry?.versionId !== versionId)
			throw new Error(`The newest change of ${path} is no longer ${versionId}; it was not amended.`);
		const lines = amendEntry(entry, before, after, move);
		rec.snapshot = after;
		await records.saveAmend(rec, entry);
		records.rememberLines(rec, lines);
		return entry;
	}

	/** Records the change, then swaps the note's text if it is still `change.before`. */
	async function swap(
		path: string,
		existing: NoteRecord | null,
		change: Change,
		rebased: boolean,
	): Promise<WriteOutcome | "moved"> {
		const { entry, undo } = await record(path, existing, change);
		try {
			await vault.process(path, (current) => {
				if (current !== change.before) throw new Moved();
				return change.after;
			});
		} catch (error) {
			await undo();
			if (error instanceof Moved) return "moved";
			return { status: "error", message: `Could not write ${path}: ${errorText(error)}` };
		}
		return { status: "written", entry: publicEntry(entry), text: change.after, rebased };
	}

	/** Reads the note, or says why not. */
	async function readNote(path: string): Promise<string | WriteOutcome> {
		try {
			const text = await vault.read(path);
			const refusal = refuseText(path, text, maxBytes(), "the note");
			return refusal ? { status: "error", message: refusal } : text;
		} catch (error) {
			if (error instanceof VaultError && error.code === "not-found") {
				return { status: "error", message: `There is no note at ${path}.` };
			}
			return { status: "error", message: `Could not read ${path}: ${errorText(error)}` };
		}
	}

	async function write(request: WriteRequest): Promise<WriteOutcome> {
		const refusal = refuseText(request.path, request.proposed, maxBytes(), "the new text");
		if (refusal) return { status: "error", message: refusal };
		const proposed = fitToNote(request.base, request.proposed);
		for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
			const current = await readNote(request.path);
			if (typeof current !== "string") return current;
			let after = proposed;
			const rebased = current !== request.base;
			if (rebased) {
				const merged = merge3(request.base, current, proposed);
				if (!merged.ok) {
					return {
						status: "conflict",
						conflictLines: merged.conflictLines,
						message: `${request.path} changed while the edit was prepared, and the change overlaps your edits at ${describeLines(merged.conflictLines)}. Nothing was written.`,
					};
				}
				after = merged.text;
			}
			if (after === current)
				return { status: "no-op", message: `${request.path} already has this text; nothing to write.` };
			const { threadId, editId, description } = request;
			const outcome = await swap(
				request.path,
				await records.load(request.path),
				{ kind: "edit", before: current, after, description, threadId, editId },
				rebased,
			);
			if (outcome !== "moved") return outcome;
		}
		return busy(request.path);
	}

	async function create(request: CreateRequest): Promise<WriteOutcome> {
		const refusal = refuseText(request.path, request.content, maxBytes(), "the new note");
		if (refusal) return { status: "error", message: refusal };
		if (await vault.exists(request.path))
			return { status: "error", message: `${request.path} already exists; it was not overwritten.` };
		// A note created anew starts a fresh history; the old one (a deleted note's) is set aside, not deleted.
		const old = await records.load(request.path);
		if (old) await records.retire(old);
		const { threadId, editId, description } = request;
		return createWith(request.path, null, {
			kind: "create",
			before: "",
			after: request.content,
			description,
			threadId,
			editId,
		});
	}

	/** Creates the note with change.after, entry first; rolls the entry back if creating fails. */
	async function createWith(path: string, existing: NoteRecord | null, change: Change): Promise<WriteOutcome> {
		const { entry, undo } = await record(path, existing, change);
		try {
			await vault.create(path, change.after);
		} catch (error) {
			await undo();
			return { status: "error", message: `Could not create ${path}: ${errorText(error)}` };
		}
		return { status: "written", entry: publicEntry(entry), text: change.after, rebased: false };
	}

	/**
	 * Without versionId: undoes the newest entry. With it: returns the note to that version;
	 * laterChanges, when given, is how many later changes the user was told this undoes: any other
	 * count (a change landed since) refuses, so a confirmation never undoes more than it said.
	 */
	async function revert(path: string, versionId?: string, laterChanges?: number): Promise<WriteOutcome> {
		// The newest change a move: undone as a move (the note moved back, the links restored).
		if (versionId === undefined) {
			const moved = await moveEntry(path);
			if (moved) return moved;
		}
		return runPlan(path, (rec, current, lines) => {
			if (rec && versionId !== undefined && laterChanges !== undefined) {
				const at = rec.entries.findIndex((e) => e.versionId === versionId);
				const later = rec.entries.length - 1 - at;
				if (at !== -1 && later !== laterChanges) {
					return {
						type: "outcome",
						outcome: {
							status: "conflict",
							conflictLines: [],
							message: `${path} now has ${later} ${later === 1 ? "change" : "changes"} after that version, not ${laterChanges}; nothing was reverted. Look at its history again.`,
						},
					};
				}
			}
			return planRevert(rec, path, current, versionId, lines);
		});
	}

	/** Undoes exactly the change versionId, merged onto today's text, wherever the note was renamed to. */
	async function undo(hint: string, versionId: string): Promise<WriteOutcome> {
		const path = (await records.pathOf(versionId, hint)) ?? hint;
		const moved = await moveEntry(path, versionId);
		if (moved) return moved;
		return runPlan(path, (rec, current, lines) => planUndo(rec, path, current, versionId, lines));
	}

	/** When versionId (default: the newest change) is a move of the note at path: undoes it as a move. */
	async function moveEntry(path: string, versionId?: string): Promise<WriteOutcome | undefined> {
		const { record: rec, damage } = await records.open(path);
		if (damage) return { status: "error", message: `${damage} Nothing was reverted.` };
		if (!rec) return undefined;
		const entry = versionId === undefined ? rec.entries.at(-1) : rec.entries.find((e) => e.versionId === versionId);
		return entry && isMoveEntry(entry) ? moves.undoMove(path, rec, entry) : undefined;
	}

	const moves = noteMoves({
		vault,
		records,
		record,
		amend,
		readNote: (path) => readNote(path),
		undoEntry: (path, versionId) => undo(path, versionId),
		publicEntry,
	});

	/** Plans against the note as it is now and carries the plan out; replans when the note moved under it. */
	async function runPlan(
		path: string,
		planFor: (rec: NoteRecord | null, current: string | null, snapshotLines: readonly string[]) => Plan,
	): Promise<WriteOutcome> {
		for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
			const { record: rec, damage } = await records.open(path);
			if (damage) return { status: "error", message: `${damage} Nothing was reverted.` };
			const exists = await vault.exists(path);
			const current = exists ? await readNote(path) : null;
			if (current !== null && typeof current !== "string") return current;
			// No record, no snapshot: no lines.
			const plan = planFor(rec, current, rec ? records.snapshotLines(rec) : []);
			// Every kind of plan is carried out by its own case; one the switch does not know is a bug, never a swap.
			switch (plan.type) {
				case "outcome":
					return plan.outcome;
				case "damaged":
					if (!rec) throw new Error("unreachable: a damaged plan comes from a record");
					return { status: "error", message: `${await setAside(rec, plan.entry)} Nothing was reverted.` };
				case "create":
					return createWith(path, rec, plan.change);
				case "trash": {
					const outcome = await trashWith(path, rec, plan.change);
					if (outcome !== "moved") return outcome;
					continue;
				}
				case "swap": {
					const outcome = await swap(path, rec, plan.change, plan.rebased);
					if (outcome !== "moved") return outcome;
					continue;
				}
				default:
					return unknownPlan(plan);
			}
		}
		return busy(path);
	}

	/** Records the entry that trashes the note (a revert of a create, a delete), then trashes it; "moved" when the note changed under it. */
	async function trashWith(path: string, rec: NoteRecord | null, change: Change): Promise<WriteOutcome | "moved"> {
		const { entry, undo } = await record(path, rec, change);
		try {
			if ((await vault.read(path)) !== change.before) {
				await undo();
				return "moved";
			}
			// Our Vault port, not Obsidian's: ObsidianVault.trash goes through FileManager.trashFile.
			await vault.trash(path);
		} catch (error) {
			await undo();
			return { status: "error", message: `Could not move ${path} to the trash: ${errorText(error)}` };
		}
		return { status: "written", entry: publicEntry(entry), text: "", rebased: false };
	}

	/** deleteNote: the note's text recorded in a `delete` entry, then the note moved to the trash. */
	async function trash(request: TrashRequest): Promise<WriteOutcome> {
		const { path, threadId, editId, description } = request;
		for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
			const current = await readNote(path);
			if (typeof current !== "string") return current;
			const change: Change = {
				kind: "delete",
				before: current,
				after: "",
				description,
				threadId,
				editId,
				trashed: true,
			};
			const outcome = await trashWith(path, await records.load(path), change);
			if (outcome !== "moved") return outcome;
		}
		return busy(path);
	}

	async function restore(path: string, versionId?: string): Promise<WriteOutcome> {
		const { record: rec, damage } = await records.open(path);
		if (damage) return { status: "error", message: `${damage} Nothing was restored.` };
		const plan = planRestore(rec, path, await vault.exists(path), versionId);
		if (plan.type === "outcome") return plan.outcome;
		if (plan.type === "damaged" && rec)
			return { status: "error", message: `${await setAside(rec, plan.entry)} Nothing was restored.` };
		if (plan.type !== "create") throw new Error("unreachable: restore only creates");
		return createWith(path, rec, plan.change);
	}

	async function list(path: string): Promise<HistoryEntry[]> {
		const rec = await records.load(path);
		// Entries follow renames: they name the note's current path.
		return rec ? rec.entries.map((entry) => ({ ...publicEntry(entry), path: rec.path })).reverse() : [];
	}

	/** A patch that does not fit its text: the record cannot be trusted for any revert. */
	function setAside(rec: NoteRecord, entry: StoredEntry): Promise<string> {
		return records.setAsideRecord(rec, `the change of version ${entry.versionId} does not fit the text after it`);
	}

	// The history must never make a caller throw: a store that fails is an error outcome (or an
	// empty list), like any other reason the change could not be made.
	const guarded = (path: string, work: () => Promise<WriteOutcome>) =>
		serial(async (): Promise<WriteOutcome> => {
			try {
				return await work();
			} catch (error) {
				console.warn(`Redline: the history of ${path} failed:`, error);
				return {
					status: "error",
					message: `Redline's history of ${path} could not be read or saved (${errorText(error)}); nothing was written.`,
					saysNothingWritten: true,
				};
			}
		});
	return {
		write: (request) => guarded(request.path, () => write(request)),
		create: (request) => guarded(request.path, () => create(request)),
		trash: (request) => guarded(request.path, () => trash(request)),
		move: (request) => guarded(request.path, () => moves.move(request)),
		revert: (path, versionId, laterChanges) => guarded(path, () => revert(path, versionId, laterChanges)),
		undo: (path, versionId) => guarded(path, () => undo(path, versionId)),
		// In the serial queue: a rename the history was told of is applied before the answer.
		locate: (path, versionId) => serial(() => records.pathOf(versionId, path)),
		restore: (path, versionId) => guarded(path, () => restore(path, versionId)),
		list: (path) =>
			serial(() =>
				list(path).catch((error: unknown) => {
					console.warn(`Redline: the history of ${path} could not be listed:`, error);
					return [];
				}),
			),
		dispose: unsubscribe,
	};
}

function publicEntry(entry: StoredEntry): HistoryEntry {
	const { gap: _gap, trashed: _trashed, recreated: _recreated, ...rest } = entry;
	return rest;
}

function busy(path: string): WriteOutcome {
	return {
		status: "error",
		message: `${path} kept changing while Redline tried to write it; nothing was written. Try again.`,
		saysNothingWritten: true,
	};
}

function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** A plan of a kind runPlan does not carry out: a bug in the planner, so nothing is written. */
function unknownPlan(plan: never): never {
	throw new Error(`unreachable: a revert plan of an unknown kind (${JSON.stringify(plan)})`);
}
