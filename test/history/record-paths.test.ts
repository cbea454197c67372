/**
 * Issue 14: a history is never deleted and never used for another note. Creating a note at a
 * path with an older history deleted that history for good; a renamed note's stored record kept
 * its old path, so rebuilding a damaged index mapped a deleted note's history onto a new note at
 * that path, and a revert undid the user's own text with it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MockInstance } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import { notesWithHistory } from "../../src/history/presence";
import { RENAME_JOURNAL_KEY, RenameJournal, parseRenames } from "../../src/history/rename-journal";
import type { WriteOutcome } from "../../src/history/types";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";

const NOTE = "# Plan\nalpha\nbeta\ngamma\n";

function open(vault: MemoryVault, store: MemoryStore, start = 0) {
	let n = start;
	return createNoteHistory({
		vault,
		store,
		newId: (p) => `${p}_${++n}`,
		now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, n)),
	});
}

function written(outcome: WriteOutcome) {
	if (outcome.status !== "written")
		throw new Error(`expected written, got ${outcome.status}: ${"message" in outcome ? outcome.message : ""}`);
	return outcome;
}

/** Lets the history's rename listener (queued on its serial chain) finish. */
async function settle(history: ReturnType<typeof open>): Promise<void> {
	await history.list("");
}

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
	warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe("creating a note where an older history lies", () => {
	it("sets the older history aside instead of deleting it, and starts a fresh one", async () => {
		const vault = new MemoryVault("v", { "Plan.md": NOTE });
		const store = new MemoryStore();
		const history = open(vault, store);
		written(
			await history.write({
				path: "Plan.md",
				base: NOTE,
				proposed: NOTE.replace("beta", "BETA"),
				description: "capitalize beta",
			}),
		);
		const [oldKey] = await store.list("history/notes/");
		const oldRecord = (await store.read(oldKey ?? "")) ?? "";
		await vault.trash("Plan.md");
		written(await history.create({ path: "Plan.md", content: "# New plan\n", description: "create" }));
		expect((await history.list("Plan.md")).map((e) => e.description)).toEqual(["create"]);
		const keys = await store.list("history/notes/");
		const aside = keys.filter((key) => key.startsWith(`${oldKey ?? ""}.replaced-`));
		expect(aside).toHaveLength(1);
		expect(await store.read(aside[0] ?? "")).toBe(oldRecord);
		expect(await store.read(oldKey ?? "")).toBeNull();
	});
});

describe("a record's path after a rename", () => {
	it("is stored with the record, so a rebuilt index maps the history to the renamed note", async () => {
		const vault = new MemoryVault("v", { "Plan.md": NOTE });
		const store = new MemoryStore();
		const history = open(vault, store);
		written(
			await history.write({
				path: "Plan.md",
				base: NOTE,
				proposed: NOTE.replace("beta", "BETA"),
				description: "capitalize beta",
			}),
		);
		await vault.rename("Plan.md", "Archive/Plan.md");
		await settle(history);
		const [key] = await store.list("history/notes/");
		expect(JSON.parse((await store.read(key ?? "")) ?? "{}")).toMatchObject({ path: "Archive/Plan.md" });
		history.dispose();

		// The user writes a new Plan.md with the old text's words, then the index is damaged.
		await vault.create("Plan.md", NOTE.replace("beta", "BETA"));
		await store.write("history/index.json", "{torn");
		const reopened = open(vault, store, 100);
		expect(await reopened.list("Plan.md")).toEqual([]);
		expect((await reopened.list("Archive/Plan.md")).map((e) => e.description)).toEqual(["capitalize beta"]);
		const outcome = await reopened.revert("Plan.md");
		expect(outcome.status).toBe("no-op");
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("beta", "BETA"));
	});

	it("moves every record under a renamed folder", async () => {
		const vault = new MemoryVault("v", { "Projects/A.md": NOTE, "Projects/Sub/B.md": NOTE });
		const store = new MemoryStore();
		const history = open(vault, store);
		for (const path of ["Projects/A.md", "Projects/Sub/B.md"])
			written(await history.write({ path, base: NOTE, proposed: NOTE + "more\n", description: `edit ${path}` }));
		await vault.rename("Projects/A.md", "Done/A.md");
		await vault.rename("Projects/Sub/B.md", "Done/Sub/B.md");
		await settle(history);
		const paths = await Promise.all(
			(await store.list("history/notes/")).map(
				async (key) => (JSON.parse((await store.read(key)) ?? "{}") as { path: string }).path,
			),
		);
		expect(paths.sort()).toEqual(["Done/A.md", "Done/Sub/B.md"]);
	});
});

