/**
 * Which notes have Redline history, for the commands that are offered only then ("Revert last
 * change in this note"): the palette asks synchronously, so the answer is cached, read from the
 * store's history index, never by building the core. Reads are coalesced: a refresh asked for
 * while one runs reads once more after it, so the answer is never older than the request.
 */
import type { Store } from "../store/store";
import { notesWithHistory } from "../history/presence";
import { renamedPaths } from "../history/rename-journal";

export class HistoryPresence {
	private known: Set<string> | null = null;
	private reading: Promise<void> | null = null;
	private again = false;

	constructor(private readonly store: Pick<Store, "read">) {}

	/** Whether the note has history (undefined until the index was read once). */
	has(path: string): boolean | undefined {
		return this.known ? this.known.has(path) : undefined;
	}

	/** Reads the index again; resolves when an answer at least as new as this call is cached. */
	refresh(): Promise<void> {
		if (this.reading) {
			this.again = true;
			return this.reading;
		}
		this.reading = (async () => {
			do {
				this.again = false;
				try {
					this.known = await notesWithHistory(this.store);
				} catch (error) {
					console.warn("Redline: could not read which notes have history", error);
				}
			} while (this.again);
			this.reading = null;
		})();
		return this.reading;
	}

	/** Whether the note at path, or one under it (a folder), may have history: yes while unknown. */
	mayHaveHistoryUnder(path: string): boolean {
		if (!this.known) return true;
		for (const known of this.known) if (known === path || known.startsWith(path + "/")) return true;
		return false;
	}

	/** Moves the answer at once for a rename the history will replay later (rename-journal.ts). */
	renamed(from: string, to: string): void {
		if (this.known) this.known = renamedPaths(this.known, [{ from, to }]);
	}

	clear(): void {
		this.known = null;
	}
}
