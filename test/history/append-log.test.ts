/**
 * Issue 32 part 4: a note's history is written in proportion to the change. A large note's record
 * is a base (the record as a whole, written once) followed by appended lines, one per entry; a
 * one-line edit of a large note appends one line instead of rewriting the note's text. Each line
 * checks itself, so a crash in the middle of an append loses that entry only (the note was not
 * written either) and the next write repairs the file. Records written before (one JSON value,
 * v1 and v2) still load and are carried on without loss.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MockInstance } from "vitest";
import { readFileSync } from "../../src/node/fs";
import { fileURLToPath } from "../../src/node/path";
import { createNoteHistory } from "../../src/history/note-history";
import type { WriteOutcome } from "../../src/history/types";
import { MemoryStore } from "../../src/store/memory-store";
import type { Store } from "../../src/store/store";
import { MemoryVault } from "../../src/vault/memory-vault";
import { CountingStore } from "../support/counting-store";
import { FaultyStore } from "../support/faulty-store";

/** About 15 KB: large enough that its record is kept as a base plus appended lines. */
const BIG = Array.from({ length: 300 }, (_, i) => `Line ${i} of a long plan, with a few words in it.\n`).join("");
const RECORD = "history/notes/note_1.json";

function open(vault: MemoryVault, store: Store, start = 0, maxEntries?: number) {
	let n = start;
	return createNoteHistory({
		vault,
		store,
		maxEntries,
		newId: (p) => `${p}_${++n}`,
		now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
	});
}

function written(outcome: WriteOutcome) {
	if (outcome.status !== "written")
		throw new Error(`expected written, got ${outcome.status}: ${"message" in outcome ? outcome.message : ""}`);
	return outcome;
}

type History = ReturnType<typeof open>;

/** The agent replaces `from` with `to` in Big.md. */
async function edit(history: History, vault: MemoryVault, from: string, to: string, description = `${from} → ${to}`) {
	const base = await vault.read("Big.md");
	return history.write({ path: "Big.md", base, proposed: base.replace(from, to), description });
}

const typed = (vault: MemoryVault, from: string, to: string) => vault.process("Big.md", (t) => t.replace(from, to));

