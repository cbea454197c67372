import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import type { WriteOutcome } from "../../src/history/types";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";

const lines = (...xs: string[]) => xs.map((x) => x + "\n").join("");
const NOTE = lines("# Plan", "alpha", "beta", "gamma", "delta", "epsilon", "zeta");

function setup(
	initial: Record<string, string> = { "Plan.md": NOTE },
	options: { maxEntries?: number | (() => number); maxNoteBytes?: number } = {},
) {
	const vault = new MemoryVault("test", initial);
	const store = new MemoryStore();
	let n = 0;
	const history = createNoteHistory({
		vault,
		store,
		...options,
		newId: (p) => `${p}_${++n}`,
		now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, n)),
	});
	return { vault, store, history };
}

function written(outcome: WriteOutcome) {
	if (outcome.status !== "written")
		throw new Error(`expected written, got ${outcome.status}: ${"message" in outcome ? outcome.message : ""}`);
	return outcome;
}

async function edit(
	history: ReturnType<typeof setup>["history"],
	vault: MemoryVault,
	path: string,
	change: (t: string) => string,
	description = "edit",
) {
	const base = await vault.read(path);
	return history.write({ path, base, proposed: change(base), description });
}

describe("NoteHistory.write", () => {
	it("writes the proposal when the note still equals the base, and records the entry", async () => {
		const { vault, history } = setup();
		const outcome = written(await edit(history, vault, "Plan.md", (t) => t.replace("beta", "BETA"), "capitalize beta"));
		expect(outcome.rebased).toBe(false);
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("beta", "BETA"));
		expect(outcome.entry).toMatchObject({
			kind: "edit",
			description: "capitalize beta",
			added: 1,
			removed: 1,
			path: "Plan.md",
		});
		expect(await history.list("Plan.md")).toHaveLength(1);
	});

	it("merges the agent's change onto what the user typed meanwhile", async () => {
		const { vault, history } = setup();
		await vault.process("Plan.md", (t) => t.replace("zeta", "zeta (mine)"));
		const outcome = written(
			await history.write({ path: "Plan.md", base: NOTE, proposed: NOTE.replace("alpha", "ALPHA"), description: "d" }),
		);
		expect(outcome.rebased).toBe(true);
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("alpha", "ALPHA").replace("zeta", "zeta (mine)"));
	});

	it("refuses with the conflicting lines and writes nothing when the user's typing overlaps the change", async () => {
		const { vault, history } = setup();
		await vault.process("Plan.md", (t) => t.replace("beta", "beta (mine)"));
		const outcome = await history.write({
			path: "Plan.md",
			base: NOTE,
			proposed: NOTE.replace("beta", "BETA"),
			description: "d",
		});
		expect(outcome).toMatchObject({ status: "conflict", conflictLines: [3] });
		if (outcome.status === "conflict") expect(outcome.message).toContain("line 3");
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("beta", "beta (mine)"));
		expect(await history.list("Plan.md")).toEqual([]);
	});

	it("is a no-op when nothing changes", async () => {
		const { history } = setup();
		expect((await history.write({ path: "Plan.md", base: NOTE, proposed: NOTE, description: "d" })).status).toBe(
			"no-op",
		);
		expect(await history.list("Plan.md")).toEqual([]);
	});

	it("does not clobber typing that lands while the merge is computed", async () => {
		const { vault, history } = setup();
		// The user's edit lands between the history's read and its write: the first vault.process sees it.
		const original = vault.process.bind(vault);
		let once = true;
		vault.process = async (path, fn) => {
			if (once) {
				once = false;
				await original(path, (t) => t.replace("delta", "delta typed"));
			}
			return original(path, fn);
		};
		written(
			await history.write({ path: "Plan.md", base: NOTE, proposed: NOTE.replace("alpha", "ALPHA"), description: "d" }),
		);
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("alpha", "ALPHA").replace("delta", "delta typed"));
		expect(await history.list("Plan.md")).toHaveLength(1);
	});

	it("keeps CRLF and a BOM when the agent proposes LF text without one", async () => {
		const note = "\uFEFF# Ünïcode 😀\r\nline one\r\nline two\r\n";
		const { vault, history } = setup({ "C.md": note });
		written(
			await history.write({ path: "C.md", base: note, proposed: "# Ünïcode 😀\nline 1\nline two\n", description: "d" }),
		);
		expect(await vault.read("C.md")).toBe("\uFEFF# Ünïcode 😀\r\nline 1\r\nline two\r\n");
		written(await history.revert("C.md"));
		expect(await vault.read("C.md")).toBe(note);
	});

	it("refuses notes over the size limit and notes that are not text", async () => {
		const { vault, history } = setup({ "Big.md": "x".repeat(2000), "Bin.md": "a\u0000b" }, { maxNoteBytes: 1000 });
		const big = await edit(history, vault, "Big.md", (t) => t + "y");
		expect(big).toMatchObject({ status: "error" });
		if (big.status === "error") expect(big.message).toMatch(/2\.0 KB.*1000 bytes limit/);
		const bin = await edit(history, vault, "Bin.md", () => "text");
		if (bin.status !== "error") throw new Error("expected error");
		expect(bin.message).toContain("not text");
		expect(await vault.read("Big.md")).toBe("x".repeat(2000));
	});

	it("keeps at most maxEntries entries, dropping the oldest", async () => {
		const { vault, history } = setup(undefined, { maxEntries: 3 });
		for (let i = 0; i < 5; i++) written(await edit(history, vault, "Plan.md", (t) => t + `line ${i}\n`, `add ${i}`));
		const entries = await history.list("Plan.md");
		expect(entries.map((e) => e.description)).toEqual(["add 4", "add 3", "add 2"]);
	});

	it("applies a changed history size from the next write on, without a restart", async () => {
		let size = 5;
		const { vault, history } = setup(undefined, { maxEntries: () => size });
		for (let i = 0; i < 4; i++) written(await edit(history, vault, "Plan.md", (t) => t + `line ${i}\n`, `add ${i}`));
		expect(await history.list("Plan.md")).toHaveLength(4);
		size = 2;
		written(await edit(history, vault, "Plan.md", (t) => t + "line 4\n", "add 4"));
		expect((await history.list("Plan.md")).map((e) => e.description)).toEqual(["add 4", "add 3"]);
	});
});

