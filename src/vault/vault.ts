/**
 * The Vault port: how the core reaches notes. Each host supplies one (MemoryVault for tests and
 * the browser, FolderVault in the sandbox, ObsidianVault in the plugin).
 *
 * Every path is vault-relative and normalized (see paths.ts); implementations reject anything
 * else with a VaultError before touching storage.
 */

export type VaultErrorCode =
	| "invalid-path" // absolute, `..`, backslash tricks, NUL, empty
	| "outside-vault" // resolves (e.g. via a symlink) to a place outside the vault
	| "protected-link" // a symlink to a place the access floor refuses (config or hidden folder, a non-note)
	| "not-found"
	| "already-exists"
	| "not-a-file"
	| "too-large"
	| "not-text" // not valid UTF-8: refused, never decoded lossily
	| "io";

export class VaultError extends Error {
	constructor(
		readonly code: VaultErrorCode,
		message: string,
		readonly path?: string,
	) {
		super(message);
		this.name = "VaultError";
	}
}

export interface NoteStat {
	path: string;
	size: number;
	mtime: number; // ms since epoch
	/**
	 * Set when the path is a symbolic link (only a vault on disk has them): the vault path of the
	 * file it leads to, or null when that lies outside the vault or does not exist. A listing
	 * shows a link only if it may show where the link leads (AccessFloor.mayShowListed).
	 */
	linkedTo?: string | null;
}

export type VaultChange =
	| { type: "create"; path: string }
	| { type: "modify"; path: string }
	| { type: "delete"; path: string }
	| { type: "rename"; path: string; oldPath: string };

export interface Vault {
	/** Human name of the vault (the system prompt mentions it). */
	readonly name: string;
	exists(path: string): Promise<boolean>;
	read(path: string): Promise<string>;
	/**
	 * Atomically replaces a note's text with fn(current). fn may throw to abort (nothing written).
	 * Returns the text written. This is the only way the core modifies an existing note.
	 */
	process(path: string, fn: (current: string) => string): Promise<string>;
	/** Creates a note (and missing parent folders); fails with already-exists. */
	create(path: string, content: string): Promise<void>;
	/**
	 * Moves or renames a note (creating missing folders), and updates the links to it in other
	 * notes as Obsidian does: fileManager.renameFile in Obsidian, links/move-links.ts elsewhere.
	 * Fails with already-exists when `to` exists.
	 */
	rename(from: string, to: string): Promise<void>;
	/** Moves a note to the trash (never deletes outright). */
	trash(path: string): Promise<void>;
	/** Size and modification time of one note (the search index's fingerprint); not-found if absent. */
	stat(path: string): Promise<NoteStat>;
	/** Markdown notes (and other text files) under folder ("" = whole vault), sorted by path. */
	list(folder?: string): Promise<NoteStat[]>;
	/** Subscribes to changes; returns an unsubscribe function. */
	onChange(listener: (change: VaultChange) => void): () => void;
}
