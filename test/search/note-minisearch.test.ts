import MiniSearch, { type SearchOptions, type SearchResult } from "minisearch";
import { describe, expect, it } from "vitest";
import { EXACT, INDEX_OPTIONS, LOOSE, toDocument, type IndexedDocument } from "../../src/search/index-schema";
import { noteFields } from "../../src/search/note-fields";
import { NoteMiniSearch, UnusableIndexError } from "../../src/search/note-minisearch";
import { Slicer } from "../../src/search/pacer";
import { fixtureNotes, quickPacer } from "./support";

function documents(): IndexedDocument[] {
	return Object.entries(fixtureNotes()).map(([path, text]) => toDocument(noteFields(path, text, null)));
}

const QUERIES: [string, SearchOptions][] = [
	["garden budget", { ...LOOSE, combineWith: "OR" }],
	["garde", { ...LOOSE, combineWith: "OR" }],
	["gardne plans", { ...LOOSE, combineWith: "OR" }],
	["greenhouse budget", { ...EXACT, combineWith: "AND" }],
	["pasta italian standup", { ...LOOSE, combineWith: "OR" }],
	["a", { ...LOOSE, combineWith: "OR" }],
];

/** Every query's results by note: score (to 9 digits), query terms and matched terms. */
function answers(index: MiniSearch<IndexedDocument>): unknown {
	return QUERIES.map(([query, options]) =>
		Object.fromEntries(
			index
				.search(query, options)
				.map((r) => [
					String(r.id),
					{ score: Math.round(r.score * 1e9), terms: [...r.queryTerms].sort(), match: sortedMatch(r.match) },
				]),
		),
	);
}

function sortedMatch(match: Record<string, string[]>): Record<string, string[]> {
	return Object.fromEntries(
		Object.entries(match)
			.sort(([a], [b]) => (a < b ? -1 : 1))
			.map(([term, fields]) => [term, [...fields].sort()]),
	);
}

const slicer = (): Slicer => new Slicer(quickPacer);

/** The test notes in minisearch's own index and in ours, ours sealed into a segment every `sealEvery` notes (the last two stay in the delta). */
async function indexedBoth(sealEvery: number) {
	const all = documents();
	const reference = new MiniSearch<IndexedDocument>(INDEX_OPTIONS);
	const ours = new NoteMiniSearch();
	for (const [i, document] of all.entries()) {
		reference.add(document);
		ours.addNote(document);
		if (i % sealEvery === sealEvery - 1 && i < all.length - 2) await ours.compact(slicer(), true);
	}
	return { all, reference, ours };
}