describe("NoteHistory.revert", () => {
	it("undoes the last change exactly when the user did not edit since", async () => {
		const { vault, history } = setup();
		written(await edit(history, vault, "Plan.md", (t) => t.replace("gamma\n", "")));
		const outcome = written(await history.revert("Plan.md"));
		expect(await vault.read("Plan.md")).toBe(NOTE);
		expect(outcome.entry).toMatchObject({ kind: "revert", description: 'Revert "edit"' });
		expect(outcome.entry.reverts).toHaveLength(1);
	});

	it("keeps the user's later edits that do not touch the agent's lines", async () => {
		const { vault, history } = setup();
		written(await edit(history, vault, "Plan.md", (t) => t.replace("alpha", "ALPHA")));
		await vault.process("Plan.md", (t) => t.replace("zeta", "zeta (mine)"));
		written(await history.revert("Plan.md"));
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("zeta", "zeta (mine)"));
	});

	it("refuses, naming the lines, when the user edited the agent's lines", async () => {
		const { vault, history } = setup();
		written(await edit(history, vault, "Plan.md", (t) => t.replace("alpha", "ALPHA")));
		await vault.process("Plan.md", (t) => t.replace("ALPHA", "ALPHA!"));
		const outcome = await history.revert("Plan.md");
		expect(outcome).toMatchObject({ status: "conflict", conflictLines: [2] });
		if (outcome.status === "conflict") expect(outcome.message).toContain("line 2");
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("alpha", "ALPHA!"));
	});

	it("goes back to version X by undoing every newer entry, keeping user edits in between", async () => {
		const { vault, history } = setup();
		const first = written(await edit(history, vault, "Plan.md", (t) => t.replace("alpha", "A1")));
		await vault.process("Plan.md", (t) => t.replace("epsilon", "epsilon (mine)"));
		written(await edit(history, vault, "Plan.md", (t) => t.replace("beta", "B2")));
		written(await edit(history, vault, "Plan.md", (t) => t.replace("# Plan", "# Plan 3")));
		written(await history.revert("Plan.md", first.entry.versionId));
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("alpha", "A1").replace("epsilon", "epsilon (mine)"));
	});

	it("reverts a revert", async () => {
		const { vault, history } = setup();
		written(await edit(history, vault, "Plan.md", (t) => t.replace("beta", "BETA")));
		written(await history.revert("Plan.md"));
		expect(await vault.read("Plan.md")).toBe(NOTE);
		written(await history.revert("Plan.md"));
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("beta", "BETA"));
	});

	it("follows a rename", async () => {
		const { vault, history } = setup();
		written(await edit(history, vault, "Plan.md", (t) => t.replace("beta", "BETA")));
		await vault.rename("Plan.md", "Archive/Plan 2024.md");
		written(await history.revert("Archive/Plan 2024.md"));
		expect(await vault.read("Archive/Plan 2024.md")).toBe(NOTE);
		expect((await history.list("Archive/Plan 2024.md")).map((e) => e.path)).toEqual([
			"Archive/Plan 2024.md",
			"Archive/Plan 2024.md",
		]);
		expect(await history.list("Plan.md")).toEqual([]);
	});

	it("moves a created note to the trash, and reverting that brings it back", async () => {
		const { vault, history } = setup({});
		written(await history.create({ path: "New.md", content: "hello\n", description: "create" }));
		const outcome = written(await history.revert("New.md"));
		expect(outcome.text).toBe("");
		expect(await vault.exists("New.md")).toBe(false);
		expect(vault.trashed()).toEqual([{ path: "New.md", content: "hello\n" }]);
		written(await history.revert("New.md"));
		expect(await vault.read("New.md")).toBe("hello\n");
	});

	it("refuses to revert a create when the user wrote into the note", async () => {
		const { vault, history } = setup({});
		written(await history.create({ path: "New.md", content: "hello\n", description: "create" }));
		await vault.process("New.md", (t) => t + "mine\n");
		expect((await history.revert("New.md")).status).toBe("conflict");
		expect(await vault.read("New.md")).toBe("hello\nmine\n");
	});

	it("survives a restart: a new history over the same store reverts", async () => {
		const { vault, store, history } = setup();
		written(await edit(history, vault, "Plan.md", (t) => t.replace("beta", "BETA")));
		history.dispose();
		const again = createNoteHistory({ vault, store });
		expect(await again.list("Plan.md")).toHaveLength(1);
		written(await again.revert("Plan.md"));
		expect(await vault.read("Plan.md")).toBe(NOTE);
	});

	it("says a note the user deleted cannot be reverted, and restores it from its history", async () => {
		const { vault, history } = setup();
		const first = written(await edit(history, vault, "Plan.md", (t) => t.replace("beta", "BETA")));
		written(await edit(history, vault, "Plan.md", (t) => t.replace("gamma", "GAMMA")));
		await vault.trash("Plan.md");
		const outcome = await history.revert("Plan.md");
		expect(outcome.status).toBe("error");
		if (outcome.status === "error") expect(outcome.message).toMatch(/deleted outside Redline.*restored/);
		written(await history.restore("Plan.md", first.entry.versionId));
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("beta", "BETA"));
		// The restore is an entry too: reverting it moves the note to the trash again.
		written(await history.revert("Plan.md"));
		expect(await vault.exists("Plan.md")).toBe(false);
	});

	it("reports unknown versions and empty histories clearly", async () => {
		const { history } = setup();
		expect(await history.revert("Plan.md")).toMatchObject({ status: "no-op" });
		expect(await history.revert("Plan.md", "v_nope")).toMatchObject({ status: "no-op" });
		const { vault, history: h2 } = setup();
		written(await edit(h2, vault, "Plan.md", (t) => t + "x\n"));
		const outcome = await h2.revert("Plan.md", "v_nope");
		expect(outcome.status).toBe("error");
		if (outcome.status === "error") expect(outcome.message).toContain("v_nope is not in the history of Plan.md");
	});
});
