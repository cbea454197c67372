/**
 * minisearch's scoring over a compact index of our own (issue 32). minisearch keeps each posting
 * as a Map entry under a radix tree of Maps: 221 MB of heap for 10,000 notes of 2.6 KB. Here:
 * - notes are added to minisearch's own tree (the delta), each distinct word of a field looked up
 *   once (minisearch's add() looks a word up per occurrence);
 * - once the delta holds SEAL_POSTINGS postings it is sealed into a CompactSegment (sorted,
 *   front-coded terms, typed-array postings: 6 bytes a posting), in slices;
 * - segments of one size merge, four at a time, up to MAX_SEGMENT_POSTINGS (so a merge never
 *   holds more than one such segment twice), and a segment mostly of discarded notes is rewritten;
 * - search is minisearch's own, reading the segments and the delta through TermStore, so scores
 *   are the ones minisearch gives (test/search/note-minisearch.test.ts compares them).
 * The saved form is a segment's parts (segmentParts, readPart: its terms in blocks, its arrays
 * in slices of bytes), written and read one at a time, so the caller decides when to yield.
 */
import MiniSearch, { type Query, type SearchOptions, type SearchResult } from "minisearch";
import { BLOCK, CompactSegment, DOC_SPAN, SegmentWriter, flatten, type FieldPostings } from "./compact-segment";
import { flatScorable, flatSearch, flatSteps, scoreSteps, type ScoredIndex } from "./flat-scorer";
import { scoredResults, type ScoredNotes } from "./query";
import { FIELDS, INDEX_OPTIONS, type IndexedDocument } from "./index-schema";
import type { Slicer } from "./pacer";
import { TermBlocksBuilder, type TermPiece } from "./term-blocks";
import { TermStore, type DeltaTree, type TermData } from "./term-store";
import { FieldLengths } from "./field-lengths";
import { countTerms } from "./terms";

/** Postings the delta holds before it is sealed into a segment. */
export const SEAL_POSTINGS = 20_000;
/** Segments are merged up to this many postings (about 4 MB of arrays). */
export const MAX_SEGMENT_POSTINGS = 640_000;
/** Segments of one size class merged at once. */
const MERGE_FACTOR = 4;
/** A segment with more than this share of discarded notes (and at least DEAD_MIN of them) is rewritten by a vacuum. */
const DEAD_SHARE = 0.25;
const DEAD_MIN = 64;

/**
 * A saved segment's notes as they are read back, in columns (no object per note: at 50,000 notes
 * those lived across a load's slices, and each young collection copied them).
 */
export interface SegmentNotes {
	ids: ArrayLike<number>;
	paths: readonly string[];
	/** FIELDS.length a note, in FIELDS order. */
	lengths: Uint32Array;
}

/** A note of a saved segment: its short id, path, and field lengths in FIELDS order. */
export interface ChunkNote {
	shortId: number;
	path: string;
	lengths: ArrayLike<number>;
}

/**
 * One part of a segment in the saved form (persisted-index.ts lays them out in chunks): its head
 * (sizes), its terms in pieces of up to BLOCKS_PER_PIECE front-coded blocks (term-blocks.ts), then its arrays (ARRAYS),
 * each whole when saved, and read back in parts of bytes at any offsets (a load takes one part
 * per step, so the id check of each stays short).
 */
export type SegmentPart =
	| { kind: "head"; terms: number; postings: number; notes: number }
	| ({ kind: "terms" } & TermPiece)
	| {
			kind: "array";
			array: number;
			offset: number;
			bytes: Uint8Array;
			/** The whole record this part was cut from, when it holds the whole array: used in place. */
			whole?: Uint8Array;
	  };

export class UnusableIndexError extends Error {}

/** The arrays of a segment in the order the saved form numbers them. */
const ARRAYS = ["starts", "keys", "freqs", "docs"] as const;

/** A segment being read back from its parts. */
interface Reading {
	/** Its term blocks so far, up to the number its head gives: ceil(terms / BLOCK). */
	terms: TermBlocksBuilder;
	/** Each array's length in bytes. */
	sizes: number[];
	/** Each array's bytes: null until its first part is in (then a view of it, or a copy). */
	bytes: (Uint8Array | null)[];
	filled: number[];
}

