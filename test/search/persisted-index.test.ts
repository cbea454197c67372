import { describe, expect, it } from "vitest";
import { NoteIndex } from "../../src/search/note-index";
import { NoteMiniSearch } from "../../src/search/note-minisearch";
import { toDocument } from "../../src/search/index-schema";
import { noteFields } from "../../src/search/note-fields";
import { Slicer } from "../../src/search/pacer";
import {
	BINARY_CHUNK,
	INDEX_FORMAT,
	TEXT_CHUNK,
	loadSegment,
	openIndex,
	readChunkBytes,
	saveIndex,
	type NoteRecord,
	INDEX_PREFIX,
	LEGACY_INDEX_KEY,
	MANIFEST_KEY,
	type Manifest,
} from "../../src/search/persisted-index";
import { MemoryStore } from "../../src/store/memory-store";
import type { Store } from "../../src/store/store";
import { HEADER, RecordKind, checksum, readChunk, type ChunkRecord } from "../../src/search/chunk-codec";
import { wholeReadsOnly } from "../support/whole-reads-store";
import { MemoryVault } from "../../src/vault/memory-vault";
import { fixtureNotes, quickPacer } from "./support";
import { readFileSync } from "../../src/node/fs";
import { join } from "../../src/node/path";
import { repoRoot } from "../support/corpus";

const FORMAT_3 = join(repoRoot, "test", "fixtures", "search-index-format3.json");
const FORMAT_4 = join(repoRoot, "test", "fixtures", "search-index-format4.json");

/** The chunk's records, as the loader reads them (their payloads are views into bytes). */
function recordsOf(bytes: Uint8Array): ChunkRecord[] {
	return readChunk(bytes);
}

/** Where the payload of the record that holds part of a segment's array (2: freqs) starts. */
function arrayRecord(bytes: Uint8Array, array: number): number {
	const record = recordsOf(bytes).find((r) => r.kind === RecordKind.Array && r.a === array);
	return (record ?? expect.fail("no such record")).payload.byteOffset;
}

/** Where the notes' ids start in the notes record's payload (after two f64 columns). */
function notesRecord(bytes: Uint8Array): number {
	const record = recordsOf(bytes).find((r) => r.kind === RecordKind.Notes) ?? expect.fail("no notes");
	return record.payload.byteOffset + record.a * 16;
}

function flipped(bytes: Uint8Array, at: number): Uint8Array {
	const copy = bytes.slice();
	copy[at] = (copy[at] ?? 0) ^ 0x01;
	return copy;
}

/** The checksum made to match the body again (damage that only the sizes can catch). */
function resealed(bytes: Uint8Array): Uint8Array {
	const copy = bytes.slice();
	const view = new DataView(copy.buffer);
	view.setUint32(16, checksum(new Uint32Array(copy.buffer, HEADER, (copy.length - HEADER) / 4)), true);
	return copy;
}

/** The chunk without its last record, its header's length, count and checksum made to match. */
function withoutLastRecord(bytes: Uint8Array): Uint8Array {
	const records = recordsOf(bytes);
	const last = records.at(-1) ?? expect.fail("no records");
	const copy = bytes.slice(0, last.payload.byteOffset - 16);
	const view = new DataView(copy.buffer);
	view.setUint32(8, copy.length - HEADER, true);
	view.setUint32(12, records.length - 1, true);
	return resealed(copy);
}

/** The segment's head says one more note than its docs array holds. */
function wrongSizes(bytes: Uint8Array): Uint8Array {
	const copy = bytes.slice();
	const head = recordsOf(copy).find((r) => r.kind === RecordKind.Head) ?? expect.fail("no head");
	new DataView(copy.buffer).setUint32(head.payload.byteOffset, (head.payload[0] ?? 0) + 1, true);
	return copy;
}

/** The first note's id set to id (a note the segment does not hold). */
function withNoteId(bytes: Uint8Array, id: number): Uint8Array {
	const copy = bytes.slice();
	new DataView(copy.buffer).setUint32(notesRecord(copy), id, true);
	return copy;
}

