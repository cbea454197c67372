/**
 * What each revert answers, exactly (issue 27: the mutation run of revert.ts found these answers
 * unchecked): the no-ops and refusals with their messages, the entries a revert writes (kind,
 * description, counts, rebased), a note Redline created, trashed and restored, and damaged records.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import type { WriteOutcome } from "../../src/history/types";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";

const lines = (...xs: string[]) => xs.map((x) => x + "\n").join("");
const NOTE = lines("# Plan", "alpha", "beta", "gamma", "delta", "epsilon", "zeta");

function setup(initial: Record<string, string> = { "Plan.md": NOTE }) {
	const vault = new MemoryVault("test", initial);
	const store = new MemoryStore();
	let n = 0;
	const history = createNoteHistory({
		vault,
		store,
		newId: (p) => `${p}_${++n}`,
		now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, n)),
	});
	const agent = async (change: (t: string) => string, description = "edit", path = "Plan.md") => {
		const base = await vault.read(path);
		return written(await history.write({ path, base, proposed: change(base), description })).entry;
	};
	const user = (change: (t: string) => string, path = "Plan.md") => vault.process(path, change);
	return { vault, store, history, agent, user };
}

function written(outcome: WriteOutcome) {
	if (outcome.status !== "written")
		throw new Error(`expected written, got ${outcome.status}: ${"message" in outcome ? outcome.message : ""}`);
	return outcome;
}

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
	warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe("a revert's answers", () => {
	it("is a no-op, naming the version, when the note is already at the chosen version", async () => {
		const { history, agent } = setup();
		const newest = await agent((t) => t.replace("alpha", "ALPHA"));
		expect(await history.revert("Plan.md", newest.versionId)).toEqual({
			status: "no-op",
			message: `Plan.md is already at version ${newest.versionId}; nothing newer to revert.`,
		});
	});

	it("describes a revert of the last change by that change, and a revert to a version by its time", async () => {
		const { history, agent } = setup();
		const first = await agent((t) => t.replace("alpha", "ALPHA"), "shout alpha");
		await agent((t) => t.replace("beta", "BETA"), "shout beta");
		await agent((t) => t.replace("gamma", "GAMMA"), "shout gamma");
		expect(written(await history.revert("Plan.md")).entry.description).toBe('Revert "shout gamma"');
		expect(written(await history.revert("Plan.md", first.versionId)).entry.description).toBe(
			`Revert to the version of ${first.at}`,
		);
	});

	it("says rebased only when the user typed after the newest entry", async () => {
		const { history, agent, user } = setup();
		await agent((t) => t.replace("alpha", "ALPHA"));
		await agent((t) => t.replace("beta", "BETA"));
		expect(written(await history.revert("Plan.md")).rebased).toBe(false);
		await user((t) => `${t}mine\n`);
		expect(written(await history.revert("Plan.md")).rebased).toBe(true);
	});

	it("is a no-op when the user already undid the change by hand", async () => {
		const { history, agent, user } = setup();
		await agent((t) => t.replace("alpha", "ALPHA"));
		await user((t) => t.replace("ALPHA", "alpha").replace("zeta", "zeta (mine)"));
		expect(await history.revert("Plan.md")).toEqual({
			status: "no-op",
			message: "The change is already undone in Plan.md; nothing to write.",
		});
	});

	it("names the conflicting lines when the newest change overlaps the user's edit", async () => {
		const { history, agent, user } = setup();
		await agent((t) => t.replace("alpha", "ALPHA"), "shout alpha");
		await user((t) => t.replace("ALPHA", "ALPHA!"));
		expect(await history.revert("Plan.md")).toEqual({
			status: "conflict",
			conflictLines: [2],
			message: 'Reverting "shout alpha" would overwrite your later edits in Plan.md at line 2. Nothing was written.',
		});
	});

	it("names no lines when an older change in the chain overlaps the user's edit (its lines are not today's)", async () => {
		const { vault, history, agent, user } = setup();
		const kept = await agent((t) => t.replace("zeta", "ZETA"), "kept");
		await agent((t) => t.replace("alpha", "ALPHA"), "shout alpha");
		await agent((t) => t.replace("beta", "BETA"), "shout beta");
		await user((t) => t.replace("ALPHA", "ALPHA!"));
		const before = await vault.read("Plan.md");
		expect(await history.revert("Plan.md", kept.versionId)).toEqual({
			status: "conflict",
			conflictLines: [],
			message: 'Reverting "shout alpha" would overwrite your later edits in Plan.md. Nothing was written.',
		});
		expect(await vault.read("Plan.md")).toBe(before);
	});

	it("keeps the snapshot right after a chain that ends on the version text exactly (the user undid their own typing)", async () => {
		const { vault, history, agent, user } = setup();
		const kept = await agent((t) => t.replace("zeta", "ZETA"), "kept");
		await user((t) => t.replace("gamma", "gamma (typed before A)"));
		await agent((t) => t.replace("alpha", "ALPHA"), "A");
		await user((t) => t.replace("delta", "delta (typed before B)"));
		await agent((t) => t.replace("beta", "BETA"), "B");
		await user((t) => t.replace("delta (typed before B)", "delta"));
		const reverted = written(await history.revert("Plan.md", kept.versionId));
		const back = NOTE.replace("zeta", "ZETA").replace("gamma", "gamma (typed before A)");
		expect(await vault.read("Plan.md")).toBe(back);
		expect(reverted.entry).toMatchObject({ added: 2, removed: 2 });
		// The next revert starts from the snapshot this one left: undoing it puts A and B back.
		written(await history.revert("Plan.md"));
		expect(await vault.read("Plan.md")).toBe(
			NOTE.replace("zeta", "ZETA")
				.replace("gamma", "gamma (typed before A)")
				.replace("alpha", "ALPHA")
				.replace("beta", "BETA"),
		);
	});
});

describe("a note Redline created", () => {
	it("goes to the trash when its creation is reverted, as a revert entry that removed every line", async () => {
		const { vault, history } = setup({});
		const created = written(
			await history.create({ path: "New.md", content: NOTE, description: "create the plan" }),
		).entry;
		const trashed = written(await history.revert("New.md")).entry;
		expect(trashed).toMatchObject({
			kind: "revert",
			description: 'Revert "create the plan"',
			added: 0,
			removed: 7,
			reverts: [created.versionId],
		});
		expect(await vault.exists("New.md")).toBe(false);
	});

	it("comes back with its text when that revert is undone, as a revert entry that added every line", async () => {
		const { vault, history } = setup({});
		written(await history.create({ path: "New.md", content: NOTE, description: "create the plan" }));
		written(await history.revert("New.md"));
		const back = written(await history.revert("New.md")).entry;
		expect(back).toMatchObject({ kind: "revert", added: 7, removed: 0 });
		expect(await vault.read("New.md")).toBe(NOTE);
	});

	it("is not trashed when the user edited it since, and the answer says why", async () => {
		const { vault, history, user } = setup({});
		written(await history.create({ path: "New.md", content: NOTE, description: "create the plan" }));
		await user((t) => `${t}mine\n`, "New.md");
		expect(await history.revert("New.md")).toEqual({
			status: "conflict",
			conflictLines: [],
			message:
				"New.md was edited after Redline created it; reverting the creation would discard that text, so nothing was changed.",
		});
		expect(await vault.read("New.md")).toBe(`${NOTE}mine\n`);
	});

	it("refuses to go back to before its creation once it was restored and edited", async () => {
		const { vault, history, agent } = setup({});
		const created = written(
			await history.create({ path: "Plan.md", content: NOTE, description: "create the plan" }),
		).entry;
		const trashed = written(await history.revert("Plan.md")).entry;
		written(await history.restore("Plan.md", trashed.versionId));
		await agent((t) => t.replace("alpha", "ALPHA"));
		const before = await vault.read("Plan.md");
		const outcome = await history.revert("Plan.md", created.versionId);
		expect(outcome.status).toBe("error");
		if (outcome.status === "error")
			expect(outcome.message).toMatch(
				new RegExp(
					`^Version ${created.versionId} is from before Plan\\.md was created on .+; revert to a later version\\.$`,
				),
			);
		expect(await vault.read("Plan.md")).toBe(before);
	});

	it("that the user made again after Redline trashed it is not touched by undoing the trash", async () => {
		const { vault, history } = setup({});
		written(await history.create({ path: "New.md", content: NOTE, description: "create the plan" }));
		written(await history.revert("New.md"));
		await vault.create("New.md", "mine\n");
		expect(await history.revert("New.md")).toEqual({
			status: "error",
			message: "New.md exists again after Redline moved it to the trash; that revert cannot be undone over it.",
		});
		expect(await vault.read("New.md")).toBe("mine\n");
	});

	it("once trashed a second time, is not brought back by going back further than that trash", async () => {
		const { vault, history } = setup({});
		const created = written(
			await history.create({ path: "New.md", content: NOTE, description: "create the plan" }),
		).entry;
		const trashed = written(await history.revert("New.md")).entry;
		written(await history.restore("New.md", trashed.versionId));
		written(await history.revert("New.md"));
		const outcome = await history.revert("New.md", created.versionId);
		expect(outcome.status).toBe("error");
		if (outcome.status === "error") expect(outcome.message).toMatch(/deleted outside Redline/);
		expect(await vault.exists("New.md")).toBe(false);
	});
});

describe("restore's answers", () => {
	it("says a note without Redline history cannot be restored", async () => {
		const { history } = setup({});
		expect(await history.restore("Gone.md")).toEqual({
			status: "error",
			message: "Gone.md has no Redline history to restore from.",
		});
	});

	it("records the restore as a create that added every line", async () => {
		const { vault, history, agent } = setup();
		await agent((t) => t.replace("alpha", "ALPHA"));
		await vault.trash("Plan.md");
		expect(written(await history.restore("Plan.md")).entry).toMatchObject({ kind: "create", added: 7, removed: 0 });
	});
});

describe("a damaged record", () => {
	/** Edits with the user's typing between them, then `tamper` applied to the stored record, read anew. */
	async function tampered(
		tamper: (record: {
			entries: Array<{ patch: { hunks: { lines: string[] }[] }; gap?: { hunks: { lines: string[] }[] } }>;
		}) => void,
	) {
		const { vault, store, history, agent, user } = setup();
		await agent((t) => t.replace("alpha", "ALPHA"));
		await user((t) => t.replace("gamma", "gamma (mine)"));
		await agent((t) => t.replace("beta", "BETA"));
		history.dispose();
		const key = (await store.list("history/notes/"))[0];
		const record = JSON.parse((await store.read(key)) ?? "") as Parameters<typeof tamper>[0];
		tamper(record);
		await store.write(key, JSON.stringify(record));
		return { vault, history: createNoteHistory({ vault, store }) };
	}

	it("is set aside when a gap of the user's typing does not fit its text, found while reverting", async () => {
		const { vault, history } = await tampered((record) => {
			const gap = record.entries[1].gap;
			if (!gap) throw new Error("the second entry should have a gap");
			gap.hunks[0].lines = ["-not a line of the note", "+NOT THE LINE"];
		});
		const before = await vault.read("Plan.md");
		const outcome = await history.revert("Plan.md");
		expect(outcome.status).toBe("error");
		if (outcome.status === "error") expect(outcome.message).toMatch(/damaged.*set aside.*Nothing was reverted\./);
		expect(await vault.read("Plan.md")).toBe(before);
	});

	it("is set aside when restoring from it, and nothing is created", async () => {
		const { vault, history } = await tampered((record) => {
			record.entries[0].patch.hunks[0].lines = ["-not a line of the note", "+NOT THE LINE"];
		});
		await vault.trash("Plan.md");
		const outcome = await history.restore("Plan.md");
		expect(outcome.status).toBe("error");
		if (outcome.status === "error") expect(outcome.message).toMatch(/damaged.*set aside.*Nothing was restored\./);
		expect(await vault.exists("Plan.md")).toBe(false);
	});
});

describe("a record left with no entries (emptied by hand or by a sync)", () => {
	/** One written edit, then its record stored again with every entry gone, read anew. */
	async function emptied() {
		const { vault, store, history, agent } = setup();
		await agent((t) => t.replace("alpha", "ALPHA"));
		history.dispose();
		const key = (await store.list("history/notes/"))[0];
		const record = JSON.parse((await store.read(key)) ?? "") as { entries: unknown[] };
		record.entries = [];
		await store.write(key, JSON.stringify(record));
		return { vault, history: createNoteHistory({ vault, store }) };
	}

	it("reverts nothing and says the note has no history", async () => {
		const { vault, history } = await emptied();
		const before = await vault.read("Plan.md");
		expect(await history.revert("Plan.md")).toEqual({
			status: "no-op",
			message: "Plan.md has no Redline history; nothing to revert.",
		});
		expect(await vault.read("Plan.md")).toBe(before);
	});

	it("restores nothing and says the note has no history to restore from", async () => {
		const { vault, history } = await emptied();
		await vault.trash("Plan.md");
		expect(await history.restore("Plan.md")).toEqual({
			status: "error",
			message: "Plan.md has no Redline history to restore from.",
		});
		expect(await vault.exists("Plan.md")).toBe(false);
	});
});
