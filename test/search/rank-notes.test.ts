// Ranking a words-only query reads the search's flat scores and makes objects only for the notes
// it returns: the page must still be exactly what ranking minisearch's own results gives (every
// word first, then most words, each group by score, then by path), and the count all matches.
import fc from "fast-check";
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { INDEX_OPTIONS, LOOSE, toDocument, type IndexedDocument } from "../../src/search/index-schema";
import { noteFields } from "../../src/search/note-fields";
import { NoteMiniSearch } from "../../src/search/note-minisearch";
import { Slicer } from "../../src/search/pacer";
import { matchedTerms, parseQuery, rankNotes } from "../../src/search/query";
import { isCommonTerm } from "../../src/search/terms";
import { quickPacer } from "./support";

const WORDS = ["garden", "gardens", "budget", "plans", "the", "greenhouse", "tomato", "tomatoes", "and", "seed"];
const FOLDERS = ["", "Projects/", "Journal/"];

/** Notes of a few words each, so many notes tie on coverage and some on score. */
const vault = fc.array(
	fc.record({
		folder: fc.constantFrom(...FOLDERS),
		words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }),
	}),
	{ minLength: 1, maxLength: 120 },
);

function documents(notes: { folder: string; words: string[] }[]): IndexedDocument[] {
	return notes.map(({ folder, words }, i) => toDocument(noteFields(`${folder}n${i}.md`, words.join(" "), null)));
}

/** The ranking's rule applied to minisearch's own results (the real library, not Redline's scorer). */
function expected(docs: IndexedDocument[], query: string, folder: string) {
	const real = new MiniSearch<IndexedDocument>(INDEX_OPTIONS);
	real.addAll(docs);
	const { words } = parseQuery(query);
	const counted = words.filter((word) => !isCommonTerm(word));
	const countable = new Set(counted.length > 0 ? counted : words);
	return real
		.search(words.join(" "), { ...LOOSE, combineWith: "OR" })
		.filter((result) => String(result.id).startsWith(folder))
		.map((result) => ({
			path: String(result.id),
			score: Math.round(result.score * 1e6) / 1e6,
			covered: result.queryTerms.filter((term) => countable.has(term)).length,
			matched: Object.keys(result.match).sort(),
		}))
		.sort((a, b) => b.covered - a.covered || b.score - a.score || (a.path < b.path ? -1 : 1));
}

describe("ranking a words-only query", () => {
	it("returns the best `wanted` notes exactly as ranking minisearch's results does, and counts every match", async () => {
		await fc.assert(
			fc.asyncProperty(
				vault,
				fc.array(fc.constantFrom(...WORDS, "gard", "tomatos", "budgte"), { minLength: 1, maxLength: 3 }),
				fc.constantFrom(...FOLDERS),
				fc.oneof(fc.nat(25), fc.constant(Infinity)),
				async (notes, queryWords, folder, wanted) => {
					const docs = documents(notes);
					const ours = new NoteMiniSearch();
					for (const doc of docs) ours.addNote(doc);
					const query = parseQuery(queryWords.join(" "));
					const filter = folder === "" ? null : (path: string) => path.startsWith(folder);
					const ranking = await rankNotes(ours, query, filter, new Slicer(quickPacer), wanted);
					const all = expected(docs, queryWords.join(" "), folder);
					expect(ranking.total).toBe(all.length);
					expect(
						ranking.notes.map((note) => ({
							path: note.path,
							score: note.score,
							covered: note.covered,
							matched: matchedTerms(note).sort(),
						})),
					).toEqual(all.slice(0, wanted));
				},
			),
			{ numRuns: 60 },
		);
	});
});
