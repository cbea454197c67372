import { FolderVault } from "../../src/sandbox/folder-vault";
import { NoteIndex } from "../../src/search/note-index";
import { MemoryStore } from "../../src/store/memory-store";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";
import { createTempDir } from "../support/temp";
import { describeRankingSpecs } from "./ranking-spec";
import { FIXTURE_VAULT, quickPacer } from "./support";
import { cp } from "../../src/node/fs";
import { join } from "../../src/node/path";

describeRankingSpecs("FolderVault", async () => {
	const dir = await createTempDir("redline-search-");
	await cp(FIXTURE_VAULT, join(dir.path, "vault"), { recursive: true });
	const vault = await FolderVault.open(join(dir.path, "vault"), { watch: false });
	const index = new NoteIndex({
		vault,
		store: new MemoryStore(),
		protectedFolders: [DEFAULT_CONFIG_DIR],
		pacer: quickPacer,
	});
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
