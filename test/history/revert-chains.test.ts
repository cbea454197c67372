/**
 * Reverting to an older version through several entries, with the user's typing in the gaps
 * between agent edits and after the newest one, and restoring a deleted note from a chosen
 * version (issue 27: each test here failed on a mutant of revert.ts that a mutation run showed
 * no test caught; the mutant is named in each test).
 */
import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import type { WriteOutcome } from "../../src/history/types";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";

const lines = (...xs: string[]) => xs.map((x) => x + "\n").join("");
const NOTE = lines("# Plan", "alpha", "beta", "gamma", "delta", "epsilon", "zeta");

function setup(initial: Record<string, string> = { "Plan.md": NOTE }) {
	const vault = new MemoryVault("test", initial);
	let n = 0;
	const history = createNoteHistory({
		vault,
		store: new MemoryStore(),
		newId: (p) => `${p}_${++n}`,
		now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, n)),
	});
	const agent = async (change: (t: string) => string, description = "edit") => {
		const base = await vault.read("Plan.md");
		return written(await history.write({ path: "Plan.md", base, proposed: change(base), description })).entry;
	};
	const user = (change: (t: string) => string) => vault.process("Plan.md", change);
	return { vault, history, agent, user };
}

function written(outcome: WriteOutcome) {
	if (outcome.status !== "written")
		throw new Error(`expected written, got ${outcome.status}: ${"message" in outcome ? outcome.message : ""}`);
	return outcome;
}

describe("reverting to an older version through a chain of entries", () => {
	// Mutants: `this.exact && entry.gap` dropped, or made `||` (revert.ts, UndoChain.undo).
	it("keeps the user's edits both in a gap between two undone agent edits and after the newest entry", async () => {
		const { vault, history, agent, user } = setup();
		const kept = await agent((t) => t.replace("zeta", "ZETA"), "kept");
		await agent((t) => t.replace("alpha", "ALPHA"), "first undone");
		await user((t) => t.replace("gamma", "gamma (typed between)"));
		await agent((t) => t.replace("beta", "BETA"), "second undone");
		await user((t) => t.replace("epsilon", "epsilon (typed after)"));
		written(await history.revert("Plan.md", kept.versionId));
		expect(await vault.read("Plan.md")).toBe(
			lines("# Plan", "alpha", "beta", "gamma (typed between)", "delta", "epsilon (typed after)", "ZETA"),
		);
	});

	it("keeps the user's edit in a gap when nothing was typed after the newest entry", async () => {
		const { vault, history, agent, user } = setup();
		const kept = await agent((t) => t.replace("zeta", "ZETA"), "kept");
		await agent((t) => t.replace("alpha", "ALPHA"), "first undone");
		await user((t) => t.replace("gamma", "gamma (typed between)"));
		await agent((t) => t.replace("beta", "BETA"), "second undone");
		written(await history.revert("Plan.md", kept.versionId));
		expect(await vault.read("Plan.md")).toBe(
			lines("# Plan", "alpha", "beta", "gamma (typed between)", "delta", "epsilon", "ZETA"),
		);
	});

	// Mutant: spare() handing back the lines so far (the merge then writes into the array it reads).
	it("merges twice in one revert, where the older entry deleted a line, without duplicating a line or dropping the user's edit", async () => {
		const { vault, history, agent, user } = setup();
		const kept = await agent((t) => t.replace("zeta", "ZETA"), "kept");
		await agent((t) => t.replace("beta\n", ""), "delete beta");
		await agent((t) => t.replace("delta", "DELTA"), "shout delta");
		await user((t) => t.replace("epsilon", "epsilon (mine)"));
		written(await history.revert("Plan.md", kept.versionId));
		expect(await vault.read("Plan.md")).toBe(
			lines("# Plan", "alpha", "beta", "gamma", "delta", "epsilon (mine)", "ZETA"),
		);
	});

	it("merges three times in one revert (the two merge arrays are used in turn)", async () => {
		const { vault, history, agent, user } = setup();
		const kept = await agent((t) => t.replace("zeta", "ZETA"), "kept");
		await agent((t) => t.replace("beta\n", ""), "delete beta");
		await agent((t) => t.replace("delta", "DELTA\nDELTA 2"), "split delta");
		await agent((t) => t.replace("alpha\n", ""), "delete alpha");
		await user((t) => t.replace("epsilon", "epsilon (mine)"));
		written(await history.revert("Plan.md", kept.versionId));
		expect(await vault.read("Plan.md")).toBe(
			lines("# Plan", "alpha", "beta", "gamma", "delta", "epsilon (mine)", "ZETA"),
		);
	});
});

describe("restoring a deleted note", () => {
	it("restores the chosen middle version, not the oldest nor the newest", async () => {
		const { vault, history, agent } = setup();
		await agent((t) => t.replace("alpha", "ALPHA"), "one");
		const middle = await agent((t) => t.replace("beta", "BETA"), "two");
		await agent((t) => t.replace("gamma", "GAMMA"), "three");
		await vault.trash("Plan.md");
		const outcome = written(await history.restore("Plan.md", middle.versionId));
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("alpha", "ALPHA").replace("beta", "BETA"));
		expect(outcome.entry).toMatchObject({ kind: "create", description: `Restore Plan.md (version of ${middle.at})` });
	});

	it("restores the newest version when none is chosen", async () => {
		const { vault, history, agent } = setup();
		await agent((t) => t.replace("alpha", "ALPHA"), "one");
		await agent((t) => t.replace("beta", "BETA"), "two");
		await vault.trash("Plan.md");
		written(await history.restore("Plan.md"));
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("alpha", "ALPHA").replace("beta", "BETA"));
	});

	it("refuses to restore over a note that exists, and leaves it as it is", async () => {
		const { vault, history, agent, user } = setup();
		const first = await agent((t) => t.replace("alpha", "ALPHA"), "one");
		await user((t) => `${t}mine\n`);
		const before = await vault.read("Plan.md");
		const outcome = await history.restore("Plan.md", first.versionId);
		expect(outcome.status).toBe("error");
		if (outcome.status === "error")
			expect(outcome.message).toBe(
				"Plan.md exists; restore only brings back a deleted note. Use revert to undo changes.",
			);
		expect(await vault.read("Plan.md")).toBe(before);
		expect(await history.list("Plan.md")).toHaveLength(1);
	});

	it("says a version no longer kept cannot be restored", async () => {
		const { vault, history, agent } = setup();
		await agent((t) => t.replace("alpha", "ALPHA"), "one");
		await vault.trash("Plan.md");
		const outcome = await history.restore("Plan.md", "v_gone");
		expect(outcome).toEqual({ status: "error", message: "Version v_gone is not in the history of Plan.md." });
		expect(await vault.exists("Plan.md")).toBe(false);
	});
});
