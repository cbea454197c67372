/**
 * Ranking quality on real notes (issue 32): eight questions a user would type, each answered by
 * one note of the shared corpus, which must come in the top 3: on the corpus alone, and with
 * generated notes around it (bench/support/big-vault.ts: a Zipf vocabulary, the corpus's own
 * words among them), so the compact index's segments, merges and delta all take part. Skipped
 * without the corpus.
 */
import { expect, it } from "vitest";
import { generateNotes } from "../../bench/support/big-vault";
import { NoteIndex } from "../../src/search/note-index";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";
import { readdirSync, readFileSync } from "../../src/node/fs";
import { join } from "../../src/node/path";
import { corpusDir, describeWithCorpus } from "../support/corpus";
import { quickPacer } from "./support";

const QUESTIONS: [query: string, note: string][] = [
	["nectarine tart recipe", "References/Brown butter nectarine tart.md"],
	["trip to japan", "Notes/2023 Japan Trip.md"],
	["evergreen notes ideas", "Notes/Evergreen notes turn ideas into objects that you can manipulate.md"],
	["blade runner movie", "References/Blade Runner.md"],
	["unsolicited advice", "Clippings/68 Bits of Unsolicited Advice.md"],
	["meeting with steph", "Notes/2023-09-12 Meeting with Steph.md"],
	["minimal theme", "Notes/Minimal Theme.md"],
	["catan board game", "References/Catan.md"],
];

function corpusNotes(): Record<string, string> {
	const dir = corpusDir() ?? "";
	const notes: Record<string, string> = {};
	for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
		if (!entry.isFile() || !entry.name.endsWith(".md")) continue;
		const rel = join(entry.parentPath, entry.name)
			.slice(dir.length + 1)
			.split("\\")
			.join("/");
		notes[rel] = readFileSync(join(entry.parentPath, entry.name), "utf8");
	}
	return notes;
}

describeWithCorpus("search quality on the real corpus", () => {
	it.each([0, 1_000, 2_500])(
		"puts each question's note in the top 3, with %i generated notes beside it",
		async (extra) => {
			const notes = corpusNotes();
			for await (const note of generateNotes(extra, 7)) notes[`Generated/${note.path}`] = note.text;
			const vault = new MemoryVault("v", notes);
			const index = new NoteIndex({ vault, store: new MemoryStore(), protectedFolders: [], pacer: quickPacer });
			await index.idle();
			const missed: string[] = [];
			for (const [query, note] of QUESTIONS) {
				const top = (await index.search({ query, limit: 3 })).hits.map((hit) => hit.path);
				if (!top.includes(note)) missed.push(`${query}: ${top.join(", ")}`);
			}
			expect(missed).toEqual([]);
			await index.dispose();
		},
		120_000,
	);
});
