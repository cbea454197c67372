/**
 * findNotes on the text catalog (MemoryVault): the shared specifications (support/find-notes-spec.ts),
 * and what only a catalog that reads the notes itself must get right: it keeps up with changes,
 * never reads a file under the floor, and resolves links again when notes come and go.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ToolResult } from "../../src/log/tool-result";
import { TextNoteCatalog } from "../../src/search/text-catalog";
import { createFindNotesTool, findNotesSchema, type FindNotesArgs } from "../../src/tools/find-notes";
import { isSuspended } from "../../src/tools/tool";
import { MemoryVault } from "../../src/vault/memory-vault";
import type { Vault } from "../../src/vault/vault";
import { contextFor, describeFindSpecs, FIND_VAULT, PROTECTED } from "./support/find-notes-spec";

afterEach(() => {
	vi.useRealTimers();
});

/** Creates the notes oldest first, each at its own time. */
async function createAt(vault: Vault, notes: Record<string, { text: string; mtime: number }>): Promise<void> {
	vi.useFakeTimers({ toFake: ["Date"] });
	try {
		for (const [path, note] of Object.entries(notes).sort(([, a], [, b]) => a.mtime - b.mtime)) {
			vi.setSystemTime(note.mtime);
			await vault.create(path, note.text);
		}
	} finally {
		vi.useRealTimers();
	}
}

function finder(vault: Vault, catalog: TextNoteCatalog): (args: FindNotesArgs) => Promise<ToolResult> {
	const tool = createFindNotesTool({ catalog });
	const ctx = contextFor(vault, [PROTECTED]);
	return async (args) => {
		const outcome = await tool.run(findNotesSchema.parse(args), ctx);
		if (isSuspended(outcome)) throw new Error("findNotes never suspends");
		return outcome;
	};
}

async function open(): Promise<{ vault: MemoryVault; catalog: TextNoteCatalog; run: ReturnType<typeof finder> }> {
	const vault = new MemoryVault("v");
	await createAt(vault, FIND_VAULT);
	const catalog = new TextNoteCatalog({ vault, protectedFolders: [PROTECTED] });
	return { vault, catalog, run: finder(vault, catalog) };
}

describeFindSpecs("the text catalog (MemoryVault)", async () => {
	const { catalog, run } = await open();
	return { run, cleanup: () => catalog.dispose() };
});

describe("the text catalog", () => {
	it("takes in notes created, changed, renamed and trashed since the last query", async () => {
		const { vault, catalog, run } = await open();
		const tagged = async (): Promise<string[]> =>
			((await run({ tag: "garden" })).data?.notes as { path: string }[]).map((n) => n.path);
		expect(await tagged()).toEqual([]);
		await vault.create("Garden.md", "#garden\n");
		await vault.process("Plan.md", (text) => `${text}\n#garden/beds\n`);
		expect(await tagged()).toEqual(["Plan.md", "Garden.md"]);
		await vault.rename("Garden.md", "Yard.md");
		await vault.trash("Plan.md");
		expect(await tagged()).toEqual(["Yard.md"]);
		catalog.dispose();
	});

	it("resolves links again when the note they name appears", async () => {
		const { vault, catalog, run } = await open();
		await vault.create("Notes/Linker.md", "See [[Later]].\n");
		expect((await run({ linkedFrom: "Notes/Linker.md" })).data?.notes).toEqual([]);
		await vault.create("Later.md", "Here now.\n");
		expect((await run({ linkedFrom: "Notes/Linker.md" })).data?.notes).toMatchObject([{ path: "Later.md" }]);
		expect((await run({ linksTo: "Later" })).data?.notes).toMatchObject([{ path: "Notes/Linker.md" }]);
		catalog.dispose();
	});

	it("never reads a file under the access floor", async () => {
		const vault = new MemoryVault("v");
		await createAt(vault, FIND_VAULT);
		const read = vi.spyOn(vault, "read");
		const catalog = new TextNoteCatalog({ vault, protectedFolders: [PROTECTED] });
		await finder(vault, catalog)({ tag: "project" });
		expect(read.mock.calls.map(([path]) => path)).not.toContain(`${PROTECTED}/log.md`);
		expect(read).toHaveBeenCalledWith("Plan.md");
		catalog.dispose();
	});

	it("prefers, among notes of the same name, the one in the linking note's folder, then the shortest path", async () => {
		const vault = new MemoryVault("v", {
			"A/Deep/Same.md": "deep",
			"B/Same.md": "b",
			"A/Same.md": "a",
			"A/Linker.md": "[[Same]]",
			"C/Linker.md": "[[Same]]",
			"C/Relative.md": "[[../B/Same]]",
		});
		const catalog = new TextNoteCatalog({ vault, protectedFolders: [] });
		const run = finder(vault, catalog);
		const targets = async (from: string): Promise<string[]> =>
			((await run({ linkedFrom: from })).data?.notes as { path: string }[]).map((n) => n.path);
		expect(await targets("A/Linker.md")).toEqual(["A/Same.md"]);
		expect(await targets("C/Linker.md")).toEqual(["A/Same.md"]);
		expect(await targets("C/Relative.md")).toEqual(["B/Same.md"]);
		catalog.dispose();
	});
});