export class NoteMiniSearch extends MiniSearch<IndexedDocument> {
	/** Notes added since the last seal: minisearch's own radix tree. */
	private readonly deltaTree: DeltaTree & {
		fetch(term: string, make: () => FieldPostings): FieldPostings;
		clear(): void;
	};
	/** The delta's postings by term, beside its tree (which finds a key by scanning edges level by level). */
	private readonly termData = new Map<string, FieldPostings>();
	private deltaPostings = 0;
	private segments: CompactSegment[] = [];
	private reading: Reading | null = null;
	/** Field lengths by short id, FIELDS.length a note, in one typed array: minisearch's _fieldLength, and what the flat scorer reads. */
	private readonly fieldLengths = new FieldLengths(FIELDS.length);

	constructor() {
		super(INDEX_OPTIONS);
		this.deltaTree = this._index;
		// minisearch's discard and its own termResults read it as the Map they made (get, delete).
		this._fieldLength = this.fieldLengths as unknown as Map<number, number[]>;
		const live = (shortId: number): boolean => this._documentIds.has(shortId);
		const store = new TermStore(
			() => this.segments,
			() => this.deltaTree,
			live,
		);
		this._index = store as unknown as MiniSearch<IndexedDocument>["_index"];
	}

	/** Bytes the postings take, about: segments exactly, the delta at minisearch's ~80 bytes a posting. */
	get postingBytes(): number {
		return this.segments.reduce((sum, s) => sum + s.bytes, this.deltaPostings * 80);
	}

	/** Memory the index takes, about: its postings, and per note its ids and field lengths. */
	get memoryBytes(): number {
		return this.postingBytes + this._documentCount * 200;
	}

	/** minisearch's search, scored into flat arrays where the options allow (flat-scorer.ts). */
	override search(query: Query, searchOptions: SearchOptions = {}): SearchResult[] {
		const options = { ...this._options.searchOptions, ...searchOptions };
		if (!flatScorable(query, options)) return super.search(query, searchOptions);
		return flatSearch(this.scored, query, options);
	}

	/**
	 * search(), in steps of bounded work with slicer.tick() between them, so a search over a big
	 * vault never holds the event loop long (a search for "the" at 50,000 notes scores some
	 * 200,000 postings). sorted false: in no particular order (the caller sorts them).
	 */
	async searchPaced(
		query: string,
		searchOptions: SearchOptions,
		slicer: Slicer,
		sorted = true,
	): Promise<SearchResult[]> {
		const options = { ...this._options.searchOptions, ...searchOptions };
		if (!flatScorable(query, options)) return super.search(query, searchOptions);
		const steps = flatSteps(this.scored, query, options, sorted);
		for (;;) {
			const next = steps.next();
			if (next.done) return next.value;
			await slicer.tick();
		}
	}

	/**
	 * The search's scores in the same steps, without a result object per note (what ranking
	 * reads: flat-scorer.ts's FlatScores). options.filter is not applied.
	 */
	async scorePaced(query: string, searchOptions: SearchOptions, slicer: Slicer): Promise<ScoredNotes> {
		const options = { ...this._options.searchOptions, ...searchOptions };
		if (!flatScorable(query, options)) return scoredResults(super.search(query, searchOptions));
		const steps = scoreSteps(this.scored, query, options);
		for (;;) {
			const next = steps.next();
			if (next.done) return next.value;
			await slicer.tick();
		}
	}

	/** What the flat scorer reads: this index, as it is now. */
	private get scored(): ScoredIndex {
		return {
			fields: FIELDS,
			fieldIds: this._fieldIds,
			documentCount: this._documentCount,
			averages: this._avgFieldLength,
			size: this._nextId,
			lengths: this.fieldLengths.values,
			fieldCount: FIELDS.length,
			idOf: (shortId) => this._documentIds.get(shortId) as string | undefined,
			get: (term) => this._index.get(term) as TermData | undefined,
			atPrefix: (prefix) => this._index.atPrefix(prefix) as unknown as Map<string, TermData>,
			fuzzyGet: (term, distance) => this._index.fuzzyGet(term, distance) as unknown as Map<string, [TermData, number]>,
			terms: (query) =>
				this._options
					.tokenize(query)
					.flatMap((term) => this._options.processTerm(term))
					.filter((term): term is string => !!term),
		};
	}

