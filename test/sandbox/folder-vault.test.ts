import { describe, expect, it } from "vitest";
import { FolderVault } from "../../src/sandbox/folder-vault";
import type { VaultChange } from "../../src/vault/vault";
import { createTempDir, tempDir } from "../support/temp";
import { changesUntil, describeVaultContract, expectVaultError } from "../vault/vault-contract";
import { mkdir, readdir, readFile, symlink, writeFile, rm, rename } from "../../src/node/fs";
import { dirname, join } from "../../src/node/path";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";

async function writeNotes(root: string, notes: Record<string, string | Uint8Array>): Promise<void> {
	for (const [path, text] of Object.entries(notes)) {
		const file = join(root, ...path.split("/"));
		await mkdir(dirname(file), { recursive: true });
		await writeFile(file, text);
	}
}

describeVaultContract("FolderVault", async (initial) => {
	const dir = await createTempDir("redline-vault-");
	await writeNotes(dir.path, initial);
	const vault = await FolderVault.open(dir.path);
	return {
		vault,
		cleanup: async () => {
			vault.close();
			await dir.remove();
		},
	};
});

/**
 * Writes a file the way careful editors do (temp file, then rename), so the watcher sees one
 * complete change rather than an empty file followed by its text.
 */
async function writeExternally(file: string, text: string): Promise<void> {
	const temp = join(dirname(file), `.external-${Math.random().toString(36).slice(2)}`);
	await writeFile(temp, text);
	await rename(temp, file);
}

/** A vault folder inside a temp dir, with a sibling folder outside it for escape attempts. */
async function setup(notes: Record<string, string> = {}, watch = false) {
	const base = await tempDir("redline-vault-");
	const root = join(base, "vault");
	const outside = join(base, "outside");
	await mkdir(root);
	await mkdir(outside);
	await writeFile(join(outside, "secret.md"), "top secret");
	await writeNotes(root, notes);
	const vault = await FolderVault.open(root, { watch, debounceMs: 20 });
	return { vault, root, outside, done: () => vault.close() };
}

describe("FolderVault and symbolic links", () => {
	it("refuses to read, write or list through a symlink that leaves the vault", async () => {
		const { vault, root, outside, done } = await setup();
		try {
			await symlink(join(outside, "secret.md"), join(root, "link.md"));
			await symlink(outside, join(root, "linkdir"));
			await expectVaultError(vault.read("link.md"), "outside-vault", "link.md");
			await expectVaultError(
				vault.process("link.md", () => "pwned"),
				"outside-vault",
			);
			await expectVaultError(vault.read("linkdir/secret.md"), "outside-vault");
			await expectVaultError(vault.create("linkdir/new.md", "x"), "outside-vault");
			await expectVaultError(vault.list("linkdir"), "outside-vault");
			await expectVaultError(vault.rename("a.md", "linkdir/a.md"), "outside-vault");
			expect(await readFile(join(outside, "secret.md"), "utf8")).toBe("top secret");
			expect(await readdir(outside)).toEqual(["secret.md"]);
		} finally {
			done();
		}
	});

	it("refuses a dangling symlink rather than writing through it", async () => {
		const { vault, root, outside, done } = await setup();
		try {
			await symlink(join(outside, "planted.md"), join(root, "dangling.md"));
			await expectVaultError(vault.create("dangling.md", "x"), "outside-vault");
			expect(await readdir(outside)).toEqual(["secret.md"]);
		} finally {
			done();
		}
	});

	it("follows a symlink that stays inside the vault, keeping the link", async () => {
		const { vault, root, done } = await setup({ "real.md": "real text" });
		try {
			await symlink(join(root, "real.md"), join(root, "alias.md"));
			expect(await vault.read("alias.md")).toBe("real text");
			await vault.process("alias.md", (t) => t + "!");
			expect(await readFile(join(root, "real.md"), "utf8")).toBe("real text!");
		} finally {
			done();
		}
	});
});

