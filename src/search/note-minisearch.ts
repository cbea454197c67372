/**
 * minisearch, with the two things its public API does slowly for a whole vault done directly on
 * its (protected) index:
 * - adding a note: minisearch's add() looks every word up in its radix tree once per
 *   occurrence; addNote counts each field's words first and looks each distinct word up once;
 * - the saved form: loadJSAsync turns every posting from a string-keyed object back into a Map
 *   and waits a timer every thousand of them (1 ms in Node, 4 ms in a browser: seconds for a
 *   vault). The lean form is flat number arrays in small JSON lines, read and written one line at
 *   a time, so the caller decides when to yield.
 * The postings, field lengths and averages are the ones minisearch's own add() and loadJS()
 * produce (test/search/note-minisearch.test.ts compares them), so its search and scores apply.
 */
import MiniSearch from "minisearch";
import { FIELDS, INDEX_OPTIONS, type IndexedDocument } from "./index-schema";
import type { Slicer } from "./pacer";
import { countTerms } from "./terms";

/** The index's own numbers: document short ids and field lengths. */
export interface LeanHead {
	nextId: number;
	averageFieldLength: number[];
	/** [shortId, path, ...field lengths in FIELDS order]. */
	documents: (string | number)[][];
}

/** Postings of some terms: [term, fieldId, [shortId, frequency, shortId, frequency, ...], fieldId, [...], ...]. */
export type LeanTerms = (string | number | number[])[][];

/** Postings written per line of the saved form (small enough to parse well within a slice). */
const POSTINGS_PER_LINE = 4000;

export class UnusableIndexError extends Error {}

export class NoteMiniSearch extends MiniSearch<IndexedDocument> {
	/**
	 * Each term's postings by term, beside the radix tree, which finds a key by scanning the
	 * edges of every level. A term leaves the tree only once its postings are empty (minisearch's
	 * removeTerm, vacuumPaced), so an entry that is empty may be detached and is looked up again.
	 */
	private readonly termData = new Map<string, Map<number, Map<number, number>>>();

	constructor() {
		super(INDEX_OPTIONS);
	}

	/** Without documents, minisearch replaces its whole tree: the terms' postings go with it. */
	override removeAll(documents?: readonly IndexedDocument[]): void {
		super.removeAll(documents);
		if (documents === undefined) this.termData.clear();
	}

	/** minisearch's add(), with each distinct word of a field looked up once. */
	addNote(document: IndexedDocument): void {
		const id = document.id;
		if (this._idToShortId.has(id)) throw new Error(`MiniSearch: duplicate ID ${id}`);
		const shortId = this._nextId++;
		this._idToShortId.set(id, shortId);
		this._documentIds.set(shortId, id);
		this._documentCount += 1;
		const lengths: number[] = [];
		this._fieldLength.set(shortId, lengths);
		for (const field of FIELDS) {
			const fieldId = this._fieldIds[field] ?? 0;
			const counts = countTerms(document[field]);
			// A field's length is its number of distinct words, averaged over the documents (as add() does).
			lengths[fieldId] = counts.size;
			const before = this._documentCount - 1;
			this._avgFieldLength[fieldId] = ((this._avgFieldLength[fieldId] ?? 0) * before + counts.size) / (before + 1);
			for (const [term, count] of counts) {
				let data = this.termData.get(term);
				if (data === undefined || data.size === 0) {
					data = this._index.fetch(term, () => new Map<number, Map<number, number>>());
					this.termData.set(term, data);
				}
				let frequencies = data.get(fieldId);
				if (!frequencies) data.set(fieldId, (frequencies = new Map<number, number>()));
				frequencies.set(shortId, (frequencies.get(shortId) ?? 0) + count);
			}
		}
	}

	/**
	 * Drops the postings of discarded notes: minisearch's vacuum, but paced by the caller's slices
	 * rather than a timer per batch of terms. Changes made meanwhile are kept (their dirt stays).
	 */
	async vacuumPaced(slicer: Slicer): Promise<void> {
		const dirt = this._dirtCount;
		if (dirt === 0) return;
		for (const [term, data] of this._index) {
			for (const [fieldId, frequencies] of data) {
				for (const shortId of frequencies.keys()) if (!this._documentIds.has(shortId)) frequencies.delete(shortId);
				if (frequencies.size === 0) data.delete(fieldId);
			}
			if (data.size === 0) {
				this._index.delete(term);
				this.termData.delete(term);
			}
			await slicer.tick();
		}
		this._dirtCount -= dirt;
	}