	get segmentCount(): number {
		return this.segments.length;
	}

	private clearDelta(): void {
		this.deltaTree.clear();
		this.termData.clear();
		this.deltaPostings = 0;
	}

	/** minisearch's add(), with each distinct word of a field looked up once. */
	addNote(document: IndexedDocument): void {
		const id = document.id;
		if (this._idToShortId.has(id)) throw new Error(`MiniSearch: duplicate ID ${id}`);
		const shortId = this._nextId++;
		if (shortId >= DOC_SPAN) throw new Error("MiniSearch: too many documents added");
		this._idToShortId.set(id, shortId);
		this._documentIds.set(shortId, id);
		this._documentCount += 1;
		const lengths: number[] = [];
		for (const field of FIELDS) {
			const fieldId = this._fieldIds[field] ?? 0;
			const counts = countTerms(document[field]);
			// A field's length is its number of distinct words, averaged over the documents (as add() does).
			lengths[fieldId] = counts.size;
			const before = this._documentCount - 1;
			this._avgFieldLength[fieldId] = ((this._avgFieldLength[fieldId] ?? 0) * before + counts.size) / (before + 1);
			for (const [term, count] of counts) {
				let data = this.termData.get(term);
				if (data === undefined) {
					data = this.deltaTree.fetch(term, () => new Map<number, Map<number, number>>());
					this.termData.set(term, data);
				}
				let frequencies = data.get(fieldId);
				if (!frequencies) data.set(fieldId, (frequencies = new Map<number, number>()));
				frequencies.set(shortId, (frequencies.get(shortId) ?? 0) + count);
				this.deltaPostings++;
			}
		}
		this.fieldLengths.set(shortId, lengths);
	}

	/** The delta is big enough to seal. */
	get wantsSeal(): boolean {
		return this.deltaPostings >= SEAL_POSTINGS;
	}

	/** Seals the delta into a segment (in slices), then merges what the merge rule asks for. */
	async compact(slicer: Slicer, force = false): Promise<void> {
		if (this.deltaPostings > 0 && (force || this.wantsSeal)) await this.seal(slicer);
		for (let run = this.mergeRun(); run; run = this.mergeRun()) await this.merge(run, slicer);
	}

	private live = (shortId: number): boolean => this._documentIds.has(shortId);

	private async seal(slicer: Slicer): Promise<void> {
		const terms = [...this.termData.keys()].sort();
		await slicer.tick();
		const writer = new SegmentWriter(this.deltaPostings);
		for (const term of terms) {
			const data = this.termData.get(term);
			if (data) {
				const [keys, freqs] = flatten(data, this.live);
				writer.add(term, keys, freqs);
			}
			await slicer.tick();
		}
		const segment = writer.finish();
		// Notes added meanwhile (none: the caller holds the worker) would be lost with the delta.
		this.clearDelta();
		if (segment.termCount > 0) this.segments = [...this.segments, segment];
	}

	/** Four neighbouring segments of one size class whose merge stays within MAX_SEGMENT_POSTINGS. */
	private mergeRun(): [number, number] | null {
		const level = (s: CompactSegment): number =>
			Math.max(0, Math.floor(Math.log(s.postings / SEAL_POSTINGS) / Math.log(MERGE_FACTOR)));
		for (let i = 0; i + MERGE_FACTOR <= this.segments.length; i++) {
			const run = this.segments.slice(i, i + MERGE_FACTOR);
			const first = run[0];
			if (!first || !run.every((s) => level(s) === level(first))) continue;
			if (run.reduce((sum, s) => sum + s.postings, 0) <= MAX_SEGMENT_POSTINGS) return [i, i + MERGE_FACTOR];
		}
		return null;
	}

