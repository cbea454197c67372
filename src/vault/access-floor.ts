/**
 * The safety floor under every approval preference: which vault paths may be read, shown or
 * written without a card. This module is the one place that answers it. The approval policy
 * (src/agent/approvals.ts) asks it for every path a tool call's access description names, the
 * listing and search tools ask it for every path they would show, the edit tools refuse what it
 * flags, and the search index uses `mayShowWithoutAsking` for what it may index and return.
 *
 * Under the floor:
 * - paths in Obsidian's configuration folder or a protected folder (the plugin's own data):
 *   settings, other plugins' data.json files with API keys, Redline's logs;
 * - hidden files and folders (a segment starting with "."): .env, .git, .trash;
 * - files that are not notes (.md): scripts, canvases, attachments;
 * - anything that is not a valid vault path.
 * The first, second and last are sealed: always a card, whatever the preference or an earlier
 * approval. A non-note file asks, unless the user already allowed that path.
 */
import { ALWAYS_PROTECTED, isHiddenPath, isNotePath, isUnder, normalizeVaultPath } from "./paths";

export type FloorReason = "invalid" | "protected" | "hidden" | "not-a-note";

export interface FloorHit {
	reason: FloorReason;
	/** The path as the vault names it (the input when it is not a valid path). */
	path: string;
	/** Why, for the card and the model: "... is in .obsidian, where Obsidian keeps its settings ...". */
	message: string;
}

export class AccessFloor {
	private readonly folders: readonly string[];
	/** The folders in lower case, lowered once: the search index checks every note of a vault. */
	private readonly lowerFolders: readonly string[];

	/**
	 * protectedFolders: the vault's configuration folder and the plugin's data folder. Required, with
	 * no default: a caller that forgot the plugin's data folder would leave Redline's logs open.
	 */
	constructor(protectedFolders: readonly string[]) {
		const folders = new Set<string>();
		for (const folder of [...ALWAYS_PROTECTED, ...protectedFolders]) {
			try {
				folders.add(normalizeVaultPath(folder));
			} catch {
				// A folder that is not a vault path cannot contain one.
			}
		}
		this.folders = [...folders];
		this.lowerFolders = this.folders.map((folder) => folder.toLowerCase());
	}

	/** Why path may not be read, shown or written without asking; null when it may. */
	check(path: string): FloorHit | null {
		let normalized: string;
		try {
			normalized = normalizeVaultPath(path);
		} catch (error) {
			const why = error instanceof Error ? error.message : String(error);
			return { reason: "invalid", path: String(path), message: why };
		}
		// Compared case-insensitively: macOS and Windows file systems are, so ".OBSIDIAN" is ".obsidian".
		const lower = normalized.toLowerCase();
		const at = this.lowerFolders.findIndex((f) => isUnder(lower, f));
		const folder = this.folders[at];
		if (folder !== undefined) {
			return {
				reason: "protected",
				path: normalized,
				message: `${normalized} is in ${folder}, where Obsidian keeps its settings and plugins keep their data`,
			};
		}
		if (isHiddenPath(normalized)) {
			return {
				reason: "hidden",
				path: normalized,
				message: `${normalized} is a hidden file or lies in a hidden folder`,
			};
		}
		if (!isNotePath(normalized))
			return { reason: "not-a-note", path: normalized, message: `${normalized} is not a Markdown note (.md)` };
		return null;
	}

	/** A sealed hit always asks: no preference and no earlier approval lets it through. */
	sealed(hit: FloorHit): boolean {
		return hit.reason !== "not-a-note";
	}

	/** May a listing or a search show this path, and its text, without asking? */
	mayShow(path: string): boolean {
		return this.check(path) === null;
	}

	/**
	 * May a listing show this entry? A symbolic link is judged by its name and by where it leads:
	 * notes/x.md -> .obsidian/plugins/other/data.json is a plugin's data, whatever its name.
	 */
	mayShowListed(entry: { path: string; linkedTo?: string | null }): boolean {
		if (!this.mayShow(entry.path)) return false;
		// Stryker disable next-line ConditionalExpression: without "!== null", mayShow(null) is false anyway (check() calls a non-string invalid); the test says what is meant
		return entry.linkedTo === undefined || (entry.linkedTo !== null && this.mayShow(entry.linkedTo));
	}
}

/**
 * The rule for anything that shows paths or note text without a card (listNotes, searchNotes,
 * the search index): only notes outside hidden and protected folders.
 */
export function mayShowWithoutAsking(path: string, protectedFolders: readonly string[]): boolean {
	return new AccessFloor(protectedFolders).mayShow(path);
}
