import { cp } from "node:fs/promises";
import { join } from "node:path";
import { FolderVault } from "../../src/sandbox/folder-vault";
import { NoteIndex } from "../../src/search/note-index";
import { MemoryStore } from "../../src/store/memory-store";
import { createTempDir } from "../support/temp";
import { describeRankingSpecs } from "./ranking-spec";
import { FIXTURE_VAULT, quickPacer } from "./support";

describeRankingSpecs("FolderVault", async () => {
	const dir = await createTempDir("redline-search-");
	await cp(FIXTURE_VAULT, join(dir.path, "vault"), { recursive: true });
	const vault = await FolderVault.open(join(dir.path, "vault"), { watch: false });
	const index = new NoteIndex({ vault, store: new MemoryStore(), protectedFolders: [".obsidian"], pacer: quickPacer });
	await index.idle();
	return {
		search: (request) => index.search(request),
		cleanup: async () => {
			await index.dispose();
			vault.close();
			await dir.remove();
		},
	};
});