describe("FolderVault on disk", () => {
	it("moves trashed notes into .trash/, keeping both of two with the same name", async () => {
		const { vault, root, done } = await setup({ "Sub/a.md": "first" });
		try {
			await vault.trash("Sub/a.md");
			await vault.create("Sub/a.md", "second");
			await vault.trash("Sub/a.md");
			expect((await readdir(join(root, ".trash", "Sub"))).sort()).toEqual(["a 1.md", "a.md"]);
			expect(await readFile(join(root, ".trash", "Sub", "a.md"), "utf8")).toBe("first");
			expect(await readFile(join(root, ".trash", "Sub", "a 1.md"), "utf8")).toBe("second");
		} finally {
			done();
		}
	});

	it("leaves no temp files behind after writes, failed ones included", async () => {
		const { vault, root, done } = await setup({ "a.md": "0" });
		try {
			await Promise.all(Array.from({ length: 10 }, () => vault.process("a.md", (t) => t + "1")));
			await vault
				.process("a.md", () => {
					throw new Error("abort");
				})
				.catch(() => undefined);
			expect(await readdir(root)).toEqual(["a.md"]);
			expect(await readFile(join(root, "a.md"), "utf8")).toBe("01111111111");
		} finally {
			done();
		}
	});

	it("lists only .md notes, skipping dot-folders and other files", async () => {
		const { vault, done } = await setup({
			"a.md": "",
			"b.txt": "",
			"img.png": "",
			[`${DEFAULT_CONFIG_DIR}/app.md`]: "",
			".trash/old.md": "",
			"Sub/c.MD": "",
		});
		try {
			expect((await vault.list()).map((n) => n.path)).toEqual(["Sub/c.MD", "a.md"]);
		} finally {
			done();
		}
	});

	it("refuses to open a folder that does not exist", async () => {
		const base = await tempDir();
		expect(() => new FolderVault(join(base, "missing"))).toThrow(/does not exist/);
	});

	it("names itself after its folder unless told otherwise", async () => {
		const { vault, done } = await setup();
		done();
		expect(vault.name).toBe("vault");
	});
});

describe("FolderVault watching the folder", () => {
	it("reports notes created, changed and deleted by someone else", async () => {
		const { vault, root, done } = await setup({ "existing.md": "old" }, true);
		try {
			const seen: VaultChange[] = [];
			vault.onChange((c) => seen.push(c));
			await writeExternally(join(root, "outsider.md"), "hi");
			await changesUntil(seen, 1);
			await writeExternally(join(root, "existing.md"), "changed by the user");
			await changesUntil(seen, 2);
			await rm(join(root, "outsider.md"));
			await changesUntil(seen, 3);
			expect(seen).toEqual([
				{ type: "create", path: "outsider.md" },
				{ type: "modify", path: "existing.md" },
				{ type: "delete", path: "outsider.md" },
			]);
		} finally {
			done();
		}
	});

	it("reports a folder of notes moved in from outside", async () => {
		const { vault, root, outside, done } = await setup({}, true);
		try {
			const seen: VaultChange[] = [];
			vault.onChange((c) => seen.push(c));
			await mkdir(join(outside, "Pack"));
			await writeFile(join(outside, "Pack", "one.md"), "1");
			await rename(join(outside, "Pack"), join(root, "Pack"));
			await changesUntil(seen, 1);
			expect(seen).toEqual([{ type: "create", path: "Pack/one.md" }]);
		} finally {
			done();
		}
	});

	it("reports its own writes once, not again as echoes from the watcher", async () => {
		const { vault, root, done } = await setup({ "a.md": "1" }, true);
		try {
			const seen: VaultChange[] = [];
			vault.onChange((c) => seen.push(c));
			await vault.process("a.md", () => "2");
			await vault.create("b.md", "new");
			await vault.trash("b.md");
			// An outside write afterwards acts as a marker: once it arrives, the echoes would have too.
			await writeExternally(join(root, "marker.md"), "m");
			await changesUntil(seen, 4);
			await vault.settled();
			expect(seen).toEqual([
				{ type: "modify", path: "a.md" },
				{ type: "create", path: "b.md" },
				{ type: "delete", path: "b.md" },
				{ type: "create", path: "marker.md" },
			]);
		} finally {
			done();
		}
	});

	it("stops reporting after close()", async () => {
		const { vault, root, done } = await setup({}, true);
		const seen: VaultChange[] = [];
		vault.onChange((c) => seen.push(c));
		done();
		await writeFile(join(root, "late.md"), "x");
		// Nothing can arrive; a second vault on the same folder shows the write was observable.
		const other = await FolderVault.open(root, { debounceMs: 20 });
		try {
			const otherSeen: VaultChange[] = [];
			other.onChange((c) => otherSeen.push(c));
			await writeExternally(join(root, "later.md"), "y");
			await changesUntil(otherSeen, 1);
			expect(seen).toEqual([]);
		} finally {
			other.close();
		}
	});
});
