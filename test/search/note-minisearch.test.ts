import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { INDEX_OPTIONS, LOOSE, toDocument, type IndexedDocument } from "../../src/search/index-schema";
import { noteFields } from "../../src/search/note-fields";
import { NoteMiniSearch, UnusableIndexError, type LeanHead, type LeanTerms } from "../../src/search/note-minisearch";
import { Slicer } from "../../src/search/pacer";
import { fixtureNotes, quickPacer } from "./support";

function documents(): IndexedDocument[] {
	return Object.entries(fixtureNotes()).map(([path, text]) => toDocument(noteFields(path, text, null)));
}

/** minisearch's own serialisation, the reference for what the index holds (terms in any order). */
function plain(index: MiniSearch<IndexedDocument>): unknown {
	const js = JSON.parse(JSON.stringify(index)) as { index: [string, unknown][] };
	return { ...js, index: Object.fromEntries(js.index) };
}

async function reloaded(index: NoteMiniSearch): Promise<NoteMiniSearch> {
	const [head, ...lines] = [...index.leanParts()].map(
		(part) => JSON.parse(JSON.stringify(part)) as LeanHead | LeanTerms,
	);
	const loaded = await NoteMiniSearch.fromHead(head, new Slicer(quickPacer));
	for (const line of lines) loaded.readTerms(line);
	return loaded;
}

describe("the note index's minisearch", () => {
	it("adds a note with the postings, field lengths and averages of minisearch's own add", () => {
		const reference = new MiniSearch<IndexedDocument>(INDEX_OPTIONS);
		const ours = new NoteMiniSearch();
		for (const document of documents()) {
			reference.add(document);
			ours.addNote(document);
		}
		expect(plain(ours)).toEqual(plain(reference));
	});

	it("reads back its lean form as the index it wrote, without the postings of discarded notes", async () => {
		const index = new NoteMiniSearch();
		const all = documents();
		for (const document of all) index.addNote(document);
		index.discard(all[0]?.id ?? "");
		index.discard(all[1]?.id ?? "");
		const loaded = await reloaded(index);
		await index.vacuumPaced(new Slicer(quickPacer));
		expect(index.dirtCount).toBe(0);
		expect(plain(loaded)).toEqual(plain(index));
		expect(loaded.search("garden budget", LOOSE)).toEqual(index.search("garden budget", LOOSE));
	});

	it("still indexes a word after the last note that had it was discarded and cleaned away", async () => {
		const ours = new NoteMiniSearch();
		const reference = new MiniSearch<IndexedDocument>(INDEX_OPTIONS);
		const note = (id: string, body: string): IndexedDocument => toDocument(noteFields(id, body, null));
		for (const index of [ours, reference]) {
			const add = (document: IndexedDocument): void =>
				index instanceof NoteMiniSearch ? index.addNote(document) : index.add(document);
			add(note("a.md", "zebra crossing"));
			add(note("b.md", "crossing"));
			index.discard("a.md");
			await (index instanceof NoteMiniSearch ? index.vacuumPaced(new Slicer(quickPacer)) : index.vacuum());
			expect(index.search("zebra")).toEqual([]);
			add(note("c.md", "zebra again"));
		}
		expect(ours.search("zebra").map((hit) => String(hit.id))).toEqual(["c.md"]);
		expect(plain(ours)).toEqual(plain(reference));
	});

	it("refuses a lean form whose postings name a note it does not hold", async () => {
		const index = new NoteMiniSearch();
		for (const document of documents()) index.addNote(document);
		const [head] = [...index.leanParts()] as [LeanHead];
		const loaded = await NoteMiniSearch.fromHead(head, new Slicer(quickPacer));
		expect(() => loaded.readTerms([["garden", 0, [9999, 1]]])).toThrow(UnusableIndexError);
		await expect(
			NoteMiniSearch.fromHead({ ...head, documents: [[0, "a.md", 1]] }, new Slicer(quickPacer)),
		).rejects.toThrow(UnusableIndexError);
	});
});
