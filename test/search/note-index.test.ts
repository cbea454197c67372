import { describe, expect, it } from "vitest";
import { NoteIndex } from "../../src/search/note-index";
import type { IndexStatus } from "../../src/search/index-status";
import type { Pacer } from "../../src/search/pacer";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";
import { VaultError } from "../../src/vault/vault";
import { quickPacer } from "./support";
import { sleep } from "../../src/node/timers";

function notes(n: number, text = (i: number) => `note number ${i} about apples`): Record<string, string> {
	const all: Record<string, string> = {};
	for (let i = 0; i < n; i++) all[`N${String(i).padStart(3, "0")}.md`] = text(i);
	return all;
}

describe("the note index", () => {
	it("does nothing until the first search or status watch", async () => {
		const vault = new MemoryVault("v", notes(3));
		let reads = 0;
		const read = vault.read.bind(vault);
		vault.read = (path) => (reads++, read(path));
		const index = new NoteIndex({ vault, store: new MemoryStore(), protectedFolders: [], pacer: quickPacer });
		await sleep(20);
		expect(reads).toBe(0);
		expect(index.status().phase).toBe("idle");
		const seen: IndexStatus[] = [];
		const stop = index.watch((status) => seen.push(status));
		await index.idle();
		stop();
		expect(reads).toBe(3);
		expect(seen[0]?.phase).toBe("idle");
		expect(seen.at(-1)).toMatchObject({ phase: "ready", indexed: 3, total: 3, done: 3, of: 3 });
		await index.dispose();
	});

	it("builds in slices that yield, however fast the reads resolve", async () => {
		// A virtual clock: indexing a note costs 1 ms, so a 12 ms slice holds about 12 notes.
		let clock = 0;
		let yields = 0;
		const pacer: Pacer = { now: () => clock, yield: () => (yields++, quickPacer.yield()) };
		const vault = new MemoryVault("v", notes(120));
		const metadata = { metadata: () => ((clock += 1), null) };
		const index = new NoteIndex({ vault, store: new MemoryStore(), protectedFolders: [], pacer, metadata });
		await index.start();
		await index.idle();
		expect(yields).toBeGreaterThanOrEqual(9);
		expect(index.longestSliceMs).toBeLessThanOrEqual(13);
		await index.dispose();
	});

	it("does not count the wait for the saved index's read as a slice: the host had the event loop meanwhile", async () => {
		const vault = new MemoryVault("v", notes(30));
		const store = new MemoryStore();
		const first = new NoteIndex({ vault, store, protectedFolders: [], pacer: quickPacer });
		await first.idle();
		await first.dispose();
		// A virtual clock: reading the saved file takes 100 ms of I/O, checking a note 1 ms.
		let clock = 0;
		const pacer: Pacer = { now: () => clock, yield: quickPacer.yield };
		const read = store.read.bind(store);
		store.read = async (key) => {
			const text = await read(key);
			await quickPacer.yield();
			clock += 100;
			return text;
		};
		const metadata = { metadata: () => ((clock += 1), null) };
		const reopened = new NoteIndex({ vault, store, protectedFolders: [], pacer, metadata });
		await reopened.start();
		await reopened.idle();
		expect(reopened.loadedAs).toBe("loaded");
		expect(reopened.longestSliceMs).toBeLessThan(100);
		await reopened.dispose();
	});

	it("answers a search during the first pass from what is indexed, and says how far it got", async () => {
		const vault = new MemoryVault("v", notes(10));
		const read = vault.read.bind(vault);
		let release: () => void = () => undefined;
		const gate = new Promise<void>((resolve) => (release = resolve));
		vault.read = async (path) => {
			if (path >= "N005.md") await gate;
			return read(path);
		};
		// A clock that stands still: only the gate decides how far the first pass gets.
		const pacer: Pacer = { now: () => 0, yield: quickPacer.yield };
		const index = new NoteIndex({ vault, store: new MemoryStore(), protectedFolders: [], pacer, firstSearchWaitMs: 0 });
		const early = await index.search({ query: "apples", limit: 20 });
		expect(early.status).toMatchObject({ phase: "indexing", indexed: 5, total: 10 });
		expect(early.hits.map((h) => h.path)).toEqual(["N000.md", "N001.md", "N002.md", "N003.md", "N004.md"]);
		release();
		await index.idle();
		expect((await index.search({ query: "apples", limit: 20 })).hits).toHaveLength(10);
		await index.dispose();
	});

	it("takes a change in before answering the next search", async () => {
		const vault = new MemoryVault("v", { "a.md": "old words" });
		const index = new NoteIndex({ vault, store: new MemoryStore(), protectedFolders: [], pacer: quickPacer });
		await index.idle();
		await vault.process("a.md", () => "brand new zeppelin");
		await vault.rename("a.md", "Moved/b.md");
		expect((await index.search({ query: "zeppelin", limit: 5 })).hits.map((h) => h.path)).toEqual(["Moved/b.md"]);
		expect((await index.search({ query: "old", limit: 5 })).hits).toEqual([]);
		await index.dispose();
	});

	it("survives a note that fails to read, counts it, and picks it up when it changes", async () => {
		const vault = new MemoryVault("v", { "good.md": "apples", "bad.md": "apples too" });
		const read = vault.read.bind(vault);
		let broken = true;
		vault.read = (path) =>
			path === "bad.md" && broken ? Promise.reject(new VaultError("io", "EIO: bad sector", path)) : read(path);
		const index = new NoteIndex({ vault, store: new MemoryStore(), protectedFolders: [], pacer: quickPacer });
		const page = await index.search({ query: "apples", limit: 5 });
		expect(page.hits.map((h) => h.path)).toEqual(["good.md"]);
		expect(page.status).toMatchObject({ phase: "ready", unreadable: 1 });
		broken = false;
		await vault.process("bad.md", () => "apples again");
		expect((await index.search({ query: "apples", limit: 5 })).hits.map((h) => h.path).sort()).toEqual([
			"bad.md",
			"good.md",
		]);
		expect(index.status().unreadable).toBe(0);
		await index.dispose();
	});

	it("indexes a long note only up to the cap, and marks it", async () => {
		const vault = new MemoryVault("v", { "long.md": "early words " + "filler ".repeat(200) + "latecomer" });
		const index = new NoteIndex({
			vault,
			store: new MemoryStore(),
			protectedFolders: [],
			pacer: quickPacer,
			maxIndexedChars: 500,
		});
		const [hit] = (await index.search({ query: "early", limit: 5 })).hits;
		expect(hit).toMatchObject({ path: "long.md", truncated: true });
		expect((await index.search({ query: "latecomer", limit: 5 })).hits).toEqual([]);
		expect(index.status().truncated).toBe(1);
		await index.dispose();
	});

	it("past its memory cap (mobile), indexes titles, headings, tags, properties and the first part, and says so", async () => {
		const long =
			"---\ncuisine: italian\ntags: [recipes]\n---\n# Sauce steps\nearly words " +
			"filler ".repeat(400) +
			"latecomer\n";
		const open = (cap?: number): NoteIndex =>
			new NoteIndex({
				vault: new MemoryVault("v", { "Pasta.md": long, "b.md": "latecomer too" }),
				store: new MemoryStore(),
				protectedFolders: [],
				pacer: quickPacer,
				...(cap === undefined ? {} : { memoryCapBytes: () => cap }),
			});
		const paths = async (index: NoteIndex, query: string, tag?: string): Promise<string[]> =>
			(await index.search({ query, limit: 5, ...(tag ? { tag } : {}) })).hits.map((hit) => hit.path).sort();
		// Under the cap, the whole note is in.
		const roomy = open(150e6);
		expect(await paths(roomy, "latecomer")).toEqual(["Pasta.md", "b.md"]);
		expect(roomy.status().capped).toBe(false);
		await roomy.dispose();
		// Past it (here from the start), the end of a long note is not.
		const capped = open(0);
		expect(await paths(capped, "latecomer")).toEqual(["b.md"]);
		for (const query of ["pasta", "sauce steps", "italian", "early words"])
			expect(await paths(capped, query)).toEqual(["Pasta.md"]);
		expect(await paths(capped, "sauce", "recipes")).toEqual(["Pasta.md"]);
		const [hit] = (await capped.search({ query: "pasta", limit: 5 })).hits;
		expect(hit).toMatchObject({ path: "Pasta.md", truncated: true });
		expect(capped.status()).toMatchObject({ capped: true, truncated: 1 });
		await capped.dispose();
	});

	it("never reads, holds or shows files the access floor leaves out, and counts them", async () => {
		const vault = new MemoryVault("v", { "a.md": "secret plan", "Private/b.md": "secret plan" });
		const reads: string[] = [];
		const read = vault.read.bind(vault);
		vault.read = (path) => (reads.push(path), read(path));
		const index = new NoteIndex({ vault, store: new MemoryStore(), protectedFolders: ["Private"], pacer: quickPacer });
		await index.idle();
		await vault.create("c.txt", "secret plan");
		await vault.create("Private/d.md", "secret plan");
		const page = await index.search({ query: "secret", limit: 10 });
		expect(page.hits.map((h) => h.path)).toEqual(["a.md"]);
		expect(page.status.leftOut).toBe(3);
		expect(reads.filter((path) => path !== "a.md")).toEqual([]);
		await vault.trash("c.txt");
		await index.idle();
		expect(index.status().leftOut).toBe(2);
		await index.dispose();
	});
});
