/** One contract for every Store: MemoryStore and FolderStore run exactly these tests. */
import { describe, expect, it, onTestFinished } from "vitest";
import { StoreError } from "../../src/store/keys";
import { hasBinaryValues, hasRangedReads, type RangedStore, type Store } from "../../src/store/store";

export interface StoreUnderTest {
	store: Store;
	cleanup?: () => Promise<void> | void;
}

async function expectStoreError(promise: Promise<unknown>, code: string): Promise<void> {
	const error: unknown = await promise.then(
		() => new Error("expected a StoreError, but the call succeeded"),
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(StoreError);
	expect((error as StoreError).code).toBe(code);
}

export function describeStoreContract(name: string, makeStore: () => Promise<StoreUnderTest>): void {
	describe(`${name} honours the Store contract`, () => {
		async function open(): Promise<Store> {
			const { store, cleanup } = await makeStore();
			if (cleanup) onTestFinished(cleanup);
			return store;
		}

		it("reads null for a key never written", async () => {
			const store = await open();
			expect(await store.read("threads/none.jsonl")).toBeNull();
		});

		it("writes, replaces and reads back a value", async () => {
			const store = await open();
			await store.write("settings/a.json", '{"a":1}');
			await store.write("settings/a.json", '{"a":2}');
			expect(await store.read("settings/a.json")).toBe('{"a":2}');
		});

		it("appends to a missing key by creating it, then keeps appending in order", async () => {
			const store = await open();
			await store.append("threads/t.jsonl", "1\n");
			await store.append("threads/t.jsonl", "2\n");
			expect(await store.read("threads/t.jsonl")).toBe("1\n2\n");
		});

		it("keeps every one of many concurrent appends, in call order", async () => {
			const store = await open();
			await Promise.all(Array.from({ length: 50 }, (_, i) => store.append("log", `${i}\n`)));
			expect(await store.read("log")).toBe(Array.from({ length: 50 }, (_, i) => `${i}\n`).join(""));
		});

		it("orders a write after earlier appends to the same key", async () => {
			const store = await open();
			const calls = [store.append("k", "a"), store.append("k", "b"), store.write("k", "fresh"), store.append("k", "!")];
			await Promise.all(calls);
			expect(await store.read("k")).toBe("fresh!");
		});

		it("lists keys by prefix, sorted, including nested keys and partial names", async () => {
			const store = await open();
			for (const key of [
				"threads/b.jsonl",
				"threads/a.jsonl",
				"threads/old/c.jsonl",
				"history/x.json",
				"threadsmeta",
			]) {
				await store.write(key, "v");
			}
			expect(await store.list("threads/")).toEqual(["threads/a.jsonl", "threads/b.jsonl", "threads/old/c.jsonl"]);
			expect(await store.list("threads")).toEqual([
				"threads/a.jsonl",
				"threads/b.jsonl",
				"threads/old/c.jsonl",
				"threadsmeta",
			]);
			expect(await store.list("threads/a")).toEqual(["threads/a.jsonl"]);
			expect(await store.list("")).toHaveLength(5);
			expect(await store.list("nothing/")).toEqual([]);
		});

		it("removes a key, and removing an absent key is fine", async () => {
			const store = await open();
			await store.write("a/b", "v");
			await store.remove("a/b");
			await store.remove("a/b");
			await store.remove("never/was");
			expect(await store.read("a/b")).toBeNull();
			expect(await store.list("a/")).toEqual([]);
		});

		it("keeps text exactly, unicode and empty values included", async () => {
			const store = await open();
			await store.write("u", "日本語 🙂\r\n");
			await store.write("empty", "");
			expect(await store.read("u")).toBe("日本語 🙂\r\n");
			expect(await store.read("empty")).toBe("");
			expect(await store.list("empty")).toEqual(["empty"]);
		});

		it.each([
			["a parent segment", "../escape"],
			["a nested parent segment", "threads/../../escape"],
			["an absolute key", "/etc/passwd"],
			["a drive letter", "C:/x"],
			["a backslash", "threads\\a"],
			["an empty key", ""],
			["an empty segment", "a//b"],
			["a dot segment", "./a"],
			["a hidden segment", "threads/.tmp"],
			["a control character", "a\u0000b"],
		])("refuses a key with %s", async (_what, key) => {
			const store = await open();
			await expectStoreError(store.read(key), "invalid-key");
			await expectStoreError(store.write(key, "x"), "invalid-key");
			await expectStoreError(store.append(key, "x"), "invalid-key");
			await expectStoreError(store.remove(key), "invalid-key");
		});

		it("refuses a prefix that leaves the store", async () => {
			const store = await open();
			await expectStoreError(store.list("../"), "invalid-key");
			await expectStoreError(store.list("/"), "invalid-key");
		});

		it("refuses a key that would also be a folder of other keys", async () => {
			const store = await open();
			await store.write("a/b", "v");
			await expectStoreError(store.write("a", "x"), "conflict");
			await expectStoreError(store.append("a/b/c", "x"), "conflict");
			expect(await store.read("a")).toBeNull();
			expect(await store.read("a/b")).toBe("v");
		});

		it("reads ranges of a value's UTF-8 bytes, when it offers ranged reads", async () => {
			const store = await open();
			if (hasRangedReads(store)) await expectRangedReads(store);
		});

		it("keeps a binary value's bytes as written, any bytes, when it offers binary values", async () => {
			const store = await open();
			if (!hasBinaryValues(store)) return;
			// Not UTF-8: a NUL, a lone continuation byte, 0xff.
			const bytes = new Uint8Array([0, 1, 0x80, 0xff, 0xfe, 65, 0xc3]);
			const written = bytes.slice();
			await store.writeBytes("search/index/a.bin", written);
			written[0] = 9; // the caller's buffer, reused: the value keeps what was written
			expect(await store.readBytes("search/index/a.bin")).toEqual(bytes);
			expect(await store.list("search/")).toEqual(["search/index/a.bin"]);
			await store.writeBytes("search/index/a.bin", bytes.subarray(2, 4));
			expect(await store.readBytes("search/index/a.bin")).toEqual(new Uint8Array([0x80, 0xff]));
			// A text value's bytes are its UTF-8; a binary value read as text is decoded so.
			await store.write("settings/a.json", "é");
			expect(await store.readBytes("settings/a.json")).toEqual(new TextEncoder().encode("é"));
			await store.writeBytes("settings/a.json", new TextEncoder().encode("ü"));
			expect(await store.read("settings/a.json")).toBe("ü");
			expect(await store.readBytes("search/index/none.bin")).toBeNull();
			await store.remove("search/index/a.bin");
			expect(await store.readBytes("search/index/a.bin")).toBeNull();
			await expectStoreError(store.writeBytes("../x", bytes), "invalid-key");
		});
	});
}

/** What a store with ranged reads answers: bytes of a value's UTF-8 text, as it is now. */
export async function expectRangedReads(store: RangedStore): Promise<void> {
	const text = 'a\n{"é":"😀"}\n';
	const bytes = new TextEncoder().encode(text);
	await store.append("threads/t.jsonl", text);
	expect(await store.size("threads/t.jsonl")).toBe(bytes.length);
	expect(await store.readRange("threads/t.jsonl", 0, bytes.length)).toEqual(bytes);
	// A range may cut a character: bytes, not text.
	expect(await store.readRange("threads/t.jsonl", 4, 11)).toEqual(bytes.slice(4, 11));
	expect(await store.readRange("threads/t.jsonl", 10, 1000)).toEqual(bytes.slice(10));
	expect(await store.readRange("threads/t.jsonl", 1000, 2000)).toEqual(new Uint8Array(0));
	await store.append("threads/t.jsonl", "more");
	expect(await store.size("threads/t.jsonl")).toBe(bytes.length + 4);
	expect(await store.size("threads/none.jsonl")).toBeNull();
	expect(await store.readRange("threads/none.jsonl", 0, 10)).toEqual(new Uint8Array(0));
	// A key that is a folder of other keys holds no value (on disk: a folder, which opens but does not read).
	expect(await store.size("threads")).toBeNull();
	expect(await store.readRange("threads", 0, 10)).toEqual(new Uint8Array(0));
	await store.write("threads/t.jsonl", "x");
	expect(await store.readRange("threads/t.jsonl", 0, 10)).toEqual(new Uint8Array([120]));
	await expectStoreError(store.size("../x"), "invalid-key");
}
