/**
 * "Does this note have Redline history?" answered from the Store alone: the history index names
 * every note that has a record (record.ts keeps it). The Obsidian host asks when a note opens,
 * and building the core (LangChain, the model clients, the thread index) for that would defeat
 * loading it lazily. An unreadable index answers "none" until the history rebuilds it.
 */
import type { Store } from "../store/store";
import { parseIndex } from "./record-check";

export const HISTORY_INDEX_KEY = "history/index.json";

/** Paths of the notes that have history. */
export async function notesWithHistory(store: Pick<Store, "read">): Promise<Set<string>> {
	const raw = await store.read(HISTORY_INDEX_KEY);
	const index = raw === null ? null : parseIndex(raw);
	return new Set(index ? Object.keys(index) : []);
}