/** A MemoryVault that records which notes were read. */
class CountingVault extends MemoryVault {
	reads: string[] = [];
	override read(path: string): Promise<string> {
		this.reads.push(path);
		return super.read(path);
	}
}

const NOTES = { "a.md": "apples and pears", "b.md": "bananas", "F/c.md": "cherries and apples" };

async function manifest(store: MemoryStore): Promise<Manifest> {
	return JSON.parse((await store.read(MANIFEST_KEY)) ?? "") as Manifest;
}

async function built(vault: MemoryVault, store: MemoryStore, through: Store = store): Promise<void> {
	const index = new NoteIndex({ vault, store: through, protectedFolders: [], pacer: quickPacer });
	await index.idle();
	await index.dispose(); // saves
}

async function reopen(vault: MemoryVault, store: Store): Promise<NoteIndex> {
	const index = new NoteIndex({ vault, store, protectedFolders: [], pacer: quickPacer });
	await index.idle();
	return index;
}

async function found(index: NoteIndex, query: string): Promise<string[]> {
	return (await index.search({ query, limit: 10 })).hits.map((hit) => hit.path).sort();
}

/** Built, then b.md edited and saved again: two chunks, the first holding a.md and F/c.md. */
async function twoChunks(vault: MemoryVault, store: MemoryStore): Promise<void> {
	await built(vault, store);
	const index = await reopen(vault, store);
	await vault.process("b.md", () => "bananas and apples");
	await index.idle();
	await index.dispose();
}