describe("the note index's minisearch", () => {
	it("answers every query with minisearch's own scores, from several segments and the delta", async () => {
		// A seal every third note: five segments of one size merge four at a time.
		const { reference, ours } = await indexedBoth(3);
		expect(ours.segmentCount).toBeGreaterThan(1);
		expect(answers(ours)).toEqual(answers(reference));
	});

	it("scores every note as minisearch does to the last bit, in its order, for every shape of query it is given", async () => {
		const { all, reference, ours } = await indexedBoth(4);
		ours.discard(all[1]?.id ?? "");
		reference.discard(all[1]?.id ?? "");
		const shapes: [string, SearchOptions][] = [
			...QUERIES,
			// a word twice, three words that must all match, a typo that is also a prefix match
			["garden garden budget", { ...LOOSE, combineWith: "OR" }],
			["greenhouse budget spring", { ...LOOSE, combineWith: "AND" }],
			["garde gardne", { ...LOOSE, combineWith: "OR" }],
			["the", { ...LOOSE, combineWith: "OR", filter: (r) => String(r.id) < "m" }],
			[
				"meeting notes",
				{ ...LOOSE, combineWith: "OR", weights: { fuzzy: 0.2, prefix: 0.9 }, boostTerm: (_t, i) => i + 1 },
			],
		];
		let answered = 0;
		for (const [query, options] of shapes) {
			const shape = (results: SearchResult[]): unknown[] =>
				results.map((r) => ({
					id: String(r.id),
					score: r.score,
					queryTerms: [...r.queryTerms].sort(),
					terms: [...r.terms].sort(),
					match: sortedMatch(r.match),
				}));
			const theirs = shape(reference.search(query, options));
			if (theirs.length > 0) answered++;
			expect(shape(ours.search(query, options)), query).toEqual(theirs);
			// The same search in steps, as the note index runs it.
			expect(shape(await ours.searchPaced(query, options, slicer())), query).toEqual(theirs);
		}
		expect(answered).toBe(shapes.length - 1); // "a" is no term
	});

	it("ranks as if discarded notes had never been added, before and after their postings are cleaned", async () => {
		const all = documents();
		const reference = new MiniSearch<IndexedDocument>(INDEX_OPTIONS);
		const ours = new NoteMiniSearch();
		for (const document of all) ours.addNote(document);
		await ours.compact(slicer(), true);
		const gone = all.slice(0, 4).map((d) => d.id);
		for (const id of gone) ours.discard(id);
		for (const document of all.slice(4)) reference.add(document);
		expect(answers(ours)).toEqual(answers(reference));
		await ours.vacuumPaced(slicer());
		expect(ours.dirtCount).toBe(0);
		expect(answers(ours)).toEqual(answers(reference));
	});

	it("still indexes a word after the last note that had it was discarded and cleaned away", async () => {
		const ours = new NoteMiniSearch();
		const note = (id: string, body: string): IndexedDocument => toDocument(noteFields(id, body, null));
		ours.addNote(note("a.md", "zebra crossing"));
		ours.addNote(note("b.md", "crossing"));
		await ours.compact(slicer(), true);
		ours.discard("a.md");
		await ours.vacuumPaced(slicer());
		expect(ours.search("zebra")).toEqual([]);
		ours.addNote(note("c.md", "zebra again"));
		expect(ours.search("zebra").map((hit) => String(hit.id))).toEqual(["c.md"]);
	});

	it("reads a saved segment back as the index that wrote it", async () => {
		const all = documents();
		const index = new NoteMiniSearch();
		for (const document of all) index.addNote(document);
		await index.compact(slicer(), true);
		const loaded = NoteMiniSearch.empty(index.nextShortId, index.averages);
		for (const segment of index.sealedSegments()) {
			let read = null;
			for (const part of index.segmentParts(segment)) read = loaded.readPart(part);
			expect(read).not.toBeNull();
			const notes = [...index.notesOf(segment)];
			const columns = {
				ids: notes.map((n) => n.shortId),
				paths: notes.map((n) => n.path),
				lengths: Uint32Array.from(notes.flatMap((n) => Array.from(n.lengths))),
			};
			if (read) expect(loaded.addSegment(read, columns)).toBe(true);
		}
		expect(answers(loaded)).toEqual(answers(index));
	});

	it("refuses a saved segment whose postings name a note past the index's ids", async () => {
		const index = new NoteMiniSearch();
		for (const document of documents()) index.addNote(document);
		await index.compact(slicer(), true);
		const loaded = NoteMiniSearch.empty(1, index.averages);
		const parts = [...index.segmentParts(index.sealedSegments()[0] ?? expect.fail("no segment"))];
		expect(() => {
			for (const part of parts) loaded.readPart(part);
		}).toThrow(UnusableIndexError);
	});

	it("checks a saved segment's keys part by part as they come in, not all at once when its last part is in", async () => {
		// A check of every key once the segment is complete was one loop over up to 640,000 keys:
		// a warm start's longest block. Checked per part, each step's work is one part's.
		const index = new NoteMiniSearch();
		for (const document of documents()) index.addNote(document);
		await index.compact(slicer(), true);
		const parts = [...index.segmentParts(index.sealedSegments()[0] ?? expect.fail("no segment"))];
		const keysPart = parts.findIndex((part) => part.kind === "array" && part.array === 1);
		expect(keysPart).toBeGreaterThan(0);
		expect(keysPart).toBeLessThan(parts.length - 1);
		const loaded = NoteMiniSearch.empty(1, index.averages);
		let refusedAt = -1;
		for (const [i, part] of parts.entries()) {
			try {
				loaded.readPart(part);
			} catch (error) {
				expect(error).toBeInstanceOf(UnusableIndexError);
				refusedAt = i;
				break;
			}
		}
		expect(refusedAt).toBe(keysPart);
	});
});
