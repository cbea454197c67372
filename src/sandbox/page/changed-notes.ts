/**
 * Which notes changed while the user looked at another one (the agent's edits, mostly): the file
 * list marks them, the way an editor marks a file changed on disk, until the user opens them.
 * The page's own saves are no such change, even when the save of a note lands just after the
 * user switched to another one (the editor saves pending typing on the way out).
 */
import type { NotesClient } from "./api";
import type { VaultChange } from "../../vault/vault";

/** How long after the page's own save a change of that note is taken for the save's echo. */
const ECHO_MS = 1000;

export function noteChanged(
	changed: ReadonlySet<string>,
	change: VaultChange,
	shown: string | null,
): ReadonlySet<string> {
	const next = new Set(changed);
	if (change.type === "delete") {
		next.delete(change.path);
	} else if (change.type === "rename") {
		// A marked note keeps its mark under its new name; a rename alone is no change to read.
		if (next.delete(change.oldPath) && change.path !== shown) next.add(change.path);
	} else if (change.path !== shown) {
		next.add(change.path);
	}
	return next.size === changed.size && [...next].every((path) => changed.has(path)) ? changed : next;
}

export function noteOpened(changed: ReadonlySet<string>, path: string | null): ReadonlySet<string> {
	if (path === null || !changed.has(path)) return changed;
	const next = new Set(changed);
	next.delete(path);
	return next;
}

/** What the note editor needs of the notes client. */
export type NoteFiles = Pick<NotesClient, "read" | "write">;

/** Remembers the editor's writes, so their change events are known as the page's own. */
export class OwnSaves {
	private readonly saving = new Map<string, number>();
	private readonly ended = new Map<string, number>();

	constructor(private readonly now: () => number = () => Date.now()) {}

	wrap(client: NoteFiles): NoteFiles {
		const write = async (path: string, text: string): Promise<void> => {
			this.saving.set(path, (this.saving.get(path) ?? 0) + 1);
			try {
				await client.write(path, text);
			} finally {
				const left = (this.saving.get(path) ?? 1) - 1;
				if (left > 0) this.saving.set(path, left);
				else this.saving.delete(path);
				this.ended.set(path, this.now());
			}
		};
		return { read: (path) => client.read(path), write };
	}

	isOwn(path: string): boolean {
		if (this.saving.has(path)) return true;
		const ended = this.ended.get(path);
		return ended !== undefined && this.now() - ended < ECHO_MS;
	}
}
