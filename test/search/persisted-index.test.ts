import { describe, expect, it } from "vitest";
import { NoteIndex } from "../../src/search/note-index";
import { INDEX_FORMAT, INDEX_KEY } from "../../src/search/persisted-index";
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
		["corrupt", "{\"format\":1,\"schema\":"], // a torn write
		["corrupt", "not json at all"],
		["corrupt", JSON.stringify({ format: INDEX_FORMAT, schema: "", notes: [["a.md", 1, 2, 0, []]], index: {} })],
	])("is rebuilt, never trusted, when it is %s (%s)", async (_reason, saved) => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		await store.write(INDEX_KEY, saved);
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
		const saved = JSON.parse((await store.read(INDEX_KEY)) ?? "{}") as Record<string, unknown>;
		for (const old of [{ ...saved, format: INDEX_FORMAT - 1 }, { ...saved, schema: "fields=title,body" }]) {
			await store.write(INDEX_KEY, JSON.stringify(old));
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
		const saved = JSON.parse((await store.read(INDEX_KEY)) ?? "{}") as { notes: unknown[][] };
		// Claims a fresh fingerprint for a note the index does not hold: trusting it would hide the note.
		saved.notes[0] = ["ghost.md", 1, 1, 0, []];
		await store.write(INDEX_KEY, JSON.stringify(saved));
		const index = await reopen(vault, store);
		expect(index.loadedAs).toBe("inconsistent");
		expect(await found(index, "apples")).toEqual(["F/c.md", "a.md"]);
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
