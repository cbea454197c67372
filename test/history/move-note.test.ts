/**
 * moveNote through the note history (issue 31): a move is recorded as a `move` entry on the note
 * and an `edit` entry in each note whose links it rewrote, tied together, so undoing the move (by
 * any route: revert the last change, undo that version) moves the note back and restores every
 * link byte for byte; a linking note edited since on the same line is named, not overwritten; and
 * undoing the revert moves the note again.
 */
import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import type { WriteOutcome } from "../../src/history/types";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";

const NOTES = {
	"Projects/Plan.md": "# Plan\nsee [spec](./Spec.md)\n",
	"Projects/Spec.md": "spec\n",
	"Daily.md": "today: [[Projects/Plan#Goals|the plan]]\n",
	"Embeds.md": "![[Projects/Plan]]\nother line\n",
	"Journal/Day.md": "[p](../Projects/Plan.md)\n",
	"Unrelated.md": "[[Spec]]\n",
};

function setup() {
	const vault = new MemoryVault("test", NOTES);
	const store = new MemoryStore();
	const history = createNoteHistory({ vault, store });
	return { vault, history };
}

function written(outcome: WriteOutcome) {
	if (outcome.status !== "written") throw new Error(`expected written, got ${JSON.stringify(outcome)}`);
	return outcome;
}

const request = {
	path: "Projects/Plan.md",
	newPath: "Archive/2025/Plan.md",
	description: "Move",
	threadId: "t1",
	editId: "e1",
};

describe("moving a note through the history", () => {
	it("moves the note, rewrites the links to it, and records the move with one entry per linking note", async () => {
		const { vault, history } = setup();
		const outcome = written(await history.move(request));
		expect(vault.snapshot()).toEqual({
			"Archive/2025/Plan.md": "# Plan\nsee [spec](../../Projects/Spec.md)\n",
			"Projects/Spec.md": "spec\n",
			"Daily.md": "today: [[Archive/2025/Plan#Goals|the plan]]\n",
			"Embeds.md": "![[Archive/2025/Plan]]\nother line\n",
			"Journal/Day.md": "[p](../Archive/2025/Plan.md)\n",
			"Unrelated.md": "[[Spec]]\n",
		});
		expect(outcome.entry).toMatchObject({ kind: "move", path: "Archive/2025/Plan.md", threadId: "t1", editId: "e1" });
		expect(outcome.entry.move?.links.map((l) => l.path).sort()).toEqual(["Daily.md", "Embeds.md", "Journal/Day.md"]);
		const [linkEntry] = await history.list("Daily.md");
		expect(linkEntry).toMatchObject({ kind: "edit", threadId: "t1" });
		expect((await history.list("Archive/2025/Plan.md"))[0].kind).toBe("move");
	});

	it("reverting the move moves the note back and restores every link byte for byte", async () => {
		const { vault, history } = setup();
		const moved = written(await history.move(request));
		const back = written(await history.undo("Projects/Plan.md", moved.entry.versionId));
		expect(vault.snapshot()).toEqual(NOTES);
		expect(back.entry).toMatchObject({
			kind: "revert",
			path: "Projects/Plan.md",
			revertedEdits: [{ threadId: "t1", editId: "e1" }],
		});
		expect(back.notRestored).toBeUndefined();
	});

	it("reverting the last change of the moved note reverts the move", async () => {
		const { vault, history } = setup();
		written(await history.move(request));
		written(await history.revert("Archive/2025/Plan.md"));
		expect(vault.snapshot()).toEqual(NOTES);
	});

	it("a linking note edited since keeps the user's text: merged when apart, named when on the same line (where the move back updates its link as any)", async () => {
		const { vault, history } = setup();
		const moved = written(await history.move(request));
		await vault.process("Embeds.md", (text) => text.replace("other line", "typed since"));
		await vault.process("Daily.md", (text) => text.replace("today:", "yesterday:"));
		const back = written(await history.undo("Archive/2025/Plan.md", moved.entry.versionId));
		expect(await vault.read("Embeds.md")).toBe("![[Projects/Plan]]\ntyped since\n");
		expect(back.notRestored).toEqual(["Daily.md"]);
		expect(await vault.read("Daily.md")).toBe("yesterday: [[Projects/Plan#Goals|the plan]]\n");
		expect(await vault.exists("Projects/Plan.md")).toBe(true);
	});

	it("undoing the revert moves the note again, links and all", async () => {
		const { vault, history } = setup();
		const moved = written(await history.move(request));
		const after = vault.snapshot();
		const back = written(await history.undo("Archive/2025/Plan.md", moved.entry.versionId));
		written(await history.undo("Projects/Plan.md", back.entry.versionId));
		expect(vault.snapshot()).toEqual(after);
	});

	it("refuses a move onto an existing note, and onto itself, writing nothing", async () => {
		const { vault, history } = setup();
		const onto = await history.move({ ...request, newPath: "Daily.md" });
		expect(onto.status).toBe("error");
		expect("message" in onto && onto.message).toContain("Daily.md already exists");
		expect(await history.move({ ...request, newPath: request.path })).toMatchObject({ status: "error" });
		expect(vault.snapshot()).toEqual(NOTES);
		expect(await history.list("Projects/Plan.md")).toEqual([]);
	});

	it("refuses to move back over a note created at the old path since", async () => {
		const { vault, history } = setup();
		const moved = written(await history.move(request));
		await vault.create("Projects/Plan.md", "new\n");
		const outcome = await history.undo("Archive/2025/Plan.md", moved.entry.versionId);
		expect(outcome).toMatchObject({ status: "error" });
		expect(await vault.read("Daily.md")).toBe("today: [[Archive/2025/Plan#Goals|the plan]]\n");
	});
});
