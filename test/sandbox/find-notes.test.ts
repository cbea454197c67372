/**
 * findNotes in the sandbox: the shared specifications (test/tools/support/find-notes-spec.ts) on
 * the folder vault, real files in a temp folder whose modification times are set on disk, with
 * the text catalog the sandbox wires (src/sandbox/sandbox.ts).
 */
import { FolderVault } from "../../src/sandbox/folder-vault";
import { TextNoteCatalog } from "../../src/search/text-catalog";
import { createFindNotesTool, findNotesSchema } from "../../src/tools/find-notes";
import { isSuspended } from "../../src/tools/tool";
import { mkdir, utimes, writeFile } from "../../src/node/fs";
import { dirname, join } from "../../src/node/path";
import { tempDir } from "../support/temp";
import { contextFor, describeFindSpecs, FIND_VAULT, PROTECTED } from "../tools/support/find-notes-spec";

describeFindSpecs("the sandbox's folder vault", async () => {
	const root = await tempDir("redline-find-");
	for (const [path, note] of Object.entries(FIND_VAULT)) {
		const file = join(root, ...path.split("/"));
		await mkdir(dirname(file), { recursive: true });
		await writeFile(file, note.text);
		await utimes(file, new Date(note.mtime), new Date(note.mtime));
	}
	const vault = await FolderVault.open(root, { watch: false, protectedFolders: [PROTECTED] });
	const catalog = new TextNoteCatalog({ vault, protectedFolders: [PROTECTED] });
	const tool = createFindNotesTool({ catalog });
	const ctx = contextFor(vault, [PROTECTED]);
	return {
		run: async (args) => {
			const outcome = await tool.run(findNotesSchema.parse(args), ctx);
			if (isSuspended(outcome)) throw new Error("findNotes never suspends");
			return outcome;
		},
		cleanup: () => {
			catalog.dispose();
			vault.close();
		},
	};
});
