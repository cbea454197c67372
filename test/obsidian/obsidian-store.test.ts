import { describe, expect, it } from "vitest";
import { App } from "../fakes/obsidian";
import { ObsidianStore } from "../../src/obsidian/obsidian-store";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";
import { hasBinaryValues } from "../../src/store/store";

describe("ObsidianStore", () => {
	it("keeps keys under the plugin's data folder and lists them by prefix, sorted", async () => {
		const app = new App();
		const store = new ObsidianStore(app.vault.adapter, `${DEFAULT_CONFIG_DIR}/plugins/redline/data`);
		await store.append("threads/b.jsonl", "1\n");
		await store.append("threads/b.jsonl", "2\n");
		await store.write("threads/a.jsonl", "x");
		await store.write("history/index.json", "{}");
		expect(app.vault.text(`${DEFAULT_CONFIG_DIR}/plugins/redline/data/threads/b.jsonl`)).toBe("1\n2\n");
		expect(await store.list("threads/")).toEqual(["threads/a.jsonl", "threads/b.jsonl"]);
		expect(await store.list("")).toEqual(["history/index.json", "threads/a.jsonl", "threads/b.jsonl"]);
		expect(await store.read("missing")).toBeNull();
		await store.remove("threads/a.jsonl");
		await store.remove("threads/a.jsonl");
		expect(await store.list("threads/")).toEqual(["threads/b.jsonl"]);
	});

	it("gives a value's UTF-8 bytes whole (readBinary), and null for a missing key", async () => {
		const store = new ObsidianStore(new App().vault.adapter, `${DEFAULT_CONFIG_DIR}/plugins/redline/data`);
		await store.append("threads/t.jsonl", '{"a":"é😀"}\n');
		expect(new TextDecoder().decode((await store.readBytes("threads/t.jsonl")) ?? undefined)).toBe('{"a":"é😀"}\n');
		expect(await store.readBytes("threads/none.jsonl")).toBeNull();
		await expect(store.readBytes("../x")).rejects.toThrow(/Invalid store key/);
	});

	it("keeps binary values as written (writeBinary, readBinary), any bytes", async () => {
		const app = new App();
		const store = new ObsidianStore(app.vault.adapter, `${DEFAULT_CONFIG_DIR}/plugins/redline/data`);
		expect(hasBinaryValues(store)).toBe(true);
		const bytes = new Uint8Array([0, 0x80, 0xff, 65, 0xc3]);
		// A view into a larger buffer: only its own bytes are written.
		const larger = new Uint8Array([7, 7, ...bytes, 7]);
		await store.writeBytes("search/index/a.bin", larger.subarray(2, 2 + bytes.length));
		expect(await store.readBytes("search/index/a.bin")).toEqual(bytes);
		expect(await store.list("search/index/")).toEqual(["search/index/a.bin"]);
		await store.writeBytes("search/index/a.bin", bytes.subarray(1, 3));
		expect(await store.readBytes("search/index/a.bin")).toEqual(new Uint8Array([0x80, 0xff]));
		await store.remove("search/index/a.bin");
		expect(await store.readBytes("search/index/a.bin")).toBeNull();
		await expect(store.writeBytes("../x", bytes)).rejects.toThrow(/Invalid store key/);
	});

	it("refuses keys that could leave its folder", async () => {
		const store = new ObsidianStore(new App().vault.adapter, `${DEFAULT_CONFIG_DIR}/plugins/redline/data`);
		await expect(store.write("../../../Note.md", "x")).rejects.toThrow(/Invalid store key/);
		await expect(store.read("/abs")).rejects.toThrow(/Invalid store key/);
	});
});