async function asideKeys(store: Store): Promise<string[]> {
	return (await store.list("history/")).filter((key) => key.includes(".damaged-") || key.includes(".replaced-"));
}

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
	warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe("a large note's history on disk", () => {
	it("takes one appended line per one-line edit, not a rewrite of the note's text", async () => {
		const vault = new MemoryVault("v", { "Big.md": BIG });
		const store = new CountingStore(new MemoryStore());
		const history = open(vault, store);
		written(await edit(history, vault, "Line 10 of", "LINE TEN of"));
		written(await edit(history, vault, "Line 20 of", "LINE TWENTY of"));
		store.reset();
		written(await edit(history, vault, "Line 30 of", "LINE THIRTY of"));
		expect(store.appends).toEqual([RECORD]);
		expect(store.writes).toEqual([]);
		// The entry: its patch (two lines of ~50 B), hashes, ids, description; not the ~15 KB note.
		expect(store.written("history/")).toBeLessThan(1024);
	});

	it("reads back as it was written: the entries, every version, and reverts over the appended entries", async () => {
		const vault = new MemoryVault("v", { "Big.md": BIG });
		const store = new MemoryStore();
		const history = open(vault, store);
		const first = written(await edit(history, vault, "Line 10 of", "LINE TEN of")).entry;
		await typed(vault, "Line 50 of", "Line 50 (mine) of");
		const second = written(await edit(history, vault, "Line 100 of", "LINE ONE HUNDRED of")).entry;
		await typed(vault, "Line 150 of", "Line 150 (mine) of");
		written(await edit(history, vault, "Line 200 of", "LINE TWO HUNDRED of"));
		const before = await history.list("Big.md");
		history.dispose();

		const reopened = open(vault, store, 100);
		expect(await reopened.list("Big.md")).toEqual(before);
		// Undo exactly the middle change; the others and the user's typing stay.
		written(await reopened.undo("Big.md", second.versionId));
		const mine = BIG.replace("Line 50 of", "Line 50 (mine) of").replace("Line 150 of", "Line 150 (mine) of");
		expect(await vault.read("Big.md")).toBe(
			mine.replace("Line 10 of", "LINE TEN of").replace("Line 200 of", "LINE TWO HUNDRED of"),
		);
		reopened.dispose();

		// Back to the first version, from a history read anew again: the typing stays.
		const third = open(vault, store, 200);
		written(await third.revert("Big.md", first.versionId));
		expect(await vault.read("Big.md")).toBe(mine.replace("Line 10 of", "LINE TEN of"));
		// A deleted note comes back with its text.
		await vault.trash("Big.md");
		third.dispose();
		written(await open(vault, store, 300).restore("Big.md"));
		expect(await vault.read("Big.md")).toBe(mine.replace("Line 10 of", "LINE TEN of"));
		expect(await asideKeys(store)).toEqual([]);
		expect(warn).not.toHaveBeenCalled();
	});

	it("keeps out an entry taken back because the note changed under the write, and the retry's entry in", async () => {
		const vault = new MemoryVault("v", { "Big.md": BIG });
		const store = new CountingStore(new MemoryStore());
		const history = open(vault, store);
		written(await edit(history, vault, "Line 10 of", "LINE TEN of"));
		// The user types just before the next write lands: it is taken back and retried on the new text.
		const process = vault.process.bind(vault);
		let first = true;
		vault.process = async (path, fn) => {
			if (first) {
				first = false;
				await process(path, (t) => t.replace("Line 250 of", "Line 250 (mine) of"));
			}
			return process(path, fn);
		};
		store.reset();
		const outcome = written(await edit(history, vault, "Line 20 of", "LINE TWENTY of"));
		expect(outcome.rebased).toBe(true);
		expect(store.writes).toEqual([]);
		history.dispose();
		vault.process = process;

		const reopened = open(vault, store, 100);
		expect((await reopened.list("Big.md")).map((e) => e.description)).toEqual([
			"Line 20 of → LINE TWENTY of",
			"Line 10 of → LINE TEN of",
		]);
		written(await reopened.revert("Big.md"));
		expect(await vault.read("Big.md")).toBe(
			BIG.replace("Line 10 of", "LINE TEN of").replace("Line 250 of", "Line 250 (mine) of"),
		);
	});

	it("is rewritten whole only rarely, and keeps maxEntries entries across a reopen", async () => {
		const vault = new MemoryVault("v", { "Big.md": BIG });
		const store = new CountingStore(new MemoryStore());
		const history = open(vault, store, 0, 10);
		for (let i = 0; i < 60; i++) written(await edit(history, vault, `Line ${i + 1} of`, `Edited line ${i + 1} of`));
		const listed = await history.list("Big.md");
		expect(listed).toHaveLength(10);
		history.dispose();
		// The base written for the first entry, then at most a handful of compactions in 60 edits.
		expect(store.writes.filter((key) => key === RECORD).length).toBeLessThanOrEqual(4);
		expect(store.written(RECORD)).toBeLessThan(8 * BIG.length);
		// Between compactions the file holds at most about twice its base.
		expect(((await store.read(RECORD)) ?? "").length).toBeLessThan(3 * BIG.length);

		const reopened = open(vault, store, 100, 10);
		expect(await reopened.list("Big.md")).toEqual(listed);
		written(await reopened.revert("Big.md", listed[9].versionId));
		const expected = Array.from({ length: 51 }, (_, i) => i + 1).reduce(
			(text, n) => text.replace(`Line ${n} of`, `Edited line ${n} of`),
			BIG,
		);
		expect(await vault.read("Big.md")).toBe(expected);
	});
});

describe("a crash in the middle of an append", () => {
	it("loses only the entry being appended: the entries before it stay, and the next write repairs the file", async () => {
		const vault = new MemoryVault("v", { "Big.md": BIG });
		const store = new FaultyStore();
		const history = open(vault, store);
		const first = written(await edit(history, vault, "Line 10 of", "LINE TEN of")).entry;
		written(await edit(history, vault, "Line 20 of", "LINE TWENTY of"));
		// The process dies halfway through appending the third entry: the note is not written.
		store.failWhen((op, key) => op === "append" && key.startsWith("history/notes/"), "tear");
		expect((await edit(history, vault, "Line 30 of", "LINE THIRTY of", "the torn edit")).status).toBe("error");
		history.dispose();
		// (The failed write warned, as any store failure does.)
		warn.mockClear();
		const raw = (await store.inner.read(RECORD)) ?? "";
		expect(raw.endsWith("\n")).toBe(false);
		const afterTwo = BIG.replace("Line 10 of", "LINE TEN of").replace("Line 20 of", "LINE TWENTY of");
		expect(await vault.read("Big.md")).toBe(afterTwo);

		// Restarted: the two entries before the torn line are the history, nothing is set aside.
		const reopened = open(vault, store.inner, 100);
		expect((await reopened.list("Big.md")).map((e) => e.description)).toEqual([
			"Line 20 of → LINE TWENTY of",
			"Line 10 of → LINE TEN of",
		]);
		written(await edit(reopened, vault, "Line 40 of", "LINE FORTY of", "after the crash"));
		expect(await asideKeys(store.inner)).toEqual([]);
		expect(warn).not.toHaveBeenCalled();
		expect((await store.inner.read(RECORD)) ?? "").not.toContain("the torn edit");
		reopened.dispose();

		const third = open(vault, store.inner, 200);
		expect((await third.list("Big.md")).map((e) => e.description)).toEqual([
			"after the crash",
			"Line 20 of → LINE TWENTY of",
			"Line 10 of → LINE TEN of",
		]);
		written(await third.revert("Big.md", first.versionId));
		expect(await vault.read("Big.md")).toBe(BIG.replace("Line 10 of", "LINE TEN of"));
	});

	it("is told from damage: a line before the last that fails its check sets the record aside", async () => {
		const vault = new MemoryVault("v", { "Big.md": BIG });
		const store = new MemoryStore();
		const history = open(vault, store);
		written(await edit(history, vault, "Line 10 of", "LINE TEN of"));
		written(await edit(history, vault, "Line 100 of", "LINE ONE HUNDRED of"));
		written(await edit(history, vault, "Line 200 of", "LINE TWO HUNDRED of"));
		history.dispose();
		const raw = (await store.read(RECORD)) ?? "";
		const lines = raw.split("\n");
		expect(lines.length).toBeGreaterThanOrEqual(4);
		const tampered = raw.replace("LINE ONE HUNDRED", "LINE ONE HUNDREX");
		expect(tampered).not.toBe(raw);
		await store.write(RECORD, tampered);
		const before = await vault.read("Big.md");
		const outcome = await open(vault, store, 100).revert("Big.md");
		expect(outcome.status).toBe("error");
		if (outcome.status === "error") expect(outcome.message).toMatch(/damaged.*set aside.*Nothing was reverted\./);
		expect(await vault.read("Big.md")).toBe(before);
		const aside = (await store.list("history/notes/")).filter((key) => key.includes(".damaged-"));
		expect(aside).toHaveLength(1);
		expect(await store.read(aside[0])).toBe(tampered);
	});
});

