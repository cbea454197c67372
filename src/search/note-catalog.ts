/**
 * The note metadata port findNotes queries: for each note its modification time, tags, properties
 * and resolved links, plus how a link resolves. Obsidian answers from its metadataCache
 * (src/obsidian/note-catalog.ts); elsewhere TextNoteCatalog (text-catalog.ts) parses the notes'
 * text into the same fields. The core never sees where they came from.
 */

/** A property value as findNotes compares it: a list is flattened into several of these. */
export type PropertyValue = string | number | boolean;

export interface CatalogNote {
	readonly path: string;
	/** Last modification, ms since the epoch. */
	readonly mtime: number;
	/** Where a symbolic link leads (NoteStat.linkedTo); the access floor judges both. */
	readonly linkedTo?: string | null;
	/** Frontmatter and body tags, lower case without "#" ("project/alpha"). */
	readonly tags: readonly string[];
	/** Frontmatter properties by name in lower case; a list gives its items, an empty value none. */
	readonly properties: ReadonlyMap<string, readonly PropertyValue[]>;
	/** The files this note links to or embeds, resolved to vault paths (unresolved links left out). */
	readonly links: readonly string[];
}

/** The catalog as it is at one moment. */
export interface CatalogView {
	/**
	 * Every note the host lists, those under the access floor too (their fields may be empty: a
	 * catalog never reads them): findNotes leaves them out and counts them, as listNotes does.
	 */
	readonly notes: readonly CatalogNote[];
	/**
	 * The vault path a link leads to from the note at `from` ("" for the vault root), as Obsidian
	 * resolves it: a path, or link text as written inside [[ ]] (a heading or alias after it is
	 * ignored); null when it leads nowhere.
	 */
	resolve(link: string, from: string): string | null;
}

export interface NoteCatalog {
	/** The notes as they are now (changes made before the call are in). */
	view(): Promise<CatalogView>;
	/** Stops listening to the vault (the core calls it when it is disposed). */
	dispose?(): void;
}
