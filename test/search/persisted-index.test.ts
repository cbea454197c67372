import { describe, expect, it } from "vitest";
import { NoteIndex } from "../../src/search/note-index";
import { INDEX_FORMAT, INDEX_KEY, type IndexHeader } from "../../src/search/persisted-index";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";
import { quickPacer } from "./support";

/** A MemoryVault that records which notes were read. */
class CountingVault extends MemoryVault {
	reads: string[] = [];
	override read(path: string): Promise<string> {
		this.reads.push(path);
		return super.read(path);
	}
}

const NOTES = { "a.md": "apples and pears", "b.md": "bananas", "F/c.md": "cherries and apples" };

/** The saved file's lines: its header (with the note list), then the index. */
async function savedLines(store: MemoryStore): Promise<[IndexHeader, ...string[]]> {
	const [header = "", ...rest] = ((await store.read(INDEX_KEY)) ?? "").split("\n");
	return [JSON.parse(header) as IndexHeader, ...rest];
}

async function writeLines(store: MemoryStore, [header, ...rest]: [IndexHeader, ...string[]]): Promise<void> {
	await store.write(INDEX_KEY, [JSON.stringify(header), ...rest].join("\n"));
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

describe("the saved index", () => {
	it("is loaded on restart, and only notes whose fingerprint changed are read again", async () => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await built(vault, store);
		expect(await store.read(INDEX_KEY)).not.toBeNull();
		// While Redline was closed: one note edited, one deleted, one created.
		await vault.process("b.md", () => "bananas and apples");
		await vault.trash("F/c.md");
		await vault.create("d.md", "dates");
		vault.reads = [];
		const index = await reopen(vault, store);
		expect(index.loadedAs).toBe("loaded");
		expect(vault.reads.sort()).toEqual(["b.md", "d.md"]);
		expect(index.status()).toMatchObject({ phase: "ready", indexed: 3, total: 3 });
		expect(await found(index, "apples")).toEqual(["a.md", "b.md"]);
		expect(await found(index, "dates")).toEqual(["d.md"]);
		await index.dispose();
	});

	it.each([
		["torn in its header", (text: string) => text.slice(0, 20)],
		["torn in its postings", (text: string) => text.slice(0, -5)],
		["not JSON at all", () => "not json at all"],
		["cut at the end of a line", (text: string) => text.split("\n").slice(0, -2).join("\n")],
		["postings of a note it does not list", (text: string) => text.replace(/(\[\s*"apples",\s*\d+,\s*\[)\d+/, "$199")],
		[
			"an old whole-JSON file",
			() => JSON.stringify({ format: INDEX_FORMAT, schema: "", notes: [["a.md", 1, 2, 0, []]], index: {} }),
		],
	])("is rebuilt, never trusted, when it is %s", async (_case, damage) => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await built(vault, store);
		await store.write(INDEX_KEY, damage((await store.read(INDEX_KEY)) ?? ""));
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

	it("is rebuilt when it comes from an older format or another schema", async () => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await built(vault, store);
		const [header, ...rest] = await savedLines(store);
		for (const old of [
			{ ...header, format: INDEX_FORMAT - 1 },
			{ ...header, schema: "fields=title,body" },
		]) {
			await writeLines(store, [old, ...rest]);
			vault.reads = [];
			const index = await reopen(vault, store);
			expect(index.loadedAs).toBe("older-format");
			expect(vault.reads).toHaveLength(3);
			await index.dispose();
		}
	});

	it("is rebuilt when its note list and its index disagree", async () => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await built(vault, store);
		const [header, ...rest] = await savedLines(store);
		// Claims a fresh fingerprint for a note the index does not hold: trusting it would hide the note.
		header.notes[0] = ["ghost.md", 1, 1, 0, []];
		await writeLines(store, [header, ...rest]);
		const index = await reopen(vault, store);
		expect(index.loadedAs).toBe("inconsistent");
		expect(await found(index, "apples")).toEqual(["F/c.md", "a.md"]);
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
