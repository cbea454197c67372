/** The notes read in a reply's turn, from the thread state (issue 25). */
import { describe, expect, it } from "vitest";
import { notesReadInTurn } from "../../../src/ui/untrusted/notes-read";
import { project } from "../../../src/log/projection";
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
});
