/**
 * "Does this note have Redline history?" answered from the Store alone: the history index names
 * every note that has a record (record.ts keeps it). The Obsidian host asks when a note opens,
 * and building the core (LangChain, the model clients, the thread index) for that would defeat
 * loading it lazily. An unreadable index answers "none" until the history rebuilds it.
 */
import type { Store } from "../store/store";
import { parseIndex } from "./record-check";
import { RENAME_JOURNAL_KEY, parseRenames, renamedPaths } from "./rename-journal";

export const HISTORY_INDEX_KEY = "history/index.json";

/** Paths of the notes that have history, after the renames the history has yet to replay. */
export async function notesWithHistory(store: Pick<Store, "read">): Promise<Set<string>> {
	const raw = await store.read(HISTORY_INDEX_KEY);
	const index = raw === null ? null : parseIndex(raw);
	const paths = new Set(index ? Object.keys(index) : []);
	const journal = await store.read(RENAME_JOURNAL_KEY);
	return journal === null ? paths : renamedPaths(paths, parseRenames(journal));
}