describe("rebuilding a damaged index from records written before paths were kept current", () => {
	it("does not trust a stale path: a record whose note now holds other text is not mapped", async () => {
		const vault = new MemoryVault("v", { "Plan.md": NOTE });
		const store = new MemoryStore();
		const history = open(vault, store);
		written(
			await history.write({
				path: "Plan.md",
				base: NOTE,
				proposed: NOTE.replace("beta", "BETA"),
				description: "capitalize beta",
			}),
		);
		history.dispose();
		// An old record (v1) still names Plan.md, but the note there is now someone else's text.
		const [key] = await store.list("history/notes/");
		const record = JSON.parse((await store.read(key ?? "")) ?? "{}") as Record<string, unknown>;
		await store.write(key ?? "", JSON.stringify({ ...record, v: 1 }));
		await vault.process("Plan.md", () => "# Plan\nalpha\nmine\ngamma\n");
		await store.write("history/index.json", "{torn");
		const reopened = open(vault, store, 100);
		expect(await reopened.list("Plan.md")).toEqual([]);
		expect((await reopened.revert("Plan.md")).status).toBe("no-op");
		expect(await vault.read("Plan.md")).toBe("# Plan\nalpha\nmine\ngamma\n");
		// Not deleted: still in the store, for a person to look at.
		expect(await store.read(key ?? "")).not.toBeNull();
	});
});

describe("renames made while no history listened (the host journals them)", () => {
	it("are replayed in order when the history opens, and only once", async () => {
		const vault = new MemoryVault("v", { "Plan.md": NOTE });
		const store = new MemoryStore();
		const first = open(vault, store);
		written(
			await first.write({
				path: "Plan.md",
				base: NOTE,
				proposed: NOTE.replace("beta", "BETA"),
				description: "capitalize beta",
			}),
		);
		first.dispose();

		// Renamed twice while nothing listened; a new note takes the first path.
		await vault.rename("Plan.md", "Drafts/Plan.md");
		await vault.rename("Drafts/Plan.md", "Archive/Plan.md");
		await vault.create("Plan.md", "# Someone else's plan\n");
		const journal = new RenameJournal(store);
		await journal.record("Plan.md", "Drafts/Plan.md");
		await journal.record("Drafts", "Archive");
		expect(await notesWithHistory(store)).toEqual(new Set(["Archive/Plan.md"]));

		const reopened = open(vault, store, 100);
		expect(await reopened.list("Plan.md")).toEqual([]);
		expect((await reopened.list("Archive/Plan.md")).map((e) => e.description)).toEqual(["capitalize beta"]);
		expect(await store.read(RENAME_JOURNAL_KEY)).toBeNull();
		const [key] = await store.list("history/notes/");
		expect(JSON.parse((await store.read(key ?? "")) ?? "{}")).toMatchObject({ path: "Archive/Plan.md" });
		reopened.dispose();
		expect((await open(vault, store, 200).list("Archive/Plan.md")).map((e) => e.description)).toEqual([
			"capitalize beta",
		]);
	});

	it("skip a torn last line: the renames before it still land", async () => {
		const store = new MemoryStore();
		const vault = new MemoryVault("v", { "A.md": NOTE });
		const history = open(vault, store);
		written(await history.write({ path: "A.md", base: NOTE, proposed: NOTE + "delta\n", description: "add delta" }));
		history.dispose();
		await store.append(RENAME_JOURNAL_KEY, '{"from":"A.md","to":"B.md"}\n{"from":"B.md","t');
		expect(parseRenames((await store.read(RENAME_JOURNAL_KEY)) ?? "")).toEqual([{ from: "A.md", to: "B.md" }]);
		await vault.rename("A.md", "B.md");
		expect((await open(vault, store, 100).list("B.md")).map((e) => e.description)).toEqual(["add delta"]);
		expect(await store.read(RENAME_JOURNAL_KEY)).toBeNull();
	});
});
