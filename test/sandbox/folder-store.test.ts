import { describe, expect, it } from "vitest";
import { FolderStore } from "../../src/sandbox/folder-store";
import { createTempDir, tempDir } from "../support/temp";
import { describeStoreContract } from "../store/store-contract";
import { readdir, readFile, writeFile, mkdir } from "../../src/node/fs";
import { join } from "../../src/node/path";

describeStoreContract("FolderStore", async () => {
	const dir = await createTempDir("redline-store-");
	return { store: new FolderStore(join(dir.path, "data")), cleanup: () => dir.remove() };
});

describe("FolderStore on disk", () => {
	it("keeps each key in the file of the same path under its root", async () => {
		const root = await tempDir();
		const store = new FolderStore(root);
		await store.write("threads/a.jsonl", "w");
		await store.append("threads/a.jsonl", "+a");
		expect(await readFile(join(root, "threads", "a.jsonl"), "utf8")).toBe("w+a");
	});

	it("leaves no temp files behind after many concurrent writes", async () => {
		const root = await tempDir();
		const store = new FolderStore(root);
		await Promise.all(Array.from({ length: 20 }, (_, i) => store.write("state.json", String(i))));
		expect(await readdir(root)).toEqual(["state.json"]);
		expect(await store.read("state.json")).toBe("19");
	});

	it("does not list hidden files such as interrupted temp files", async () => {
		const root = await tempDir();
		await mkdir(join(root, "threads"));
		await writeFile(join(root, "threads", ".x.redline-tmp"), "partial");
		await writeFile(join(root, "threads", "a.jsonl"), "");
		expect(await new FolderStore(root).list("")).toEqual(["threads/a.jsonl"]);
	});

	it("reads values written by an earlier FolderStore on the same folder", async () => {
		const root = await tempDir();
		await new FolderStore(root).append("log", "persisted");
		expect(await new FolderStore(root).read("log")).toBe("persisted");
	});
});
