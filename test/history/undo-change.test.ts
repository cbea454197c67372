/**
 * NoteHistory.undo: a change addressed by its versionId is undone alone, merged onto today's
 * text (issue 26). Before it, the only way to undo an older edit was "revert to the version
 * before it", which undid every newer edit too, other threads' included, with no warning.
 */
import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import type { WriteOutcome } from "../../src/history/types";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";

const lines = (...xs: string[]) => xs.map((x) => x + "\n").join("");
const NOTE = lines("# Plan", "alpha", "beta", "gamma", "delta");

function setup() {
	const vault = new MemoryVault("test", { "Plan.md": NOTE });
	const store = new MemoryStore();
	let n = 0;
	const history = createNoteHistory({ vault, store, newId: (p) => `${p}_${++n}`, now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, n)) });
	const edit = async (from: string, to: string, threadId: string, editId: string, path = "Plan.md") => {
		const base = await vault.read(path);
		return written(await history.write({ path, base, proposed: base.replace(from, to), description: `${from} to ${to}`, threadId, editId })).entry;
	};
	return { vault, history, edit };
}

function written(outcome: WriteOutcome) {
	if (outcome.status !== "written") throw new Error(`expected written, got ${outcome.status}: ${"message" in outcome ? outcome.message : ""}`);
	return outcome;
}

describe("NoteHistory.undo", () => {
	it("undoes only an older edit and keeps the newer edits, another thread's included", async () => {
		const { vault, history, edit } = setup();
		const first = await edit("alpha", "ALPHA", "t1", "e1");
		await edit("delta", "DELTA", "t2", "e2");
		const outcome = written(await history.undo("Plan.md", first.versionId));
		expect(await vault.read("Plan.md")).toBe(lines("# Plan", "alpha", "beta", "gamma", "DELTA"));
		expect(outcome.entry).toMatchObject({ kind: "revert", description: 'Revert "alpha to ALPHA"', reverts: [first.versionId], revertedEdits: [{ threadId: "t1", editId: "e1", undid: first.versionId }] });
		expect(outcome.entry.restoredEdits).toBeUndefined();
	});

	it("keeps the user's typing made after the edit", async () => {
		const { vault, history, edit } = setup();
		const first = await edit("alpha", "ALPHA", "t1", "e1");
		await vault.process("Plan.md", (t) => `${t}mine\n`);
		await edit("beta", "BETA", "t2", "e2");
		written(await history.undo("Plan.md", first.versionId));
		expect(await vault.read("Plan.md")).toBe(lines("# Plan", "alpha", "BETA", "gamma", "delta", "mine"));
	});

	it("refuses, writing nothing, when a newer edit changed the same lines", async () => {
		const { vault, history, edit } = setup();
		const first = await edit("alpha", "ALPHA", "t1", "e1");
		await edit("ALPHA", "Alpha!", "t2", "e2");
		const before = await vault.read("Plan.md");
		const outcome = await history.undo("Plan.md", first.versionId);
		expect(outcome).toMatchObject({ status: "conflict", conflictLines: [2] });
		if (outcome.status === "conflict") expect(outcome.message).toBe('Reverting "alpha to ALPHA" would overwrite later changes to Plan.md at line 2 (yours or another edit\'s). Nothing was written.');
		expect(await vault.read("Plan.md")).toBe(before);
		expect(await history.list("Plan.md")).toHaveLength(2);
	});

	it("undoes the newest change exactly as undoing the last change does", async () => {
		const { vault, history, edit } = setup();
		await edit("alpha", "ALPHA", "t1", "e1");
		const second = await edit("beta", "BETA", "t2", "e2");
		const outcome = written(await history.undo("Plan.md", second.versionId));
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("alpha", "ALPHA"));
		expect(outcome.entry.revertedEdits).toEqual([{ threadId: "t2", editId: "e2", undid: second.versionId }]);
	});

	it("finds the note by the version after the user renamed it, and names its current path", async () => {
		const { vault, history, edit } = setup();
		const first = await edit("alpha", "ALPHA", "t1", "e1");
		await vault.rename("Plan.md", "Projects/Plan.md");
		const outcome = written(await history.undo("Plan.md", first.versionId));
		expect(outcome.entry.path).toBe("Projects/Plan.md");
		expect(await vault.read("Projects/Plan.md")).toBe(NOTE);
	});

	it("says the change is no longer kept when no history holds the version", async () => {
		const { history, edit } = setup();
		await edit("alpha", "ALPHA", "t1", "e1");
		const outcome = await history.undo("Plan.md", "v_gone");
		expect(outcome.status).toBe("no-op");
		if (outcome.status === "no-op") expect(outcome.message).toMatch(/no longer in the history of Plan\.md/);
	});

	it("is a no-op for an edit already undone (the note reads as before it)", async () => {
		const { vault, history, edit } = setup();
		const first = await edit("alpha", "ALPHA", "t1", "e1");
		await edit("delta", "DELTA", "t2", "e2");
		written(await history.undo("Plan.md", first.versionId));
		const again = await history.undo("Plan.md", first.versionId);
		expect(again.status).toBe("no-op");
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("delta", "DELTA"));
	});

	it("refuses to undo alone the creation of a note that later changes build on", async () => {
		const vault = new MemoryVault("test", {});
		const history = createNoteHistory({ vault, store: new MemoryStore() });
		const created = written(await history.create({ path: "New.md", content: NOTE, description: "create the plan", threadId: "t1", editId: "e1" })).entry;
		written(await history.write({ path: "New.md", base: NOTE, proposed: NOTE.replace("beta", "BETA"), description: "d" }));
		const outcome = await history.undo("New.md", created.versionId);
		expect(outcome.status).toBe("error");
		expect(await vault.read("New.md")).toBe(NOTE.replace("beta", "BETA"));
	});

	it("undoing an older revert puts its edit back, merged onto the newer edits, and marks the edit restored", async () => {
		const { vault, history, edit } = setup();
		const first = await edit("alpha", "ALPHA", "t1", "e1");
		const revert = written(await history.undo("Plan.md", first.versionId)).entry;
		await edit("delta", "DELTA", "t2", "e2");
		const outcome = written(await history.undo("Plan.md", revert.versionId));
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("alpha", "ALPHA").replace("delta", "DELTA"));
		expect(outcome.entry.restoredEdits).toEqual([{ threadId: "t1", editId: "e1", undid: revert.versionId }]);
	});
});

describe("NoteHistory.revert to a version with a count of later changes", () => {
	it("refuses when the note has more later changes than the user was told, and writes nothing", async () => {
		const { vault, history, edit } = setup();
		const first = await edit("alpha", "ALPHA", "t1", "e1");
		await edit("beta", "BETA", "t1", "e2");
		await edit("gamma", "GAMMA", "t2", "e3");
		const before = await vault.read("Plan.md");
		const outcome = await history.revert("Plan.md", first.versionId, 1);
		expect(outcome.status).toBe("conflict");
		if (outcome.status === "conflict") expect(outcome.message).toMatch(/now has 2 changes after that version, not 1/);
		expect(await vault.read("Plan.md")).toBe(before);
		written(await history.revert("Plan.md", first.versionId, 2));
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("alpha", "ALPHA"));
	});
});