	/** The index's head, then its postings in lines; postings of discarded notes are left out. */
	*leanParts(): Generator<LeanHead | LeanTerms> {
		const documents = [...this._documentIds].map(([shortId, path]) => [
			shortId,
			String(path),
			...(this._fieldLength.get(shortId) ?? []),
		]);
		yield { nextId: this._nextId, averageFieldLength: [...this._avgFieldLength], documents };
		let line: LeanTerms = [];
		let postings = 0;
		for (const [term, data] of this._index) {
			const entry: (string | number | number[])[] = [term];
			for (const [fieldId, frequencies] of data) {
				const flat: number[] = [];
				for (const [shortId, frequency] of frequencies)
					if (this._documentIds.has(shortId)) flat.push(shortId, frequency);
				if (flat.length > 0) entry.push(fieldId, flat);
				postings += flat.length / 2;
			}
			if (entry.length > 1) line.push(entry);
			if (postings >= POSTINGS_PER_LINE) {
				yield line;
				line = [];
				postings = 0;
			}
		}
		if (line.length > 0) yield line;
	}

	/**
	 * An empty index with the head of a saved one, its documents read in the slicer's slices;
	 * throws UnusableIndexError when it does not check out.
	 */
	static async fromHead(head: unknown, slicer: Slicer): Promise<NoteMiniSearch> {
		const index = new NoteMiniSearch();
		await index.readHead(head, slicer);
		return index;
	}

	private async readHead(head: unknown, slicer: Slicer): Promise<void> {
		const h = head as Partial<LeanHead> | null;
		if (typeof h !== "object" || h === null || !Number.isSafeInteger(h.nextId) || !Array.isArray(h.documents))
			throw new UnusableIndexError("head");
		const nextId = h.nextId ?? 0;
		const averages = h.averageFieldLength;
		if (!Array.isArray(averages) || averages.length !== FIELDS.length || !averages.every((n) => Number.isFinite(n)))
			throw new UnusableIndexError("averages");
		await slicer.forEach(h.documents, (row) => {
			if (!Array.isArray(row) || row.length !== FIELDS.length + 2) throw new UnusableIndexError("document");
			const [shortId, path] = row as unknown[];
			const lengths = row.slice(2) as unknown[];
			if (!Number.isSafeInteger(shortId) || typeof path !== "string" || !lengths.every((n) => Number.isSafeInteger(n)))
				throw new UnusableIndexError("document");
			const id = shortId as number;
			if (id < 0 || id >= nextId || this._documentIds.has(id) || this._idToShortId.has(path))
				throw new UnusableIndexError("document id");
			this._documentIds.set(id, path);
			this._idToShortId.set(path, id);
			this._fieldLength.set(id, lengths as number[]);
		});
		this._documentCount = this._documentIds.size;
		this._nextId = nextId;
		this._avgFieldLength = [...averages];
	}

	/** Adds one line of saved postings; throws UnusableIndexError when it does not check out. */
	readTerms(line: unknown): void {
		if (!Array.isArray(line)) throw new UnusableIndexError("terms");
		for (const entry of line as unknown[]) {
			if (!Array.isArray(entry) || entry.length < 3 || entry.length % 2 === 0 || typeof entry[0] !== "string")
				throw new UnusableIndexError("term");
			const data = new Map<number, Map<number, number>>();
			for (let i = 1; i < entry.length; i += 2) {
				const fieldId = entry[i] as unknown;
				const flat = entry[i + 1] as unknown;
				if (
					typeof fieldId !== "number" ||
					!(fieldId >= 0 && fieldId < FIELDS.length) ||
					!Array.isArray(flat) ||
					flat.length % 2 !== 0
				)
					throw new UnusableIndexError("field");
				const frequencies = new Map<number, number>();
				for (let j = 0; j < flat.length; j += 2) {
					const shortId = flat[j] as unknown;
					const frequency = flat[j + 1] as unknown;
					if (
						typeof shortId !== "number" ||
						!this._documentIds.has(shortId) ||
						typeof frequency !== "number" ||
						!(frequency > 0)
					)
						throw new UnusableIndexError("posting");
					frequencies.set(shortId, frequency);
				}
				data.set(fieldId, frequencies);
			}
			this._index.set(entry[0], data);
		}
	}
}
