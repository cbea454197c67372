import { describe, expect, it } from "vitest";
import { createObsidianNoteMetadata } from "../../src/obsidian/note-metadata";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import { NoteIndex } from "../../src/search/note-index";
import { MemoryStore } from "../../src/store/memory-store";
import { App } from "../fakes/obsidian";
import { describeRankingSpecs } from "./ranking-spec";
import { fixtureNotes, quickPacer } from "./support";

function open(notes: Record<string, string>): { app: App; index: NoteIndex } {
	const app = new App();
	app.vault.seed(notes);
	const index = new NoteIndex({
		vault: new ObsidianVault(app as never),
		store: new MemoryStore(),
		protectedFolders: [app.vault.configDir],
		metadata: createObsidianNoteMetadata(app as never),
		pacer: quickPacer,
	});
	return { app, index };
}

describeRankingSpecs("the Obsidian fake (metadataCache)", async () => {
	const { index } = open(fixtureNotes());
	await index.idle();
	return { search: (request) => index.search(request), cleanup: () => index.dispose() };
});

describe("search metadata in Obsidian", () => {
	it("takes headings and tags from metadataCache, and catches up when the cache lags a modify", async () => {
		const { app, index } = open({ "Plan.md": "# Old heading\n" });
		await index.idle();
		expect((await index.search({ query: "zeppelin", limit: 5 })).hits).toEqual([]);
		const file = app.vault.getFileByPath("Plan.md");
		if (!file) throw new Error("seeded note missing");
		await app.vault.modify(file, "# Zeppelin\n\nbody #airship\n");
		// The vault event comes first; the cache's "changed" a moment later re-indexes the note.
		await expect
			.poll(async () => (await index.search({ query: "airship", limit: 5, tag: "airship" })).hits.map((h) => h.path))
			.toEqual(["Plan.md"]);
		const [hit] = (await index.search({ query: "zeppelin", limit: 5 })).hits;
		expect(hit).toMatchObject({ path: "Plan.md", tags: ["airship"] });
		await index.dispose();
	});
});
