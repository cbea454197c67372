/**
 * NoteHistory.undo: a change addressed by its versionId is undone alone, merged onto today's
 * text (issue 26). Before it, the only way to undo an older edit was "revert to the version
 * before it", which undid every newer edit too, other threads' included, with no warning.
 */
import { describe, expect, it, onTestFinished, vi } from "vitest";
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
	const history = createNoteHistory({
		vault,
		store,
		newId: (p) => `${p}_${++n}`,
		now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, n)),
	});
	const edit = async (from: string, to: string, threadId: string, editId: string, path = "Plan.md") => {
		const base = await vault.read(path);
		return written(
			await history.write({
				path,
				base,
				proposed: base.replace(from, to),
				description: `${from} to ${to}`,
				threadId,
				editId,
			}),
		).entry;
	};
	return { vault, history, edit };
}

function written(outcome: WriteOutcome) {
	if (outcome.status !== "written")
		throw new Error(`expected written, got ${outcome.status}: ${"message" in outcome ? outcome.message : ""}`);
	return outcome;
}

describe("NoteHistory.undo", () => {
	it("undoes only an older edit and keeps the newer edits, another thread's included", async () => {
		const { vault, history, edit } = setup();
		const first = await edit("alpha", "ALPHA", "t1", "e1");
		await edit("delta", "DELTA", "t2", "e2");
		const outcome = written(await history.undo("Plan.md", first.versionId));
		expect(await vault.read("Plan.md")).toBe(lines("# Plan", "alpha", "beta", "gamma", "DELTA"));
		expect(outcome.entry).toMatchObject({
			kind: "revert",
			description: 'Revert "alpha to ALPHA"',
			reverts: [first.versionId],
			revertedEdits: [{ threadId: "t1", editId: "e1", undid: first.versionId }],
		});
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
		if (outcome.status === "conflict")
			expect(outcome.message).toBe(
				'Reverting "alpha to ALPHA" would overwrite later changes to Plan.md at line 2 (yours or another edit\'s). Nothing was written.',
			);
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
		expect(again).toEqual({
			status: "no-op",
			message: '"alpha to ALPHA" is already undone in Plan.md; nothing to write.',
		});
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("delta", "DELTA"));
	});

	it("refuses to undo alone the creation of a note that later changes build on", async () => {
		const vault = new MemoryVault("test", {});
		const history = createNoteHistory({ vault, store: new MemoryStore() });
		const created = written(
			await history.create({
				path: "New.md",
				content: NOTE,
				description: "create the plan",
				threadId: "t1",
				editId: "e1",
			}),
		).entry;
		written(
			await history.write({ path: "New.md", base: NOTE, proposed: NOTE.replace("beta", "BETA"), description: "d" }),
		);
		const outcome = await history.undo("New.md", created.versionId);
		expect(outcome).toEqual({
			status: "error",
			message:
				'"create the plan" made New.md what later changes build on; it cannot be undone alone. Use "Revert to this version" in the history to undo the later changes too.',
		});
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

describe("NoteHistory.undo refuses what it cannot undo alone", () => {
	it("says so for a note with no Redline history", async () => {
		const { history } = setup();
		const outcome = await history.undo("Plan.md", "v_1");
		expect(outcome).toEqual({ status: "no-op", message: "Plan.md has no Redline history; nothing to revert." });
	});

	it("says an older change of a deleted note cannot be undone in it, and writes nothing", async () => {
		const { vault, history, edit } = setup();
		const first = await edit("alpha", "ALPHA", "t1", "e1");
		await edit("beta", "BETA", "t2", "e2");
		await vault.trash("Plan.md");
		const outcome = await history.undo("Plan.md", first.versionId);
		expect(outcome).toEqual({
			status: "error",
			message:
				'Plan.md was deleted, so "alpha to ALPHA" cannot be undone in it. It can be restored from its Redline history instead.',
		});
		expect(await vault.exists("Plan.md")).toBe(false);
	});

	it("refuses to undo alone the revert that moved the note to the trash once the note was restored", async () => {
		const vault = new MemoryVault("test", {});
		const history = createNoteHistory({ vault, store: new MemoryStore() });
		written(await history.create({ path: "New.md", content: NOTE, description: "create the plan" }));
		const trashed = written(await history.revert("New.md")).entry;
		expect(await vault.exists("New.md")).toBe(false);
		written(await history.restore("New.md", trashed.versionId));
		const outcome = await history.undo("New.md", trashed.versionId);
		expect(outcome.status).toBe("error");
		if (outcome.status === "error")
			expect(outcome.message).toMatch(/made New\.md what later changes build on; it cannot be undone alone/);
		expect(await vault.read("New.md")).toBe(NOTE);
	});

	it("says rebased only when the user typed after the newest entry", async () => {
		const { vault, history, edit } = setup();
		const first = await edit("alpha", "ALPHA", "t1", "e1");
		const second = await edit("beta", "BETA", "t2", "e2");
		expect(written(await history.undo("Plan.md", first.versionId)).rebased).toBe(false);
		await vault.process("Plan.md", (t) => `${t}mine\n`);
		expect(written(await history.undo("Plan.md", second.versionId)).rebased).toBe(true);
		expect(await vault.read("Plan.md")).toBe(`${NOTE}mine\n`);
	});

	it("records the revert's patch from today's text to the result (it can be undone in turn)", async () => {
		const { vault, history, edit } = setup();
		const first = await edit("alpha", "ALPHA", "t1", "e1");
		await edit("delta", "DELTA", "t2", "e2");
		const revert = written(await history.undo("Plan.md", first.versionId)).entry;
		expect(revert).toMatchObject({ added: 1, removed: 1 });
		written(await history.undo("Plan.md", revert.versionId));
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("alpha", "ALPHA").replace("delta", "DELTA"));
	});
});

describe("NoteHistory.undo of the newest change of a note Redline created", () => {
	it("moves the note to the trash when its creation is the change, and brings it back when that revert is the change", async () => {
		const vault = new MemoryVault("test", {});
		const history = createNoteHistory({ vault, store: new MemoryStore() });
		const created = written(
			await history.create({ path: "New.md", content: NOTE, description: "create the plan" }),
		).entry;
		const trashed = written(await history.undo("New.md", created.versionId)).entry;
		expect(await vault.exists("New.md")).toBe(false);
		written(await history.undo("New.md", trashed.versionId));
		expect(await vault.read("New.md")).toBe(NOTE);
	});
});

describe("NoteHistory.undo over a damaged history", () => {
	/** Three edits, then the patch of entry `damaged` (0: oldest) made not to fit its text, read anew by a fresh history. */
	async function damagedAt(damaged: number) {
		const vault = new MemoryVault("test", { "Plan.md": NOTE });
		const store = new MemoryStore();
		const first = createNoteHistory({ vault, store });
		const ids: string[] = [];
		for (const [from, to] of [
			["alpha", "ALPHA"],
			["beta", "BETA"],
			["gamma", "GAMMA"],
		]) {
			const base = await vault.read("Plan.md");
			ids.push(
				written(
					await first.write({
						path: "Plan.md",
						base,
						proposed: base.replace(from, to),
						description: `${from} to ${to}`,
					}),
				).entry.versionId,
			);
		}
		first.dispose();
		const key = (await store.list("history/notes/"))[0];
		const record = JSON.parse((await store.read(key)) ?? "") as {
			entries: { patch: { hunks: { lines: string[] }[] } }[];
		};
		record.entries[damaged].patch.hunks[0].lines = ["-not a line of the note", "+NOT THE LINE"];
		await store.write(key, JSON.stringify(record));
		const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
		onTestFinished(() => warn.mockRestore());
		return { vault, ids, history: createNoteHistory({ vault, store }) };
	}

	it("refuses when a newer entry than the change does not fit its text, and writes nothing", async () => {
		const { vault, ids, history } = await damagedAt(2);
		const before = await vault.read("Plan.md");
		const outcome = await history.undo("Plan.md", ids[0]);
		expect(outcome.status).toBe("error");
		if (outcome.status === "error") expect(outcome.message).toMatch(/damaged.*set aside.*Nothing was reverted\./);
		expect(await vault.read("Plan.md")).toBe(before);
	});

	it("refuses when a gap of the user's typing older than the change does not fit its text", async () => {
		const vault = new MemoryVault("test", { "Plan.md": NOTE });
		const store = new MemoryStore();
		const first = createNoteHistory({ vault, store });
		const edit = async (from: string, to: string) => {
			const base = await vault.read("Plan.md");
			return written(
				await first.write({ path: "Plan.md", base, proposed: base.replace(from, to), description: `${from} to ${to}` }),
			).entry;
		};
		await edit("alpha", "ALPHA");
		await vault.process("Plan.md", (t) => t.replace("delta", "delta (mine)"));
		const second = await edit("beta", "BETA");
		await edit("gamma", "GAMMA");
		first.dispose();
		const key = (await store.list("history/notes/"))[0];
		const record = JSON.parse((await store.read(key)) ?? "") as {
			entries: Array<{ gap?: { hunks: { lines: string[] }[] } }>;
		};
		const gap = record.entries[1].gap;
		if (!gap) throw new Error("the second entry should have a gap");
		gap.hunks[0].lines = ["-not a line of the note", "+NOT THE LINE"];
		await store.write(key, JSON.stringify(record));
		const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
		onTestFinished(() => warn.mockRestore());
		const before = await vault.read("Plan.md");
		const outcome = await createNoteHistory({ vault, store }).undo("Plan.md", second.versionId);
		expect(outcome.status).toBe("error");
		if (outcome.status === "error") expect(outcome.message).toMatch(/damaged.*set aside.*Nothing was reverted\./);
		expect(await vault.read("Plan.md")).toBe(before);
	});

	it("refuses when an older entry than the change does not fit its text (every entry is checked)", async () => {
		const { vault, ids, history } = await damagedAt(0);
		const before = await vault.read("Plan.md");
		const outcome = await history.undo("Plan.md", ids[1]);
		expect(outcome.status).toBe("error");
		expect(await vault.read("Plan.md")).toBe(before);
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