	/**
	 * Merges segments [from, to) into one, without the postings of discarded notes. A term's
	 * postings are merged from the segments' sorted runs into two scratch arrays reused for every
	 * term (a tuple per posting, sorted, was most of a build's garbage).
	 */
	private async merge([from, to]: [number, number], slicer: Slicer): Promise<void> {
		const run = this.segments.slice(from, to);
		const writer = new SegmentWriter(run.reduce((sum, s) => sum + s.postings, 0));
		const cursors = run.map(() => 0);
		/** For each segment, where its postings of the current term are: [next, end). */
		const next = run.map(() => 0);
		const end = run.map(() => 0);
		let keys = new Uint32Array(1024);
		let freqs = new Uint16Array(1024);
		for (;;) {
			let smallest: string | null = null;
			run.forEach((segment, k) => {
				const at = cursors[k] ?? 0;
				if (at < segment.termCount) {
					const term = segment.termAt(at);
					if (smallest === null || term < smallest) smallest = term;
				}
			});
			if (smallest === null) break;
			let total = 0;
			run.forEach((segment, k) => {
				const at = cursors[k] ?? 0;
				next[k] = end[k] = 0;
				if (at >= segment.termCount || segment.termAt(at) !== smallest) return;
				next[k] = segment.parts.starts[at] ?? 0;
				end[k] = segment.parts.starts[at + 1] ?? 0;
				total += (end[k] ?? 0) - (next[k] ?? 0);
				cursors[k] = at + 1;
			});
			if (total > keys.length) {
				keys = new Uint32Array(total * 2);
				freqs = new Uint16Array(total * 2);
			}
			let used = 0;
			// A k-way merge of the runs, each sorted by key.
			for (;;) {
				let pick = -1;
				let least = Infinity;
				for (let k = 0; k < run.length; k++) {
					const j = next[k] ?? 0;
					if (j < (end[k] ?? 0)) {
						const key = run[k]?.parts.keys[j] ?? 0;
						if (key < least) {
							least = key;
							pick = k;
						}
					}
				}
				if (pick < 0) break;
				const j = next[pick] ?? 0;
				next[pick] = j + 1;
				if (!this.live(least % DOC_SPAN)) continue;
				keys[used] = least;
				freqs[used] = run[pick]?.parts.freqs[j] ?? 0;
				used++;
			}
			writer.add(smallest, keys.subarray(0, used), freqs.subarray(0, used));
			await slicer.tick();
		}
		const merged = writer.finish();
		// Segments sealed meanwhile (none: the caller holds the worker) keep their places around it.
		const segments = [...this.segments];
		segments.splice(from, to - from, ...(merged.termCount > 0 ? [merged] : []));
		this.segments = segments;
	}

	/**
	 * Drops the postings of discarded notes from the memory they hold: segments mostly of
	 * discarded notes are rewritten (search skips such postings anyway, see TermStore).
	 */
	async vacuumPaced(slicer: Slicer): Promise<void> {
		const dirt = this._dirtCount;
		if (dirt === 0) return;
		for (let i = 0; i < this.segments.length; i++) {
			const segment = this.segments[i];
			if (!segment) continue;
			let dead = 0;
			for (const id of segment.parts.docs) if (!this.live(id)) dead++;
			const docs = segment.parts.docs.length;
			if (dead > 0 && (dead === docs || (dead >= DEAD_MIN && dead / docs > DEAD_SHARE)))
				await this.merge([i, i + 1], slicer);
			await slicer.tick();
		}
		this._dirtCount = Math.max(0, this._dirtCount - dirt);
	}

	/** The segments (seal the delta first, compact(slicer, true), for every note to be in one). */
	sealedSegments(): readonly CompactSegment[] {
		return this.segments;
	}

	get nextShortId(): number {
		return this._nextId;
	}

	get averages(): number[] {
		return [...this._avgFieldLength];
	}

	/** The live notes whose postings segment holds. */
	*notesOf(segment: CompactSegment): Generator<ChunkNote> {
		for (const shortId of segment.parts.docs) {
			const path = this._documentIds.get(shortId) as string | undefined;
			if (path !== undefined) yield { shortId, path, lengths: this.fieldLengths.get(shortId) ?? [] };
		}
	}

