import { describe, expect, it } from "vitest";
import { MemoryVault } from "../../src/vault/memory-vault";
import { describeVaultContract, expectVaultError } from "./vault-contract";

describeVaultContract("MemoryVault", (initial) => Promise.resolve({ vault: new MemoryVault("Test", initial) }));

describe("MemoryVault", () => {
	it("keeps trashed notes with their text, oldest first", async () => {
		const vault = new MemoryVault("Test", { "a.md": "A", "Sub/b.md": "B" });
		await vault.trash("Sub/b.md");
		await vault.trash("a.md");
		expect(vault.trashed()).toEqual([
			{ path: "Sub/b.md", content: "B" },
			{ path: "a.md", content: "A" },
		]);
	});

	it("refuses invalid paths in its initial notes", () => {
		expect(() => new MemoryVault("Test", { "../x.md": "" })).toThrow(/\.\./);
	});

	it("refuses to create a note inside a note", async () => {
		const vault = new MemoryVault("Test", { "a.md": "A" });
		await expectVaultError(vault.create("a.md/b.md", "x"), "not-a-file");
	});

	it("advances mtime on every write", async () => {
		const vault = new MemoryVault("Test", { "a.md": "0" });
		const before = (await vault.list())[0].mtime;
		await vault.process("a.md", () => "1");
		expect((await vault.list())[0].mtime).toBeGreaterThan(before);
	});

	it("keeps notifying other listeners when one throws", async () => {
		const vault = new MemoryVault("Test");
		const seen: string[] = [];
		const original = console.error;
		console.error = () => undefined;
		try {
			vault.onChange(() => {
				throw new Error("bad listener");
			});
			vault.onChange((c) => seen.push(c.path));
			await vault.create("a.md", "");
		} finally {
			console.error = original;
		}
		expect(seen).toEqual(["a.md"]);
	});
});
