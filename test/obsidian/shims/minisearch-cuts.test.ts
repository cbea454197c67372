// minisearch as main.js has it (build/cuts/method-stand-ins.mjs): Redline's index adds, discards,
// seals, vacuums and ranks notes through the edited minisearch exactly as through the real one,
// and the parts of minisearch stood in (its own add, removal, vacuum and query engine) name
// themselves when something reaches them.
import { beforeAll, describe, expect, it } from "vitest";
import { toDocument } from "../../../src/search/index-schema";
import { noteFields } from "../../../src/search/note-fields";
import * as source from "../../../src/search/note-minisearch";
import { Slicer } from "../../../src/search/pacer";
import { parseQuery, rankNotes, type RankedNote } from "../../../src/search/query";
import * as path from "../../../src/node/path";
import { fixtureNotes, quickPacer } from "../../search/support";
import { loadBundled } from "./support/load-bundled";

type NoteMiniSearch = source.NoteMiniSearch;
let bundled: { NoteMiniSearch: typeof source.NoteMiniSearch };

const root = path.fileURLToPath(new URL("../../..", import.meta.url));

beforeAll(async () => {
	const contents = 'export { NoteMiniSearch } from "./src/search/note-minisearch";';
	const loaded = await loadBundled<typeof bundled>(
		{ stdin: { contents, resolveDir: root, loader: "ts" }, logOverride: { "import-is-undefined": "error" } },
		import.meta.url,
	);
	bundled = loaded.exports;
}, 60_000);

const slicer = (): Slicer => new Slicer(quickPacer);

/** The fixture vault in an index: sealed into segments every few notes, the last ones left in the delta. */
async function indexed(Index: typeof source.NoteMiniSearch): Promise<NoteMiniSearch> {
	const index = new Index();
	const notes = Object.entries(fixtureNotes());
	for (const [i, [file, text]] of notes.entries()) {
		index.addNote(toDocument(noteFields(file, text, null)));
		if (i % 5 === 4 && i < notes.length - 2) await index.compact(slicer(), true);
	}
	return index;
}

/** What ranking gives, in order: path, score, coverage and the note's matched terms. */
async function ranked(index: NoteMiniSearch): Promise<unknown[]> {
	const shape = (notes: RankedNote[]) =>
		notes.map((note) => ({
			path: note.path,
			score: note.score,
			covered: note.covered,
			match: note.sources.map((result) => Object.keys(result.match).sort()),
		}));
	const queries = ["garden budget", "garde", "gardne plans", '"greenhouse budget" plans', "a"];
	return Promise.all(
		queries.map(async (query) => shape((await rankNotes(index, parseQuery(query), null, slicer())).notes)),
	);
}

describe("minisearch with the method stand-ins", () => {
	it("ranks, discards, seals and vacuums Redline's index as the real minisearch does", async () => {
		const real = await indexed(source.NoteMiniSearch);
		const edited = await indexed(bundled.NoteMiniSearch);
		const answers = await ranked(real);
		expect(answers.flat().length).toBeGreaterThan(0);
		expect(await ranked(edited)).toEqual(answers);

		for (const index of [real, edited]) {
			const [first, second] = [...Object.keys(fixtureNotes())].sort();
			index.discard(first ?? "");
			index.discard(second ?? "");
			expect(index.has(first ?? "")).toBe(false);
		}
		expect(await ranked(edited)).toEqual(await ranked(real));
		for (const index of [real, edited]) {
			await index.compact(slicer(), true);
			await index.vacuumPaced(slicer());
		}
		expect(edited.dirtCount).toBe(real.dirtCount);
		expect(await ranked(edited)).toEqual(await ranked(real));
	});

	it("names minisearch's own add, removal, vacuum and query engine when something reaches them", async () => {
		const real = await indexed(source.NoteMiniSearch);
		const edited = await indexed(bundled.NoteMiniSearch);
		const note = toDocument(noteFields("Another.md", "# Another\nA garden note", null));
		// A query the flat scorer does not answer goes to minisearch's own search.
		const boosted = { boostDocument: () => 2 };
		expect(real.search("garden", boosted).length).toBeGreaterThan(0);
		expect(() => edited.search("garden", boosted)).toThrow("MiniSearch.search() is not included in Redline's bundle");
		expect(() => edited.add(note)).toThrow("MiniSearch.add() is not included in Redline's bundle");
		const path = Object.keys(fixtureNotes())[0] ?? "";
		expect(() => edited.replace({ ...note, id: path })).toThrow(
			"MiniSearch.replace() is not included in Redline's bundle",
		);
		expect(() => edited.remove(note)).toThrow("MiniSearch.remove() is not included in Redline's bundle");
		expect(() => edited.vacuum()).toThrow("MiniSearch.vacuum() is not included in Redline's bundle");
		// The flat scorer still answers what Redline asks, on the same index.
		const ids = (index: NoteMiniSearch): string[] => index.search("garden").map((r) => String(r.id));
		expect(ids(edited)).toEqual(ids(real));
	});
});
