/**
 * The Store port: the plugin's own data (thread logs, history), keyed by slash-separated keys
 * such as "threads/abc.jsonl". Hosts supply one: MemoryStore (tests, browser), FolderStore
 * (sandbox), ObsidianStore (plugin folder through app.vault.adapter).
 *
 * Ranged reads are optional (issue 32): a host whose medium can read part of a value offers both
 * `size` and `readRange`, and a long thread's log is then opened from its stored snapshot and the
 * few KB after it, and read in chunks, instead of as one 70 MB string. Offsets are bytes of the
 * value's UTF-8 text. A host without them (ObsidianStore on mobile: Obsidian's DataAdapter reads
 * whole files only; on desktop it reads ranges through Node's fs) is read whole once
 * (src/log/log-bytes.ts), as bytes where it offers `readBytes`.
 *
 * Binary values are optional too (issue 32): a host with `readBytes` and `writeBytes` (all three
 * of Redline's) keeps the search index's chunks as raw bytes (src/search/chunk-codec.ts); one
 * without them gets the same bytes as base64 text through `write` and `read`, slower to load.
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
	/** Optional, with readRange: the length in bytes of the value's UTF-8 text, or null when absent. */
	size?(key: string): Promise<number | null>;
	/**
	 * Optional, with size: bytes [start, end) of the value's UTF-8 text (fewer when it is shorter;
	 * empty when absent). A range may cut a character: the reader decodes what it joins.
	 */
	readRange?(key: string, start: number, end: number): Promise<Uint8Array>;
	/**
	 * Optional: the value's bytes, whole (a text value's UTF-8), or null when absent. For a host
	 * without ranged reads a long log is then held once, as bytes, instead of as a string and then
	 * its bytes; with writeBytes, the search index's chunks are read as they were written.
	 */
	readBytes?(key: string): Promise<Uint8Array | null>;
	/**
	 * Optional, with readBytes: replaces the value at key with bytes (atomically where the medium
	 * allows). Such a value is not text: read() of it decodes it as UTF-8, as a file read would.
	 */
	writeBytes?(key: string, bytes: Uint8Array): Promise<void>;
}

/** A store that keeps binary values. */
export type BinaryStore = Store & Required<Pick<Store, "readBytes" | "writeBytes">>;

export function hasBinaryValues(store: Store): store is BinaryStore {
	return typeof store.readBytes === "function" && typeof store.writeBytes === "function";
}

/** A store that reads parts of values. */
export type RangedStore = Store & Required<Pick<Store, "size" | "readRange">>;

export function hasRangedReads(store: Store): store is RangedStore {
	return typeof store.size === "function" && typeof store.readRange === "function";
}
