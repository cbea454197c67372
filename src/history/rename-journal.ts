/**
 * Renames the history did not see. The history follows renames through Vault.onChange, but the
 * Obsidian host builds it only on first use (the pane opens, a command needs it): a note renamed
 * before that kept its history under the old path, so the renamed note lost it and a new note
 * at the old path was offered a deleted note's history to revert. Until the history listens, the
 * host journals each rename here (one appended line through the Store, no core); the history
 * replays the journal when it opens, before any other operation, and clears it. Which notes have
 * history (presence.ts) reads the journal too, so commands are offered on the right notes before
 * the core exists.
 */
import type { Store } from "../store/store";

export const RENAME_JOURNAL_KEY = "history/renames.jsonl";

export interface JournaledRename {
	from: string;
	to: string;
}

export class RenameJournal {
	/** Appends and takes one after another, so a take never misses an append in flight. */
	private queue: Promise<unknown> = Promise.resolve();

	constructor(private readonly store: Pick<Store, "append" | "read" | "remove">) {}

	/** Journals a rename the history is not listening for (a folder rename moves what lies under it). */
	record(from: string, to: string): Promise<void> {
		return this.serial(() => this.store.append(RENAME_JOURNAL_KEY, JSON.stringify({ from, to }) + "\n"));
	}

	/**
	 * Applies the journaled renames, oldest first, then clears the journal. Should a move fail, the
	 * journal stays for the next start (moving what was moved already finds nothing to move).
	 */
	replay(move: (rename: JournaledRename) => Promise<void>): Promise<void> {
		return this.serial(async () => {
			const raw = await this.store.read(RENAME_JOURNAL_KEY);
			if (raw === null) return;
			for (const rename of parseRenames(raw)) await move(rename);
			await this.store.remove(RENAME_JOURNAL_KEY);
		});
	}

	private serial<T>(work: () => Promise<T>): Promise<T> {
		const run = this.queue.then(work, work);
		this.queue = run.catch(() => undefined);
		return run;
	}
}

/** The journal's renames, oldest first. A torn line (a crash mid-append) is skipped: it moved nothing. */
export function parseRenames(raw: string): JournaledRename[] {
	const renames: JournaledRename[] = [];
	for (const line of raw.split("\n")) {
		if (line.trim() === "") continue;
		try {
			const parsed = JSON.parse(line) as unknown;
			if (isRename(parsed)) renames.push({ from: parsed.from, to: parsed.to });
		} catch {
			// Only the last line can be torn; what it would have said is unknown.
		}
	}
	return renames;
}

/** Paths after the renames, as the history will map them once it replays the journal. */
export function renamedPaths(paths: ReadonlySet<string>, renames: readonly JournaledRename[]): Set<string> {
	let current = new Set(paths);
	for (const { from, to } of renames) {
		const next = new Set<string>();
		for (const path of current) {
			if (path === from) next.add(to);
			else if (path.startsWith(from + "/")) next.add(to + path.slice(from.length));
			else next.add(path);
		}
		current = next;
	}
	return current;
}

function isRename(value: unknown): value is JournaledRename {
	if (typeof value !== "object" || value === null) return false;
	const { from, to } = value as Record<string, unknown>;
	return typeof from === "string" && typeof to === "string" && from !== "" && to !== "";
}