	/** Notes of saved segments discarded since. */
	async deadSaved(slicer: Slicer): Promise<number[]> {
		const dead: number[] = [];
		for (const segment of this.segments)
			if (segment.savedAs !== null)
				await slicer.forEach(segment.parts.docs, (id) => {
					if (!this.live(id)) dead.push(id);
				});
		return dead;
	}

	/** A segment in parts: its head, its terms, then its arrays, whole (views of them, not copies). */
	*segmentParts(segment: CompactSegment): Generator<SegmentPart> {
		yield { kind: "head", terms: segment.termCount, postings: segment.postings, notes: segment.parts.docs.length };
		for (const piece of segment.parts.terms.pieces()) yield { kind: "terms", ...piece };
		for (let a = 0; a < ARRAYS.length; a++) {
			const array = segment.parts[ARRAYS[a] ?? "keys"];
			yield {
				kind: "array",
				array: a,
				offset: 0,
				bytes: new Uint8Array(array.buffer, array.byteOffset, array.byteLength),
			};
		}
	}

	/** An empty index with a saved one's numbers, for its chunks to be added to (addSegment). */
	static empty(nextId: number, averages: readonly number[]): NoteMiniSearch {
		const index = new NoteMiniSearch();
		index._nextId = nextId;
		index._avgFieldLength = [...averages];
		return index;
	}

	/** Forgets a segment half read (its chunk did not check out). */
	dropReading(): void {
		this.reading = null;
	}

	/**
	 * Adds a segment read back with its notes, which become searchable; false (and nothing
	 * added) when they do not check out: a note it does not hold, or one the index has already.
	 */
	addSegment(segment: CompactSegment, notes: SegmentNotes): boolean {
		const docs = segment.parts.docs;
		const { ids, paths, lengths } = notes;
		const width = FIELDS.length;
		if (ids.length !== paths.length || lengths.length !== ids.length * width) return false;
		// Checked and added in one pass (a Set of the segment's notes and one of their paths per
		// load were most of its cost), and taken back out if one does not check out.
		let added = 0;
		for (; added < ids.length; added++) {
			const shortId = ids[added] ?? 0;
			const path = paths[added] ?? "";
			if (!sortedHas(docs, shortId) || this._documentIds.has(shortId) || this._idToShortId.has(path)) break;
			this._documentIds.set(shortId, path);
			this._idToShortId.set(path, shortId);
			this.fieldLengths.setFrom(shortId, lengths, added * width);
		}
		if (added < ids.length) {
			for (let i = 0; i < added; i++) {
				this._documentIds.delete(ids[i] ?? 0);
				this._idToShortId.delete(paths[i] ?? "");
				this.fieldLengths.delete(ids[i] ?? 0);
			}
			return false;
		}
		this._documentCount += ids.length;
		this.segments = [...this.segments, segment];
		return true;
	}

	/**
	 * Takes in one part of a saved segment; throws UnusableIndexError when it does not check out.
	 * Returns the segment once its last part is in (addSegment then makes its notes searchable).
	 */
	readPart(part: SegmentPart): CompactSegment | null {
		if (part.kind === "head") {
			const { terms, postings, notes } = part;
			if (this.reading || ![terms, postings, notes].every((n) => Number.isSafeInteger(n) && n >= 0))
				throw new UnusableIndexError();
			this.reading = {
				terms: new TermBlocksBuilder(Math.ceil(terms / BLOCK)),
				sizes: [(terms + 1) * 4, postings * 4, postings * 2, notes * 4],
				bytes: [null, null, null, null],
				filled: [0, 0, 0, 0],
			};
			return this.complete(this.reading) ? this.finishSegment(this.reading) : null;
		}
		const reading = this.reading;
		if (!reading) throw new UnusableIndexError();
		if (part.kind === "terms") {
			if (!reading.terms.add(part)) throw new UnusableIndexError();
			return this.complete(reading) ? this.finishSegment(reading) : null;
		}
		const { array, offset, bytes } = part;
		const size = reading.sizes[array];
		if (size === undefined || offset !== reading.filled[array] || offset + bytes.length > size)
			throw new UnusableIndexError();
		const target = (reading.bytes[array] ??=
			(offset === 0 ? adopted(part.whole, bytes, size) : null) ?? new Uint8Array(size));
		// A part that continues the bytes already taken in place is there already: no copy.
		if (target.buffer !== bytes.buffer || target.byteOffset + offset !== bytes.byteOffset) target.set(bytes, offset);
		reading.filled[array] = offset + bytes.length;
		if (!this.idsInRange(array, target, offset, bytes.length)) throw new UnusableIndexError();
		return this.complete(reading) ? this.finishSegment(reading) : null;
	}

