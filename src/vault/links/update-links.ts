/**
 * Updating the vault's links after a move, for the hosts that have no Obsidian to do it (the
 * sandbox's folder vault; the Obsidian fake's renameFile): before the move, the notes whose links
 * change are found (move-links.ts); after it, each is rewritten through process(), planned again
 * on its text of that moment, so typing that landed in between is kept.
 */
import type { Vault } from "../vault";
import { planMoveLinks } from "./move-links";

export type LinkUpdate = () => Promise<void>;

/**
 * The vault's files, its notes' texts now, and what moving `from` to `to` would do to their links
 * (a preview: nothing written).
 */
export async function planVaultMove(
	vault: Pick<Vault, "list" | "read">,
	from: string,
	to: string,
): Promise<{ paths: Set<string>; notes: Map<string, string>; texts: Map<string, string> }> {
	const paths = new Set((await vault.list("")).map((stat) => stat.path));
	const notes = new Map<string, string>();
	for (const path of paths) {
		if (!path.toLowerCase().endsWith(".md")) continue;
		try {
			notes.set(path, await vault.read(path));
		} catch {
			// A note that cannot be read (not UTF-8, gone) has no links to update.
		}
	}
	return { paths, notes, texts: planMoveLinks(notes, paths, from, to).texts };
}

/** Call before moving `from` to `to`; run what it returns once the note is at `to`. */
export async function prepareLinkUpdate(
	vault: Pick<Vault, "list" | "read" | "process">,
	from: string,
	to: string,
): Promise<LinkUpdate> {
	const { paths, texts } = await planVaultMove(vault, from, to);
	const changed = [...texts.keys()];
	return async () => {
		for (const path of changed) {
			const at = path === from ? to : path;
			try {
				await vault.process(
					at,
					(current) => planMoveLinks(new Map([[path, current]]), paths, from, to).texts.get(path) ?? current,
				);
			} catch {
				// Gone since: nothing to update.
			}
		}
	};
}
