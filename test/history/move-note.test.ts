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
		// The revert's entry remembers it, so the card can say so after a reload.
		expect(back.entry.notRestored).toEqual(["Daily.md"]);
		expect((await history.list("Projects/Plan.md"))[0]?.notRestored).toEqual(["Daily.md"]);
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

/** A vault whose rename runs `around` after the host moved the note (and before its links, when `early`). */
class HookedVault extends MemoryVault {
	beforeRename: () => void = () => undefined;
	afterRename: () => Promise<void> = () => Promise.resolve();
	override async rename(from: string, to: string): Promise<void> {
		this.beforeRename();
		await super.rename(from, to);
		await this.afterRename();
	}
}

function hooked() {
	const vault = new HookedVault("test", NOTES);
	const store = new MemoryStore();
	const history = createNoteHistory({ vault, store });
	return { vault, store, history };
}

/** A history opened on what the store held at some instant, the host's renames since replayed (as after a crash). */
function reopened(vault: MemoryVault, stored: Record<string, string>, renames: Array<{ from: string; to: string }>) {
	return createNoteHistory({
		vault,
		store: new MemoryStore(stored),
		renames: {
			replay: async (apply) => {
				for (const rename of renames) await apply(rename);
			},
		},
	});
}

describe("a move is recorded before it is made", () => {
	it("every entry is saved before the host moves the note: a crash right after the move still reverts it, links and all", async () => {
		const { vault, store, history } = hooked();
		let atRename: Record<string, string> = {};
		vault.beforeRename = () => {
			atRename = store.texts();
		};
		written(await history.move(request));
		const after = reopened(vault, atRename, [{ from: request.path, to: request.newPath }]);
		const [entry] = await after.list(request.newPath);
		expect(entry).toMatchObject({ kind: "move", editId: "e1", move: { from: request.path, to: request.newPath } });
		expect(entry.move?.links).toHaveLength(3);
		written(await after.revert(request.newPath));
		expect(vault.snapshot()).toEqual(NOTES);
	});

	it("the revert that moves it back is saved before the note moves back too", async () => {
		const { vault, store, history } = hooked();
		const moved = written(await history.move(request));
		const afterMove = vault.snapshot();
		let atRename: Record<string, string> = {};
		vault.beforeRename = () => {
			atRename = store.texts();
		};
		written(await history.undo(request.newPath, moved.entry.versionId));
		const after = reopened(vault, atRename, [{ from: request.newPath, to: request.path }]);
		const [revert] = await after.list(request.path);
		expect(revert).toMatchObject({ kind: "revert", move: { from: request.newPath, to: request.path } });
		// Reapply from the reopened history: the note moves again, links and all.
		written(await after.undo(request.path, revert.versionId));
		expect(vault.snapshot()).toEqual(afterMove);
	});

	it("a host that writes a link otherwise than planned: the history records what it did, and the revert restores the bytes", async () => {
		const { vault, history } = hooked();
		vault.afterRename = async () => {
			await vault.process("Daily.md", (text) =>
				text.replace("[[Archive/2025/Plan#Goals|the plan]]", "[[Plan#Goals|the plan]]"),
			);
			// A link the host left alone, though the plan rewrote it: its entry is dropped.
			await vault.process("Embeds.md", () => NOTES["Embeds.md"]);
		};
		const moved = written(await history.move(request));
		expect(await vault.read("Daily.md")).toBe("today: [[Plan#Goals|the plan]]\n");
		expect(moved.entry.move?.links.map((l) => l.path).sort()).toEqual(["Daily.md", "Journal/Day.md"]);
		expect(await history.list("Embeds.md")).toEqual([]);
		const [daily] = await history.list("Daily.md");
		expect(daily).toMatchObject({ kind: "edit", added: 1, removed: 1 });
		written(await history.revert(request.newPath));
		expect(vault.snapshot()).toEqual(NOTES);
	});

	it("a linking note the plan left as it was and the host rewrote (its path-style setting) gets its entry too, and the revert restores it", async () => {
		const notes = { ...NOTES, "Short.md": "see [[Plan]]\n" };
		const vault = new HookedVault("test", notes);
		const history = createNoteHistory({ vault, store: new MemoryStore() });
		// The shortest link still finds the note after the move, so the plan leaves it; this host writes paths.
		vault.afterRename = async () => {
			vault.afterRename = () => Promise.resolve();
			await vault.process("Short.md", (text) => text.replace("[[Plan]]", "[[Archive/2025/Plan]]"));
		};
		const moved = written(await history.move(request));
		expect(await vault.read("Short.md")).toBe("see [[Archive/2025/Plan]]\n");
		expect(moved.entry.move?.links.map((l) => l.path)).toContain("Short.md");
		expect(await history.list("Short.md")).toMatchObject([{ kind: "edit", added: 1, removed: 1 }]);
		written(await history.revert(request.newPath));
		expect(vault.snapshot()).toEqual(notes);
	});

	it("a large linking note whose record is appended to: the host's own link is an amend line, read back anew, and the revert restores the bytes", async () => {
		// About 15 KB: its record is a base line plus appended lines (issue 32), so the amend is appended too.
		const big =
			Array.from({ length: 300 }, (_, i) => `Line ${i} of a long plan, with a few words in it.\n`).join("") +
			"[[Projects/Plan]]\n";
		const notes = { ...NOTES, "Big.md": big };
		const vault = new HookedVault("test", notes);
		const store = new MemoryStore();
		const history = createNoteHistory({ vault, store });
		// An earlier agent edit, so Big.md's record exists before the move appends to it.
		written(
			await history.write({
				path: "Big.md",
				base: big,
				proposed: big.replace("Line 7 of", "LINE 7 of"),
				description: "e",
			}),
		);
		const edited = await vault.read("Big.md");
		vault.afterRename = async () => {
			vault.afterRename = () => Promise.resolve();
			await vault.process("Big.md", (text) => text.replace("[[Archive/2025/Plan]]", "[[Plan]]"));
		};
		written(await history.move(request));
		expect(await vault.read("Big.md")).toBe(edited.replace("[[Projects/Plan]]", "[[Plan]]"));
		const key = (await store.list("history/")).find((k) => store.texts()[k]?.includes('"op":"amend"'));
		expect(key).toBeDefined();
		history.dispose();

		const anew = createNoteHistory({ vault, store: new MemoryStore(store.snapshot()) });
		const [newest] = await anew.list("Big.md");
		expect(newest).toMatchObject({ kind: "edit", added: 1, removed: 1 });
		written(await anew.revert(request.newPath));
		expect(await vault.read("Big.md")).toBe(edited);
		expect(vault.snapshot()["Projects/Plan.md"]).toBe(NOTES["Projects/Plan.md"]);
	});

	it("a host whose rename fails after it moved the note: the move is reported and recorded, not denied", async () => {
		const { vault, history } = hooked();
		vault.afterRename = () => Promise.reject(new Error("link update failed"));
		const moved = written(await history.move(request));
		expect(moved.entry.kind).toBe("move");
		expect(await vault.exists(request.newPath)).toBe(true);
		written(await history.revert(request.newPath));
		expect(vault.snapshot()).toEqual(NOTES);
	});

	it("a rename the host refuses leaves neither the note nor the history changed", async () => {
		const { vault, history } = hooked();
		vault.beforeRename = () => {
			throw new Error("disk full");
		};
		const outcome = await history.move(request);
		expect(outcome).toMatchObject({ status: "error" });
		expect("message" in outcome && outcome.message).toContain("disk full");
		expect(vault.snapshot()).toEqual(NOTES);
		for (const path of Object.keys(NOTES)) expect(await history.list(path)).toEqual([]);
	});

	it("a store that fails once the note has moved does not say that nothing moved", async () => {
		const vault = new HookedVault("test", NOTES);
		const store = new MemoryStore();
		let broken = false;
		const failing = Object.assign(Object.create(store) as MemoryStore, {
			write: (key: string, text: string) => (broken ? Promise.reject(new Error("store gone")) : store.write(key, text)),
		});
		const history = createNoteHistory({ vault, store: failing });
		vault.afterRename = () => {
			broken = true;
			return Promise.resolve();
		};
		const outcome = written(await history.move(request));
		expect(outcome.entry.kind).toBe("move");
		expect(await vault.exists(request.newPath)).toBe(true);
	});
});