	/**
	 * The short ids a part of keys (array 1) or docs (array 3) names are below the index's next id.
	 * Checked per part, not once the segment is in: a whole segment's 640,000 keys in one loop,
	 * run by the interpreter the first time, was a warm start's longest block (65 ms at 20k notes).
	 */
	private idsInRange(array: number, target: Uint8Array, offset: number, length: number): boolean {
		if (array !== 1 && array !== 3) return true;
		// Parts hold whole numbers: the reader cuts them at multiples of 4.
		if (offset % 4 !== 0 || length % 4 !== 0) return false;
		const ids = new Uint32Array(target.buffer, target.byteOffset + offset, length / 4);
		const next = this._nextId;
		// docs are short ids; a key is fieldId * DOC_SPAN + short id, its low 28 bits (a mask: % on
		// numbers past 2^31 is a floating-point remainder, most of this loop's time).
		if (array === 3) {
			for (let j = 0; j < ids.length; j++) if ((ids[j] ?? 0) >= next) return false;
			return true;
		}
		const mask = DOC_SPAN - 1;
		for (let j = 0; j < ids.length; j++) if (((ids[j] ?? 0) & mask) >= next) return false;
		return true;
	}

	/** Every part of the segment being read is in. */
	private complete(reading: Reading): boolean {
		return reading.terms.full && reading.sizes.every((n, a) => reading.filled[a] === n);
	}

	/** A segment whose parts are all in, checked (addSegment makes it searchable). */
	private finishSegment(reading: Reading): CompactSegment {
		this.reading = null;
		const [starts, keys, freqs, docs] = reading.bytes.map((b) => b ?? new Uint8Array(0));
		const u32 = (b: Uint8Array = new Uint8Array(0)): Uint32Array =>
			new Uint32Array(b.buffer, b.byteOffset, b.byteLength / 4);
		const segment = new CompactSegment({
			terms: reading.terms.finish(),
			starts: u32(starts),
			keys: u32(keys),
			freqs: new Uint16Array(freqs?.buffer ?? new ArrayBuffer(0), freqs?.byteOffset ?? 0, (freqs?.byteLength ?? 0) / 2),
			docs: u32(docs),
		});
		const { starts: s, keys: k } = segment.parts;
		// Keys and docs were checked part by part as they came in (idsInRange).
		if (s[0] !== 0 || s[s.length - 1] !== k.length) throw new UnusableIndexError();
		return segment;
	}
}

/**
 * An array's bytes where they were read, when the record its first part came from holds the
 * whole array (a chunk's record of one array): the segment then uses them with no copy (at 20k
 * notes the copies into fresh memory were about 0.1 s of the warm start's main thread, most of
 * it the first touch of each new page). A
 * copy is made instead when the view would keep a buffer over twice the array's size alive, or
 * is not aligned for the array's numbers.
 */
function adopted(whole: Uint8Array | undefined, first: Uint8Array, size: number): Uint8Array | null {
	if (!whole || whole.length !== size || whole.buffer !== first.buffer || whole.byteOffset !== first.byteOffset)
		return null;
	return whole.buffer.byteLength <= 2 * size && whole.byteOffset % 4 === 0 ? whole : null;
}

/** Whether a sorted array holds value (binary search). */
function sortedHas(sorted: Uint32Array, value: number): boolean {
	let lo = 0;
	let hi = sorted.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if ((sorted[mid] ?? 0) < value) lo = mid + 1;
		else hi = mid;
	}
	return sorted[lo] === value;
}
