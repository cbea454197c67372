/**
 * A save of the chunked index cut after any number of its writes and removals (the app killed
 * mid-save) leaves an index that loads: the last whole save or the new one, so a restart reads
 * again only the notes that changed. The save below merges four segments, so it also removes
 * chunks that hold notes that did not change: removed before the manifest stops naming them,
 * those notes would be read again; a manifest written before its chunks would name chunks that
 * are not there.
 */
import { describe, expect, it } from "vitest";
import { NoteIndex } from "../../src/search/note-index";
import { MANIFEST_KEY } from "../../src/search/persisted-index";
import { MemoryStore, type StoredValue } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";
import { quickPacer } from "./support";

class CountingVault extends MemoryVault {
	reads: string[] = [];
	override read(path: string): Promise<string> {
		this.reads.push(path);
		return super.read(path);
	}
}

const NOTES = { "a.md": "apples", "b.md": "bananas", "c.md": "cherries", "d.md": "dates" };

async function session(vault: CountingVault, store: MemoryStore, edit?: string): Promise<void> {
	const index = new NoteIndex({ vault, store, protectedFolders: [], pacer: quickPacer });
	await index.idle();
	if (edit) {
		await vault.process(edit, (text) => `${text} plums`);
		await index.idle();
	}
	await index.dispose();
}

/** A store whose writes (text or bytes) and removes fail from the (cut + 1)th on, as if the app died there. */
function dying(snapshot: Record<string, StoredValue>, cut: number): { store: MemoryStore; done: () => number } {
	const store = new MemoryStore(snapshot);
	let done = 0;
	const die = (): Promise<never> => Promise.reject(new Error("killed"));
	store.write = (key, text) => (done++ < cut ? MemoryStore.prototype.write.call(store, key, text) : die());
	store.writeBytes = (key, bytes) => (done++ < cut ? MemoryStore.prototype.writeBytes.call(store, key, bytes) : die());
	store.remove = (key) => (done++ < cut ? MemoryStore.prototype.remove.call(store, key) : die());
	return { store, done: () => done };
}

describe("a chunked save cut anywhere", () => {
	it("leaves an index that loads, and only the changed note is read again", async () => {
		const vault = new CountingVault("v", NOTES);
		const store = new MemoryStore();
		// Four sessions, each leaving one more small segment: the next save merges them.
		await session(vault, store);
		await session(vault, store, "a.md");
		await session(vault, store, "b.md");
		const before = store.snapshot();
		const manifestBefore = before[MANIFEST_KEY];
		let cut = 0;
		for (;;) {
			const { store: cutStore, done } = dying(before, cut);
			// The same vault each time: c.md gets one more edit, the others keep their fingerprints.
			const cutVault = vault;
			await session(cutVault, cutStore, "c.md");
			const whole = done() <= cut;
			cutVault.reads = [];
			const restarted = new NoteIndex({
				vault: cutVault,
				store: new MemoryStore(cutStore.snapshot()),
				protectedFolders: [],
				pacer: quickPacer,
			});
			await restarted.idle();
			expect(restarted.loadedAs, `cut after ${cut} operations`).toBe("loaded");
			const changed = cutStore.snapshot()[MANIFEST_KEY] === manifestBefore ? ["c.md"] : [];
			expect(cutVault.reads, `cut after ${cut} operations`).toEqual(changed);
			const hits = (await restarted.search({ query: "plums", limit: 10 })).hits.map((hit) => hit.path).sort();
			expect(hits, `cut after ${cut} operations`).toEqual(["a.md", "b.md", "c.md"]);
			await restarted.dispose();
			if (whole) break;
			cut++;
		}
		expect(cut).toBeGreaterThan(2);
	});
});
