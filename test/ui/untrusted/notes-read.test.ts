/** The notes read in a reply's turn, from the thread state (issue 25). */
import { describe, expect, it } from "vitest";
import { notesReadInTurn, sameReads } from "../../../src/ui/untrusted/notes-read";
import { project } from "../../../src/thread/projection";
import { EventScript } from "../support/events";

const ok = (path: string, text: string) => ({ status: "success" as const, message: `${path}:\n${text}`, path });

describe("notes read in a turn", () => {
	it("are the successful readNote results between the turn's user message and the reply, not earlier turns' nor other tools'", () => {
		const script = new EventScript().user("m1", "First").assistant("a1", "");
		script.propose("a1", "c1", "readNote", { path: "Old.md" }).decide("c1", "approved").run("c1", ok("Old.md", "old"));
		script.assistant("a2", "Done").user("m2", "Second").assistant("a3", "");
		script.propose("a3", "c2", "readNote", { path: "Private/Passwords.md" }).decide("c2", "approved").run("c2", ok("Private/Passwords.md", "secret"));
		script.propose("a3", "c3", "readNote", { path: "Missing.md" }).decide("c3", "approved").run("c3", { status: "error", message: "Missing.md does not exist" });
		script.propose("a3", "c4", "listNotes", {}).decide("c4", "approved").run("c4", ok("", "Old.md"));
		script.assistant("a4", "Here it is");
		const state = project(script.threadId, script.events);
		expect(notesReadInTurn(state, "a4")).toEqual([{ path: "Private/Passwords.md", text: "Private/Passwords.md:\nsecret" }]);
		expect(notesReadInTurn(state, "a2")).toEqual([{ path: "Old.md", text: "Old.md:\nold" }]);
		expect(notesReadInTurn(state, "nope")).toEqual([]);
	});

	it("name a read whose result names no path by its call's path, or as a note when the call has none", () => {
		const script = new EventScript().user("m1", "Read them").assistant("a1", "");
		script.propose("a1", "c1", "readNote", { path: "Plan.md" }).decide("c1", "approved").run("c1", { status: "success", message: "plan text" });
		script.propose("a1", "c2", "readNote", { path: 5 }).decide("c2", "approved").run("c2", { status: "success", message: "odd text" });
		script.propose("a1", "c3", "readNote", null).decide("c3", "approved").run("c3", { status: "success", message: "no args" });
		script.assistant("a2", "Done");
		const state = project(script.threadId, script.events);
		expect(notesReadInTurn(state, "a2")).toEqual([
			{ path: "Plan.md", text: "plan text" },
			{ path: "a note", text: "odd text" },
			{ path: "a note", text: "no args" },
		]);
	});

	it("count the reply's own calls, and stop at the turn's user message", () => {
		const script = new EventScript().user("m1", "First").assistant("a1", "");
		script.propose("a1", "c1", "readNote", { path: "Old.md" }).decide("c1", "approved").run("c1", ok("Old.md", "old"));
		script.user("m2", "Second").assistant("a2", "Reading");
		script.propose("a2", "c2", "readNote", { path: "New.md" }).decide("c2", "approved").run("c2", ok("New.md", "new"));
		const state = project(script.threadId, script.events);
		expect(notesReadInTurn(state, "a2")).toEqual([{ path: "New.md", text: "New.md:\nnew" }]);
		expect(notesReadInTurn(state, "m2")).toEqual([]);
	});
});

describe("two lists of reads", () => {
	const a = { path: "A.md", text: "a" };
	it("are the same when they name the same notes with the same text, in order", () => {
		expect(sameReads([a, { path: "B.md", text: "b" }], [{ ...a }, { path: "B.md", text: "b" }])).toBe(true);
		expect(sameReads([], [])).toBe(true);
	});

	it("differ by a note, its text, their order or their number", () => {
		expect(sameReads([a], [{ path: "B.md", text: "a" }])).toBe(false);
		expect(sameReads([a], [{ path: "A.md", text: "b" }])).toBe(false);
		expect(sameReads([a, { path: "B.md", text: "b" }], [{ path: "B.md", text: "b" }, a])).toBe(false);
		expect(sameReads([a], [a, a])).toBe(false);
		expect(sameReads([a, a], [a])).toBe(false);
	});
});