describe("the saved index", () => {
	it("is loaded on restart, and only notes whose fingerprint changed are read again", async () => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await built(vault, store);
		expect((await manifest(store)).chunks).toHaveLength(1);
		// While Redline was closed: one note edited, one deleted, one created.
		await vault.process("b.md", () => "bananas and apples");
		await vault.trash("F/c.md");
		await vault.create("d.md", "dates");
		vault.reads = [];
		const index = await reopen(vault, store);
		expect(index.loadedAs).toBe("loaded");
		expect(vault.reads.sort()).toEqual(["b.md", "d.md"]);
		expect(await found(index, "apples")).toEqual(["a.md", "b.md"]);
		expect(await found(index, "dates")).toEqual(["d.md"]);
		await index.dispose();
	});

	it("saves only what changed: a new chunk for the changed note, and the manifest", async () => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await built(vault, store);
		const first = (await manifest(store)).chunks;
		const before = store.snapshot();
		const index = await reopen(vault, store);
		await vault.process("b.md", () => "bananas and apples");
		await index.idle();
		await index.dispose();
		const after = await manifest(store);
		expect(after.chunks.slice(0, 1)).toEqual(first);
		expect(store.snapshot()[first[0] ?? ""]).toEqual(before[first[0] ?? ""]);
		expect(after.chunks).toHaveLength(2);
		expect(after.dead).toHaveLength(1);
	});

	it.each([
		["torn", (text: string) => text.slice(0, 20)],
		["not JSON at all", () => "not json at all"],
		["from an older format", (text: string) => JSON.stringify({ ...JSON.parse(text), format: INDEX_FORMAT - 1 })],
		["from another schema", (text: string) => JSON.stringify({ ...JSON.parse(text), schema: "fields=title,body" })],
	])("is rebuilt, never trusted, when its manifest is %s", async (_case, damage) => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await built(vault, store);
		await store.write(MANIFEST_KEY, damage((await store.read(MANIFEST_KEY)) ?? ""));
		vault.reads = [];
		const index = await reopen(vault, store);
		expect(["corrupt", "older-format"]).toContain(index.loadedAs);
		expect(vault.reads.sort()).toEqual(["F/c.md", "a.md", "b.md"]);
		expect(await found(index, "apples")).toEqual(["F/c.md", "a.md"]);
		await index.dispose();
		// The rebuilt index replaced the bad one.
		const again = await reopen(vault, store);
		expect(again.loadedAs).toBe("loaded");
		await again.dispose();
	});

	it("rebuilds an index saved whole by an older version, and removes that file", async () => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore({ [LEGACY_INDEX_KEY]: '{"format":2}\n{}' });
		const index = await reopen(vault, store);
		expect(index.loadedAs).toBe("older-format");
		await index.dispose();
		expect(await store.read(LEGACY_INDEX_KEY)).toBeNull();
		expect((await reopen(vault, store)).loadedAs).toBe("loaded");
	});

	it.each([
		["3 (a chunk per segment)", FORMAT_3],
		["4 (JSON lines, base64 arrays)", FORMAT_4],
	])("rebuilds an index saved in format %s by a previous version, and removes its chunks", async (_format, fixture) => {
		// What that version saved for NOTES (test/fixtures/search-index-format3.json, -format4.json).
		const saved = JSON.parse(readFileSync(fixture, "utf8")) as Record<string, string>;
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore(saved);
		const index = await reopen(vault, store);
		expect(index.loadedAs).toBe("older-format");
		expect(vault.reads.sort()).toEqual(["F/c.md", "a.md", "b.md"]);
		expect(await found(index, "apples")).toEqual(["F/c.md", "a.md"]);
		await index.dispose();
		const keys = await store.list(INDEX_PREFIX);
		for (const old of Object.keys(saved)) if (old !== MANIFEST_KEY) expect(keys).not.toContain(old);
		expect((await manifest(store)).format).toBe(INDEX_FORMAT);
		expect(keys.filter((key) => key !== MANIFEST_KEY).every((key) => key.endsWith(BINARY_CHUNK))).toBe(true);
		vault.reads = [];
		const again = await reopen(vault, store);
		expect(again.loadedAs).toBe("loaded");
		expect(vault.reads).toEqual([]);
		expect(await found(again, "apples")).toEqual(["F/c.md", "a.md"]);
		expect(await found(again, "bananas")).toEqual(["b.md"]);
		await again.dispose();
	});

	it.each([
		["missing", () => null],
		["torn", (bytes: Uint8Array) => bytes.slice(0, -30)],
		["cut after a record, its header and checksum made to match", (bytes: Uint8Array) => withoutLastRecord(bytes)],
		["with a flipped byte in its postings' frequencies", (bytes: Uint8Array) => flipped(bytes, arrayRecord(bytes, 2))],
		["with a flipped byte in its notes' ids", (bytes: Uint8Array) => flipped(bytes, notesRecord(bytes))],
		["with sizes that do not add up, its checksum made to match", (bytes: Uint8Array) => resealed(wrongSizes(bytes))],
		[
			"naming a note its segment does not hold, its checksum made to match",
			(bytes: Uint8Array) => resealed(withNoteId(bytes, 99)),
		],
		["not a chunk at all", () => new TextEncoder().encode("not a chunk")],
	])("reads again only the notes of a chunk that is %s", async (_case, damage) => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await twoChunks(vault, store);
		const [first = "", second = ""] = (await manifest(store)).chunks;
		const damaged = damage((await store.readBytes(first)) ?? expect.fail("no chunk"));
		if (damaged === null) await store.remove(first);
		else await store.writeBytes(first, damaged);
		vault.reads = [];
		const index = await reopen(vault, store);
		expect(index.loadedAs).toBe("loaded");
		expect(vault.reads.sort()).toEqual(["F/c.md", "a.md"]);
		expect(await found(index, "apples")).toEqual(["F/c.md", "a.md", "b.md"]);
		await index.dispose();
		// The next save replaced the bad chunk and kept the good one.
		expect((await manifest(store)).chunks).toContain(second);
		expect((await manifest(store)).chunks).not.toContain(first);
	});

	it("gives the same scores after a reload as the index that saved them", async () => {
		const vault = new CountingVault("v", fixtureNotes());
		const store = new MemoryStore();
		const index = new NoteIndex({ vault, store, protectedFolders: [], pacer: quickPacer });
		await index.idle();
		const queries = ["project", "the", "meeting notes", "obsidain", "daily", "book review"];
		const scored = async (i: NoteIndex): Promise<[string, number][][]> =>
			Promise.all(
				queries.map(async (query) => (await i.search({ query, limit: 20 })).hits.map((hit) => [hit.path, hit.score])),
			);
		const before = await scored(index);
		await index.dispose();
		expect(before.flat().length).toBeGreaterThan(10);
		vault.reads = [];
		const again = await reopen(vault, store);
		expect(again.loadedAs).toBe("loaded");
		expect(vault.reads).toEqual([]);
		expect(await scored(again)).toEqual(before);
		await again.dispose();
	});

	it("uses a big segment's arrays where its chunk was read, with the scores of the index that saved them", async () => {
		// 800 notes of 250 words: segments of up to 80,000 postings, whose keys (320 KB) are a
		// record of their own in a chunk, used in place rather than copied.
		const index = new NoteMiniSearch();
		const records = new Map<string, NoteRecord>();
		for (let n = 0; n < 800; n++) {
			const words = Array.from({ length: 250 }, (_, i) => `w${((n * 7919 + i * 104_729) % 3000).toString(36)}`);
			const path = `n${n}.md`;
			index.addNote(toDocument(noteFields(path, `# Note ${n}\n\n${words.join(" ")}`, null)));
			records.set(path, { mtime: n, size: n, truncated: false, tags: n % 2 ? ["even"] : [] });
		}
		await index.compact(new Slicer(quickPacer), true);
		const store = new MemoryStore();
		await saveIndex(store, index, records, new Slicer(quickPacer));
		const opened = await openIndex(store);
		if (!opened.ok) return expect.fail(opened.reason);
		const loaded = new Map<string, NoteRecord>();
		for (const keys of opened.segments) {
			const read = await loadSegment(
				(key) => readChunkBytes(store, key),
				keys,
				opened.index,
				opened.dead,
				new Slicer(quickPacer),
			);
			for (const [path, record] of read ?? expect.fail("a segment did not load")) loaded.set(path, record);
		}
		expect(loaded).toEqual(records);
		const inPlace = opened.index
			.sealedSegments()
			.filter((s) => s.parts.keys.buffer.byteLength > s.parts.keys.byteLength);
		expect(inPlace.length).toBeGreaterThan(0);
		const options = { prefix: true, fuzzy: 0.2, combineWith: "OR" } as const;
		const scores = (i: NoteMiniSearch, query: string): [string, number][] =>
			i.search(query, options).map((r) => [String(r.id), r.score]);
		for (const query of ["w1a", "w2 w3", "note 17", "wzz w10"]) {
			expect(scores(index, query).length, query).toBeGreaterThan(0);
			expect(scores(opened.index, query), query).toEqual(scores(index, query));
		}
	});

	it("keeps its chunks as base64 text in a Store without binary values, and checks them as well", async () => {
		const vault = new CountingVault("v", NOTES);
		const inner = new MemoryStore();
		const store = wholeReadsOnly(inner);
		await built(vault, inner, store);
		const [first = ""] = (await manifest(inner)).chunks;
		expect(first.endsWith(TEXT_CHUNK)).toBe(true);
		expect(typeof inner.snapshot()[first]).toBe("string");
		vault.reads = [];
		const index = await reopen(vault, store);
		expect(index.loadedAs).toBe("loaded");
		expect(vault.reads).toEqual([]);
		expect(await found(index, "apples")).toEqual(["F/c.md", "a.md"]);
		await index.dispose();
		// A flipped byte in the text's bytes: caught by the same checksum, the notes read again.
		const bytes = Uint8Array.from(atob((await inner.read(first)) ?? ""), (c) => c.charCodeAt(0));
		const damaged = flipped(bytes, arrayRecord(bytes, 2));
		await inner.write(first, btoa(String.fromCharCode(...damaged)));
		vault.reads = [];
		const again = await reopen(vault, store);
		expect(again.loadedAs).toBe("loaded");
		expect(vault.reads.sort()).toEqual(["F/c.md", "a.md", "b.md"]);
		expect(await found(again, "apples")).toEqual(["F/c.md", "a.md"]);
		await again.dispose();
	});

	it("reads again the notes of a binary chunk when the Store cannot read bytes any more", async () => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await built(vault, store);
		vault.reads = [];
		const index = await reopen(vault, wholeReadsOnly(store));
		expect(index.loadedAs).toBe("loaded");
		expect(vault.reads.sort()).toEqual(["F/c.md", "a.md", "b.md"]);
		await index.dispose();
	});

	it("recovers from a save cut before its manifest: the last whole save loads, the stray chunk goes", async () => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await built(vault, store);
		const before = await manifest(store);
		// The app dies while saving: the new chunk is written, the manifest is not.
		const dying = new MemoryStore(store.snapshot());
		dying.write = (key, text) =>
			key === MANIFEST_KEY ? Promise.reject(new Error("killed")) : MemoryStore.prototype.write.call(dying, key, text);
		const index = await reopen(vault, dying);
		await vault.process("b.md", () => "bananas and apples");
		await index.idle();
		await index.dispose();
		const left = new MemoryStore(dying.snapshot());
		expect((await left.list(INDEX_PREFIX)).length).toBe(before.chunks.length + 2);
		vault.reads = [];
		const restarted = await reopen(vault, left);
		expect(restarted.loadedAs).toBe("loaded");
		expect(vault.reads).toEqual(["b.md"]);
		expect(await found(restarted, "apples")).toEqual(["F/c.md", "a.md", "b.md"]);
		await restarted.dispose();
		const after = await manifest(left);
		expect((await left.list(INDEX_PREFIX)).sort()).toEqual([...after.chunks, MANIFEST_KEY].sort());
	});

	it("answers a warm start from the chunks loaded so far, says it is partial, then completes", async () => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await twoChunks(vault, store);
		const [, second = ""] = (await manifest(store)).chunks;
		let release = (): void => undefined;
		const held = new Promise<void>((resolve) => (release = resolve));
		const slow = new MemoryStore(store.snapshot());
		slow.readBytes = async (key) => {
			if (key === second) await held;
			return MemoryStore.prototype.readBytes.call(slow, key);
		};
		vault.reads = [];
		const index = new NoteIndex({ vault, store: slow, protectedFolders: [], pacer: quickPacer, firstSearchWaitMs: 0 });
		const partial = await index.search({ query: "apples", limit: 10 });
		expect(partial.hits.map((hit) => hit.path).sort()).toEqual(["F/c.md", "a.md"]);
		expect(partial.status).toMatchObject({ phase: "loading", indexed: 2, total: 3 });
		release();
		await index.idle();
		const complete = await index.search({ query: "apples", limit: 10 });
		expect(complete.hits.map((hit) => hit.path).sort()).toEqual(["F/c.md", "a.md", "b.md"]);
		expect(complete.status).toMatchObject({ phase: "ready", indexed: 3, total: 3 });
		expect(vault.reads.filter((path) => !complete.hits.some((hit) => hit.path === path))).toEqual([]);
		await index.dispose();
	});

	it("drops on restart a saved note that a protected folder now covers", async () => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await built(vault, store);
		// The same notes, unchanged on disk, but F/ is now protected (say, the plugin's data folder moved there).
		const index = new NoteIndex({ vault, store, protectedFolders: ["F"], pacer: quickPacer });
		await index.idle();
		expect(index.loadedAs).toBe("loaded");
		expect(await found(index, "apples")).toEqual(["a.md"]);
		expect(index.status()).toMatchObject({ indexed: 2, total: 2 });
		await index.dispose();
	});

	it("still answers when the store cannot be read or written", async () => {
		const vault = new MemoryVault("v", NOTES);
		const broken = new MemoryStore();
		broken.read = () => Promise.reject(new Error("disk on fire"));
		broken.write = () => Promise.reject(new Error("disk on fire"));
		const index = new NoteIndex({ vault, store: broken, protectedFolders: [], pacer: quickPacer });
		await index.idle();
		expect(index.loadedAs).toBe("unreadable");
		expect(await found(index, "apples")).toEqual(["F/c.md", "a.md"]);
		await index.dispose();
	});
});
