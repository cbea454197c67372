import { MemoryStore } from "../../src/store/memory-store";
import { NoteIndex } from "../../src/search/note-index";
import { MemoryVault } from "../../src/vault/memory-vault";
import { describeRankingSpecs } from "./ranking-spec";
import { fixtureNotes, quickPacer } from "./support";

describeRankingSpecs("MemoryVault", async () => {
	const index = new NoteIndex({
		vault: new MemoryVault("Fixture", fixtureNotes()),
		store: new MemoryStore(),
		protectedFolders: [],
		pacer: quickPacer,
	});
	await index.idle();
	return { search: (request) => index.search(request), cleanup: () => index.dispose() };
});
