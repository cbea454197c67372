import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import type { WriteOutcome } from "../../src/history/types";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";

const NOTE = "# Plan\nalpha\nbeta\ngamma\n";

function setup(maxEntries = 10) {
	const vault = new MemoryVault("test", { "Plan.md": NOTE });
	const store = new MemoryStore();
	let n = 0;
	const history = createNoteHistory({
		vault,
		store,
		maxEntries,
		newId: (p) => `${p}_${++n}`,
		now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, n)),
	});
	return { vault, store, history };
}

function written(outcome: WriteOutcome) {
	if (outcome.status !== "written")
		throw new Error(`expected written, got ${outcome.status}: ${"message" in outcome ? outcome.message : ""}`);
	return outcome.entry;
}

describe("revert entries remember the threads' edits", () => {
	it("name the edit they take out, with the entry they undid", async () => {
		const { vault, history } = setup();
		const edit = written(
			await history.write({
				path: "Plan.md",
				base: NOTE,
				proposed: NOTE.replace("beta", "BETA"),
				description: "shout",
				threadId: "t_1",
				editId: "e_1",
			}),
		);
		const revert = written(await history.revert("Plan.md"));
		expect(revert.revertedEdits).toEqual([{ threadId: "t_1", editId: "e_1", undid: edit.versionId }]);
		expect(revert.restoredEdits).toBeUndefined();
		expect(await vault.read("Plan.md")).toBe(NOTE);
	});

	it("name the edits a revert of a revert puts back, and a third revert takes them out again", async () => {
		const { history } = setup();
		written(
			await history.write({
				path: "Plan.md",
				base: NOTE,
				proposed: NOTE.replace("beta", "BETA"),
				description: "shout",
				threadId: "t_1",
				editId: "e_1",
			}),
		);
		const first = written(await history.revert("Plan.md"));
		const second = written(await history.revert("Plan.md"));
		expect(second.restoredEdits).toEqual([{ threadId: "t_1", editId: "e_1", undid: first.versionId }]);
		expect(second.revertedEdits).toBeUndefined();
		const third = written(await history.revert("Plan.md"));
		expect(third.revertedEdits).toEqual([{ threadId: "t_1", editId: "e_1", undid: second.versionId }]);
	});

	it("leave out edits without a thread (and the user's own revert entries carry none)", async () => {
		const { history } = setup();
		written(
			await history.write({
				path: "Plan.md",
				base: NOTE,
				proposed: NOTE.replace("beta", "BETA"),
				description: "no thread",
			}),
		);
		const revert = written(await history.revert("Plan.md"));
		expect(revert.revertedEdits).toBeUndefined();
		expect(revert.reverts).toHaveLength(1);
	});

	it("going back several versions names every edit of every thread once, by its final fate", async () => {
		const { vault, history } = setup();
		const a = written(
			await history.write({
				path: "Plan.md",
				base: NOTE,
				proposed: NOTE.replace("alpha", "A"),
				description: "a",
				threadId: "t_1",
				editId: "e_a",
			}),
		);
		const afterA = await vault.read("Plan.md");
		const b = written(
			await history.write({
				path: "Plan.md",
				base: afterA,
				proposed: afterA.replace("beta", "B"),
				description: "b",
				threadId: "t_2",
				editId: "e_b",
			}),
		);
		// Revert b, edit c, then go back to a: undoes c, the revert (b would return) and b itself.
		written(await history.revert("Plan.md"));
		const afterRevert = await vault.read("Plan.md");
		const c = written(
			await history.write({
				path: "Plan.md",
				base: afterRevert,
				proposed: afterRevert.replace("gamma", "C"),
				description: "c",
				threadId: "t_3",
				editId: "e_c",
			}),
		);
		const back = written(await history.revert("Plan.md", a.versionId));
		expect(back.revertedEdits).toEqual([
			{ threadId: "t_3", editId: "e_c", undid: c.versionId },
			{ threadId: "t_2", editId: "e_b", undid: b.versionId },
		]);
		expect(back.restoredEdits).toBeUndefined();
		expect(await vault.read("Plan.md")).toBe(afterA);
	});

	it("still know whose edit comes back after the edit's own entry left the kept history", async () => {
		const { vault, history } = setup(3);
		const step = async (change: (t: string) => string, who: { threadId?: string; editId?: string } = {}) => {
			const base = await vault.read("Plan.md");
			return written(
				await history.write({ path: "Plan.md", base, proposed: change(base), description: "step", ...who }),
			);
		};
		const start = await step((t) => t + "omega\n");
		await step((t) => t.replace("alpha", "A"), { threadId: "t_1", editId: "e_1" });
		const e2 = await step((t) => t.replace("gamma", "G"), { threadId: "t_1", editId: "e_2" });
		const back = written(await history.revert("Plan.md", start.versionId));
		expect(back.revertedEdits?.map((r) => r.editId)).toEqual(["e_2", "e_1"]);
		// One more entry: three are kept, so e_1's own entry (and the start) are dropped.
		await step((t) => t + "psi\n");
		expect((await history.list("Plan.md")).map((e) => e.versionId)).not.toContain(start.versionId);
		const again = written(await history.revert("Plan.md", e2.versionId));
		expect(again.restoredEdits).toEqual([
			{ threadId: "t_1", editId: "e_2", undid: back.versionId },
			{ threadId: "t_1", editId: "e_1", undid: back.versionId },
		]);
		expect(await vault.read("Plan.md")).toContain("A\n");
	});

	it("survive a restart: the record keeps them", async () => {
		const { vault, store, history } = setup();
		written(
			await history.write({
				path: "Plan.md",
				base: NOTE,
				proposed: NOTE.replace("beta", "BETA"),
				description: "shout",
				threadId: "t_1",
				editId: "e_1",
			}),
		);
		const first = written(await history.revert("Plan.md"));
		history.dispose();
		const reopened = createNoteHistory({ vault, store });
		const second = written(await reopened.revert("Plan.md"));
		expect(second.restoredEdits).toEqual([{ threadId: "t_1", editId: "e_1", undid: first.versionId }]);
		reopened.dispose();
	});
});