describe("a history written before appended lines (one JSON value)", () => {
	const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), "utf8");
	// Written by the code before this change (3 edits of a 300-line note, the user typing on line 50
	// between the first two), v1 the same with the version of records from before paths were kept.
	const NOTE = fixture("legacy-note.md");
	const ORIGINAL = BIG.replace("Line 50 of", "Line 50 (typed by the user) of");

	it.each(["legacy-v2-record.json", "legacy-v1-record.json"])(
		"%s loads, reverts, and is carried on with appended entries without losing one",
		async (name) => {
			const legacy = fixture(name);
			const store = new CountingStore(
				new MemoryStore({ "history/index.json": '{"Big.md":"note_1"}', [RECORD]: legacy }),
			);
			const vault = new MemoryVault("v", { "Big.md": NOTE });
			const history = open(vault, store, 100);
			const old = await history.list("Big.md");
			expect(old.map((e) => e.description)).toEqual([
				"Line 200 of to LINE TWO HUNDRED of",
				"Line 100 of to LINE ONE HUNDRED of",
				"Line 10 of to LINE TEN of",
			]);
			written(await history.revert("Big.md", old[1].versionId));
			expect(await vault.read("Big.md")).toBe(
				ORIGINAL.replace("Line 10 of", "LINE TEN of").replace("Line 100 of", "LINE ONE HUNDRED of"),
			);
			store.reset();
			written(await edit(history, vault, "Line 7 of", "LINE SEVEN of"));
			expect(store.appends).toEqual([RECORD]);
			const listed = await history.list("Big.md");
			history.dispose();

			const reopened = open(vault, store, 200);
			expect(await reopened.list("Big.md")).toEqual(listed);
			expect(listed.slice(2)).toEqual(old);
			written(await reopened.revert("Big.md", old[2].versionId));
			expect(await vault.read("Big.md")).toBe(ORIGINAL.replace("Line 10 of", "LINE TEN of"));
			expect(await asideKeys(store)).toEqual([]);
		},
	);
});

describe("renames of a note with appended entries", () => {
	it("keep the record's path current, so a rebuilt index still finds the history", async () => {
		const vault = new MemoryVault("v", { "Big.md": BIG });
		const store = new MemoryStore();
		const history = open(vault, store);
		written(await edit(history, vault, "Line 10 of", "LINE TEN of"));
		written(await edit(history, vault, "Line 20 of", "LINE TWENTY of"));
		await vault.rename("Big.md", "Archive/Big.md");
		await history.list("");
		const base = await vault.read("Archive/Big.md");
		written(
			await history.write({
				path: "Archive/Big.md",
				base,
				proposed: base.replace("Line 30 of", "LINE THIRTY of"),
				description: "after the move",
			}),
		);
		history.dispose();
		await store.write("history/index.json", "{torn");
		const reopened = open(vault, store, 100);
		expect((await reopened.list("Archive/Big.md")).map((e) => e.description)).toEqual([
			"after the move",
			"Line 20 of → LINE TWENTY of",
			"Line 10 of → LINE TEN of",
		]);
		written(await reopened.revert("Archive/Big.md"));
		expect(await vault.read("Archive/Big.md")).toBe(
			BIG.replace("Line 10 of", "LINE TEN of").replace("Line 20 of", "LINE TWENTY of"),
		);
	});
});
