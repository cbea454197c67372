import { describe, expect, it, vi } from "vitest";
import { App } from "../fakes/obsidian";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import type { NoteStat, VaultChange } from "../../src/vault/vault";

function setup(files: Record<string, string>) {
	const app = new App();
	app.vault.seed(files);
	return { app, vault: new ObsidianVault(app as never) };
}

describe("ObsidianVault", () => {
	it("changes a note open in an editor in one transaction that keeps the cursor and is one undo step", async () => {
		const { app, vault } = setup({ "Todo.md": "# Todo\n\n- milk\n- bread\n" });
		const view = await app.workspace.openFile("Todo.md");
		view.editor.setCursor({ line: 3, ch: 4 }); // inside "- bread"
		const undoBefore = view.editor.undoDepth;

		await vault.process("Todo.md", (text) => text.replace("# Todo", "# Shopping list"));

		expect(view.editor.getValue()).toBe("# Shopping list\n\n- milk\n- bread\n");
		expect(view.editor.transactions).toHaveLength(1);
		// Only the changed words are replaced, not the whole document.
		expect(view.editor.transactions[0].tx.changes).toEqual([
			{ from: { line: 0, ch: 2 }, to: { line: 0, ch: 6 }, text: "Shopping list" },
		]);
		expect(view.editor.getCursor()).toEqual({ line: 3, ch: 4 });
		expect(view.editor.undoDepth).toBe(undoBefore + 1);

		view.editor.undo(); // Ctrl+Z
		expect(view.editor.getValue()).toBe("# Todo\n\n- milk\n- bread\n");
		await view.flushSave();
		expect(app.vault.text("Todo.md")).toBe("# Todo\n\n- milk\n- bread\n");
	});

	it("reads an open note from its editor, which may hold typing not yet saved", async () => {
		const { app, vault } = setup({ "A.md": "saved" });
		const view = await app.workspace.openFile("A.md");
		view.editor.transaction({ changes: [{ from: { line: 0, ch: 5 }, text: " and typed" }] });
		expect(await vault.read("A.md")).toBe("saved and typed");
	});

	it("writes a background note with Vault.process and touches no editor", async () => {
		const { app, vault } = setup({ "B.md": "one\n" });
		const written = await vault.process("B.md", (t) => t + "two\n");
		expect(written).toBe("one\ntwo\n");
		expect(app.vault.text("B.md")).toBe("one\ntwo\n");
		expect(app.vault.writes).toEqual(["B.md"]);
	});

	it("writes nothing when the process function throws", async () => {
		const { app, vault } = setup({ "B.md": "one\n" });
		await expect(
			vault.process("B.md", () => {
				throw new Error("changed meanwhile");
			}),
		).rejects.toThrow("changed meanwhile");
		expect(app.vault.writes).toEqual([]);
	});

	it("creates a note and its missing folders, and refuses an existing path", async () => {
		const { app, vault } = setup({ "A.md": "a" });
		await vault.create("Projects/2025/Plan.md", "# Plan");
		expect(app.vault.text("Projects/2025/Plan.md")).toBe("# Plan");
		expect(app.vault.getFolderByPath("Projects/2025")).not.toBeNull();
		await expect(vault.create("A.md", "x")).rejects.toMatchObject({ code: "already-exists" });
	});

	it("refuses paths that leave the vault and reports missing notes", async () => {
		const { vault } = setup({});
		await expect(vault.read("../secret.md")).rejects.toMatchObject({ code: "invalid-path" });
		await expect(vault.read("Missing.md")).rejects.toMatchObject({ code: "not-found" });
	});

	it("renames through the file manager and trashes instead of deleting; both events reach listeners", async () => {
		const { app, vault } = setup({ "Old.md": "x", "Gone.md": "y" });
		const changes: VaultChange[] = [];
		const stop = vault.onChange((c) => changes.push(c));
		await vault.rename("Old.md", "Archive/New.md");
		await vault.trash("Gone.md");
		expect(changes).toEqual([
			{ type: "rename", path: "Archive/New.md", oldPath: "Old.md" },
			{ type: "delete", path: "Gone.md" },
		]);
		expect(app.fileManager.trashed).toEqual(["Gone.md"]);
		stop();
		expect(app.vault.listenerCount()).toBe(0);
	});

	it("lists Markdown notes under a folder, sorted, without hidden folders", async () => {
		const { vault } = setup({ "b.md": "", "a/x.md": "", "a/y.txt": "", ".trash/z.md": "", "a/w.md": "" });
		expect((await vault.list()).map((n) => n.path)).toEqual(["a/w.md", "a/x.md", "b.md"]);
		expect((await vault.list("a")).map((n) => n.path)).toEqual(["a/w.md", "a/x.md"]);
	});

	it("lists a 50,000-note vault in slices, yielding to Obsidian between them, in the same order", async () => {
		const app = new App();
		const files: Record<string, string> = {};
		for (let i = 0; i < 50_000; i++) files[`f${i % 97}/Note ${(i * 7919) % 50_000}.md`] = "";
		files[".hidden/x.md"] = "";
		app.vault.seed(files);
		// Each look at the clock is a millisecond: a slice is a dozen notes, so only work that never
		// looks (one sort of the whole list) runs without a yield.
		let clock = 0;
		let yields = 0;
		const vault = new ObsidianVault(app as never, {
			now: () => clock++,
			yield: () => {
				yields++;
				return Promise.resolve();
			},
		});
		// Sorting the whole list at once was most of the block: no sort may take more than a run.
		const sort = vi.spyOn(Array.prototype, "sort");
		let listed: NoteStat[];
		try {
			listed = await vault.list();
		} finally {
			sort.mockRestore();
		}
		const longestSorted = Math.max(0, ...sort.mock.contexts.map((array) => (array as unknown[]).length));
		const expected = Object.keys(files)
			.filter((path) => !path.startsWith("."))
			.sort();
		expect(listed.map((note) => note.path)).toEqual(expected);
		expect(yields).toBeGreaterThan(1000);
		expect(longestSorted).toBeLessThanOrEqual(4096);
	});
});

describe("ObsidianVault and notes that are not valid UTF-8", () => {
	// Obsidian decodes such a file with replacement characters; writing that back would destroy the bytes.
	const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]);

	function withBytes() {
		const app = new App();
		app.vault.seed({ "Latin.md": latin1, "Fine.md": "caf\u00e9 \uFFFD kept\n" });
		return { app, vault: new ObsidianVault(app as never) };
	}

	it("refuses to read one, in the background and when it is open in an editor", async () => {
		const { app, vault } = withBytes();
		await expect(vault.read("Latin.md")).rejects.toMatchObject({ code: "not-text" });
		await app.workspace.openFile("Latin.md");
		await expect(vault.read("Latin.md")).rejects.toMatchObject({ code: "not-text" });
	});

	it("refuses to process one and writes nothing", async () => {
		const { app, vault } = withBytes();
		await expect(vault.process("Latin.md", (text) => text + "x")).rejects.toMatchObject({ code: "not-text" });
		expect(app.vault.writes).toEqual([]);
	});

	it("still reads a valid note that contains a replacement character of its own", async () => {
		const { vault } = withBytes();
		expect(await vault.read("Fine.md")).toBe("caf\u00e9 \uFFFD kept\n");
	});
});
