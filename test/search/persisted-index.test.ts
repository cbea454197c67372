import { describe, expect, it } from "vitest";
import { NoteIndex } from "../../src/search/note-index";
import {
	INDEX_FORMAT,
	INDEX_PREFIX,
	LEGACY_INDEX_KEY,
	MANIFEST_KEY,
	type Manifest,
} from "../../src/search/persisted-index";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";
import { quickPacer } from "./support";
import { readFileSync } from "../../src/node/fs";
import { join } from "../../src/node/path";
import { repoRoot } from "../support/corpus";

const FORMAT_3 = join(repoRoot, "test", "fixtures", "search-index-format3.json");

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

async function built(vault: MemoryVault, store: MemoryStore): Promise<void> {
	const index = new NoteIndex({ vault, store, protectedFolders: [], pacer: quickPacer });
	await index.idle();
	await index.dispose(); // saves
}

async function reopen(vault: MemoryVault, store: MemoryStore): Promise<NoteIndex> {
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
		expect(store.snapshot()[first[0] ?? ""]).toBe(before[first[0] ?? ""]);
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

	it("rebuilds an index saved in format 3 (a chunk per segment) by the previous version, and removes its chunks", async () => {
		// What the previous version saved for NOTES (test/fixtures/search-index-format3.json).
		const saved = JSON.parse(readFileSync(FORMAT_3, "utf8")) as Record<string, string>;
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
		vault.reads = [];
		const again = await reopen(vault, store);
		expect(again.loadedAs).toBe("loaded");
		expect(vault.reads).toEqual([]);
		expect(await found(again, "apples")).toEqual(["F/c.md", "a.md"]);
		await again.dispose();
	});

	it.each([
		["missing", () => null],
		["torn", (text: string) => text.slice(0, -30)],
		["cut at the end of a line", (text: string) => text.split("\n").slice(0, -2).join("\n")],
		["naming a note its segment does not hold", (text: string) => text.replace(/\[(\d+),"a\.md"/, '[99,"a.md"')],
	])("reads again only the notes of a chunk that is %s", async (_case, damage) => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await twoChunks(vault, store);
		const [first = "", second = ""] = (await manifest(store)).chunks;
		const damaged = damage((await store.read(first)) ?? "");
		if (damaged === null) await store.remove(first);
		else await store.write(first, damaged);
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
		slow.read = async (key) => {
			if (key === second) await held;
			return MemoryStore.prototype.read.call(slow, key);
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
