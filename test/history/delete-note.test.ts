/**
 * deleteNote through the note history (issue 31): the note's text is recorded in a `delete`
 * entry before it goes to the trash, so reverting the delete brings the note back with the same
 * bytes, by any route (revert the last change, undo that version), and putting the delete back
 * moves it to the trash again.
 */
import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import type { WriteOutcome } from "../../src/history/types";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";

const NOTE = "\uFEFF---\r\ntags: [a]\r\n---\r\n# Plan\r\nalpha\r\nno final newline";

function setup(notes: Record<string, string> = { "Plan.md": NOTE }) {
	const vault = new MemoryVault("test", notes);
	const store = new MemoryStore();
	const history = createNoteHistory({ vault, store });
	return { vault, store, history };
}

function written(outcome: WriteOutcome) {
	if (outcome.status !== "written") throw new Error(`expected written, got ${JSON.stringify(outcome)}`);
	return outcome;
}

const trashPlan = { path: "Plan.md", description: "Delete Plan.md", threadId: "t1", editId: "e1" };

describe("deleting a note through the history", () => {
	it("moves the note to the trash and records a delete entry that names the thread's edit", async () => {
		const { vault, history } = setup();
		const outcome = written(await history.trash(trashPlan));
		expect(outcome.text).toBe("");
		expect(await vault.exists("Plan.md")).toBe(false);
		expect(vault.trashed()).toEqual([{ path: "Plan.md", content: NOTE }]);
		const [entry] = await history.list("Plan.md");
		expect(entry).toMatchObject({ kind: "delete", threadId: "t1", editId: "e1", added: 0, removed: 6 });
	});

	it("reverting the delete brings the note back with identical bytes, and tells which edit it undid", async () => {
		const { vault, history } = setup();
		written(await history.trash(trashPlan));
		const back = written(await history.revert("Plan.md"));
		expect(await vault.read("Plan.md")).toBe(NOTE);
		expect(back.entry.revertedEdits).toEqual([expect.objectContaining({ threadId: "t1", editId: "e1" })]);
	});

	it("undoing the delete's version (the card's Revert) brings it back too; putting it back trashes it again", async () => {
		const { vault, history } = setup();
		const deleted = written(await history.trash(trashPlan));
		const back = written(await history.undo("Plan.md", deleted.entry.versionId));
		expect(await vault.read("Plan.md")).toBe(NOTE);
		const again = written(await history.undo("Plan.md", back.entry.versionId));
		expect(await vault.exists("Plan.md")).toBe(false);
		expect(again.entry.restoredEdits).toEqual([expect.objectContaining({ editId: "e1" })]);
		written(await history.undo("Plan.md", again.entry.versionId));
		expect(await vault.read("Plan.md")).toBe(NOTE);
	});

	it("keeps the history before the delete: after bringing the note back, an earlier edit still reverts", async () => {
		const { vault, history } = setup({ "Plan.md": "one\ntwo\n" });
		written(await history.write({ path: "Plan.md", base: "one\ntwo\n", proposed: "one\nTWO\n", description: "shout" }));
		written(await history.trash(trashPlan));
		written(await history.revert("Plan.md"));
		expect(await vault.read("Plan.md")).toBe("one\nTWO\n");
		const shout = (await history.list("Plan.md")).at(-1)?.versionId ?? "";
		written(await history.undo("Plan.md", shout));
		expect(await vault.read("Plan.md")).toBe("one\ntwo\n");
	});

	it("refuses a note that does not exist, and records nothing", async () => {
		const { history } = setup({});
		expect(await history.trash({ ...trashPlan, path: "Gone.md" })).toMatchObject({ status: "error" });
		expect(await history.list("Gone.md")).toEqual([]);
	});
});
