/**
 * Vault path rules. A vault path is relative to the vault root, uses "/" and has no empty, "." or
 * ".." segment. Anything that could reach outside the vault (absolute paths, drive letters, UNC
 * shares, "..", backslashes that Windows would read as separators) is refused rather than
 * repaired, so a model cannot talk its way out of the vault.
 */
import { escapeLookalikes, refusedCharacter } from "./display-path";
import { VaultError } from "./vault";
import { quoted } from "./quote";

/** The extension of the files list and search consider notes (Markdown only). */
const NOTE_EXTENSION = ".md";

/**
 * Obsidian's default configuration folder. A user may rename it (Vault#configDir), so the
 * Obsidian host passes the real one in protectedFolders; the sandbox's vault and tests use this.
 */
export const DEFAULT_CONFIG_DIR = ".obsidian";

/**
 * Folders that are always protected: Obsidian's default configuration folder, so the usual name
 * stays safe even when a caller forgets to pass Vault#configDir.
 */
export const ALWAYS_PROTECTED: readonly string[] = [DEFAULT_CONFIG_DIR];

/** The path quoted for an error, with what does not show (or looks like something else) escaped. */
function describe(input: string): string {
	// Shortened (a model may send a path of any length, and the error goes back to it: quote.ts),
	// then what does not show, or looks like something else, escaped.
	return escapeLookalikes(quoted(input));
}

/**
 * Normalizes a vault-relative path: collapses "./" and duplicate slashes, drops a trailing slash.
 * Throws VaultError "invalid-path" for empty, absolute, "..", backslash paths, and paths that
 * hold a control character or an invisible one (display-path.ts: a zero-width space, a bidi
 * override, a line separator), which would let two different names read the same.
 */
export function normalizeVaultPath(input: string): string {
	if (typeof input !== "string") {
		throw new VaultError("invalid-path", `Invalid path: expected a string, got ${typeof input}`);
	}
	const refused = refusedCharacter(input);
	if (refused) {
		throw new VaultError(
			"invalid-path",
			`Invalid path ${describe(input)}: the path holds ${refused.kind} (${refused.code}), which would make it read like another name; name the note without it`,
			input,
		);
	}
	if (input.includes("\\")) {
		throw new VaultError("invalid-path", `Invalid path ${describe(input)}: use "/" between folders, not "\\"`, input);
	}
	if (input.startsWith("/")) {
		throw new VaultError(
			"invalid-path",
			`Invalid path ${describe(input)}: paths are relative to the vault, not absolute`,
			input,
		);
	}
	const segments: string[] = [];
	for (const segment of input.split("/")) {
		if (segment === "" || segment === ".") continue;
		if (segment === "..") {
			throw new VaultError("invalid-path", `Invalid path ${describe(input)}: ".." may not leave a folder`, input);
		}
		segments.push(segment);
	}
	if (segments.length === 0) {
		throw new VaultError("invalid-path", `Invalid path ${describe(input)}: it names no note`, input);
	}
	// Checked on the normalized first segment, so "./C:/x" cannot slip a drive letter past it.
	if (/^[A-Za-z]:/.test(segments[0])) {
		throw new VaultError(
			"invalid-path",
			`Invalid path ${describe(input)}: a drive letter makes it absolute; use a vault-relative path`,
			input,
		);
	}
	return segments.join("/");
}

/** Like normalizeVaultPath, but "" (and undefined, "/", ".") mean the vault root and give "". */
export function normalizeFolderPath(input: string | undefined): string {
	if (input === undefined) return "";
	const trimmed = input.trim();
	if (trimmed === "" || trimmed === "/" || trimmed === ".") return "";
	return normalizeVaultPath(input);
}

/** The folder that holds path ("" for the root). Expects a normalized path. */
export function parentFolder(path: string): string {
	const slash = path.lastIndexOf("/");
	// Stryker disable next-line EqualityOperator: a normalized path never starts with "/", so slash is never 0 and "<= 0" reads the same
	return slash < 0 ? "" : path.slice(0, slash);
}

/** The last segment of a normalized path. */
export function basename(path: string): string {
	return path.slice(path.lastIndexOf("/") + 1);
}

/** True when path is folder itself or lies anywhere below it ("" contains everything). */
export function isUnder(path: string, folder: string): boolean {
	return folder === "" || path === folder || path.startsWith(folder + "/");
}

/** True for paths list and search consider notes (.md). */
export function isNotePath(path: string): boolean {
	return path.toLowerCase().endsWith(NOTE_EXTENSION);
}

/** True when some segment starts with "." (.obsidian, .trash, .git): hidden from list and search. */
export function isHiddenPath(path: string): boolean {
	return path.split("/").some((segment) => segment.startsWith("."));
}
