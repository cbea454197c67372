import { describe, expect, it } from "vitest";
import { noteChanged, noteOpened, OwnSaves, type NoteFiles } from "../../../src/sandbox/page/changed-notes";

describe("the file list's changed marks", () => {
	it("mark a note that changes while another is shown, and clear when it is opened", () => {
		let marked: ReadonlySet<string> = new Set();
		marked = noteChanged(marked, { type: "modify", path: "Daily.md" }, "Welcome.md");
		marked = noteChanged(marked, { type: "modify", path: "Welcome.md" }, "Welcome.md");
		marked = noteChanged(marked, { type: "create", path: "New.md" }, "Welcome.md");
		expect([...marked]).toEqual(["Daily.md", "New.md"]);
		marked = noteOpened(marked, "Daily.md");
		expect([...marked]).toEqual(["New.md"]);
	});

	it("follow a rename, drop a deleted note, and keep the same set when nothing changes", () => {
		let marked: ReadonlySet<string> = new Set(["Old.md"]);
		marked = noteChanged(marked, { type: "rename", path: "Renamed.md", oldPath: "Old.md" }, null);
		expect([...marked]).toEqual(["Renamed.md"]);
		expect([...noteChanged(marked, { type: "rename", path: "Other.md", oldPath: "Unmarked.md" }, null)]).toEqual([
			"Renamed.md",
		]);
		expect([...noteChanged(marked, { type: "delete", path: "Renamed.md" }, null)]).toEqual([]);
		expect(noteChanged(marked, { type: "modify", path: "Renamed.md" }, null)).toBe(marked);
		expect(noteOpened(marked, "Unmarked.md")).toBe(marked);
	});
});

describe("OwnSaves", () => {
	it("knows the editor's own save of a note while it runs and just after, not later", async () => {
		let now = 0;
		const saves = new OwnSaves(() => now);
		let finish!: () => void;
		const files: NoteFiles = {
			read: () => Promise.resolve(""),
			write: () => new Promise<void>((resolve) => (finish = resolve)),
		};
		const wrapped = saves.wrap(files);
		const saving = wrapped.write("Daily.md", "typed");
		expect(saves.isOwn("Daily.md")).toBe(true);
		expect(saves.isOwn("Other.md")).toBe(false);
		finish();
		await saving;
		now = 500;
		expect(saves.isOwn("Daily.md")).toBe(true);
		now = 2000;
		expect(saves.isOwn("Daily.md")).toBe(false);
	});
});
