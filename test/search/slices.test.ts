/**
 * The index builds, saves and loads in slices of bounded work (issue 32: no event-loop block over
 * 50 ms). Work is counted, not timed: the pacer's clock advances by the work done (a term written
 * into a segment, a block of 16 terms read back, a note indexed), so the slicer yields once 12
 * units are used up, and the longest stretch between two yields is the most work any step did
 * without asking the slicer. One line of the saved form holds at most 512 blocks of terms.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { SegmentWriter } from "../../src/search/compact-segment";
import { NoteIndex } from "../../src/search/note-index";
import { NoteMiniSearch } from "../../src/search/note-minisearch";
import { SEARCH_STEP } from "../../src/search/flat-scorer";
import { SLICE_MS, type Pacer } from "../../src/search/pacer";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";
import { quickPacer } from "./support";

/** The most work one step may do: a part of the saved form's terms (512 blocks). */
const LINE = 512;

/** Notes with many distinct words: a segment of some 20,000 terms. */
function wordyNotes(count: number, words: number): Record<string, string> {
	const notes: Record<string, string> = {};
	for (let n = 0; n < count; n++) {
		const text: string[] = [];
		for (let w = 0; w < words; w++) text.push(`w${((n * 7919 + w * 104729) % 90000).toString(36)}x${w % 7}`);
		notes[`N${n}.md`] = text.join(" ");
	}
	return notes;
}

function countingPacer(): { pacer: Pacer; longest: () => number; yields: () => number; work: (units: number) => void } {
	let clock = 0;
	let since = 0;
	let longest = 0;
	let yields = 0;
	return {
		pacer: {
			now: () => clock,
			yield: () => {
				longest = Math.max(longest, clock - since);
				since = clock;
				yields++;
				return quickPacer.yield();
			},
		},
		longest: () => Math.max(longest, clock - since),
		yields: () => yields,
		work: (units) => (clock += units),
	};
}

afterEach(() => vi.restoreAllMocks());

describe("the index's slices", () => {
	it("build, save and load each do a bounded amount of work between two yields", async () => {
		const counting = countingPacer();
		// eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the writer as this
		const add = SegmentWriter.prototype.add;
		vi.spyOn(SegmentWriter.prototype, "add").mockImplementation(function (this: SegmentWriter, ...args) {
			counting.work(1);
			add.apply(this, args);
		});
		// eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the index as this
		const readPart = NoteMiniSearch.prototype.readPart;
		vi.spyOn(NoteMiniSearch.prototype, "readPart").mockImplementation(function (this: NoteMiniSearch, part) {
			counting.work(part.kind === "terms" ? part.count : 0);
			return readPart.call(this, part);
		});
		const vault = new MemoryVault("v", wordyNotes(150, 200));
		const store = new MemoryStore();
		const metadata = { metadata: () => (counting.work(1), null) };
		const built = new NoteIndex({ vault, store, protectedFolders: [], pacer: counting.pacer, metadata });
		await built.idle();
		await built.dispose();
		expect(counting.yields()).toBeGreaterThan(150 / SLICE_MS);
		expect(counting.longest()).toBeLessThanOrEqual(SLICE_MS + 1);

		const loading = countingPacer();
		Object.assign(counting, { work: loading.work });
		const reopened = new NoteIndex({ vault, store, protectedFolders: [], pacer: loading.pacer, metadata });
		await reopened.idle();
		expect(reopened.loadedAs).toBe("loaded");
		expect((await reopened.search({ query: "w0x0", limit: 1 })).status.indexed).toBe(150);
		expect(loading.yields()).toBeGreaterThan(1);
		expect(loading.longest()).toBeLessThanOrEqual(SLICE_MS + LINE);
		await reopened.dispose();
	});

	it("a search for a word most notes have yields to the host every SEARCH_STEP postings or results", async () => {
		// 4,000 notes, each with four words of one prefix in its body and one in its title: a
		// search for "common" scores 20,000 postings and builds 4,000 results. Once the index is
		// built, the clock moves a slice at every look, so each tick() of the search yields: the
		// yields counted are the search's steps, and a step does at most SEARCH_STEP units.
		const notes: Record<string, string> = {};
		for (let n = 0; n < 4000; n++) notes[`Common ${n}.md`] = `common commons commonly commoner w${n.toString(36)}`;
		let clock = 0;
		let stepping = false;
		let yields = 0;
		const pacer: Pacer = {
			now: () => (stepping ? (clock += SLICE_MS) : clock),
			yield: () => {
				if (stepping) yields++;
				return quickPacer.yield();
			},
		};
		const index = new NoteIndex({
			vault: new MemoryVault("v", notes),
			store: new MemoryStore(),
			protectedFolders: [],
			pacer,
		});
		await index.idle();
		stepping = true;
		const page = await index.search({ query: "common", limit: 5 });
		stepping = false;
		expect(page.total).toBe(4000);
		expect(yields).toBeGreaterThanOrEqual(Math.floor((5 * 4000 + 4000) / SEARCH_STEP));
		await index.dispose();
	});
});
