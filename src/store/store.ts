/**
 * The Store port: the plugin's own data (thread logs, history), keyed by slash-separated keys
 * such as "threads/abc.jsonl". Hosts supply one: MemoryStore (tests, browser), FolderStore
 * (sandbox), ObsidianStore (plugin folder through app.vault.adapter).
 */
export interface Store {
	/** Appends text to the value at key, creating it if absent. */
	append(key: string, text: string): Promise<void>;
	/** The value at key, or null when absent. */
	read(key: string): Promise<string | null>;
	/** Replaces the value at key (atomically where the medium allows). */
	write(key: string, text: string): Promise<void>;
	/** Keys that start with prefix, sorted. */
	list(prefix: string): Promise<string[]>;
	/** Removes the key; removing an absent key is not an error. */
	remove(key: string): Promise<void>;
}
