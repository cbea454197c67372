/** The note text the model had seen when it wrote a reply, from the thread state (issue 25). */
import { describe, expect, it } from "vitest";
import { notesSeenBy, sameReads } from "../../../src/ui/untrusted/notes-read";
import { project } from "../../../src/log/projection";
import { EventScript } from "../support/events";

const ok = (path: string, text: string) => ({ status: "success" as const, message: `${path}:\n${text}`, path });

function searchResult(hits: { path: string; lines: string[] }[]) {
	const data = {
		query: "shed",
		offset: 0,
		hits: hits.map((hit) => ({
			path: hit.path,
			title: hit.path,
			tags: [],
			score: 1,
			covered: 1,
			of: 1,
			truncated: false,
			lines: hit.lines.map((snippet, i) => ({ line: i + 1, snippet })),
		})),
	};
	return {
		status: "success" as const,
		message: `Notes matching "shed":\n${hits.map((hit) => `${hit.path}\n${hit.lines.join("\n")}`).join("\n")}`,
		data,
	};
}

describe("notes the model had seen when it wrote a reply", () => {
	it("are the successful readNote results up to the reply, earlier turns' included, not later ones' nor other tools'", () => {
		const script = new EventScript().user("m1", "First").assistant("a1", "");
		script.propose("a1", "c1", "readNote", { path: "Old.md" }).decide("c1", "approved").run("c1", ok("Old.md", "old"));
		script.assistant("a2", "Done").user("m2", "Second").assistant("a3", "");
		script
			.propose("a3", "c2", "readNote", { path: "Private/Passwords.md" })
			.decide("c2", "approved")
			.run("c2", ok("Private/Passwords.md", "secret"));
		script
			.propose("a3", "c3", "readNote", { path: "Missing.md" })
			.decide("c3", "approved")
			.run("c3", { status: "error", message: "Missing.md does not exist" });
		script.propose("a3", "c4", "listNotes", {}).decide("c4", "approved").run("c4", ok("", "Old.md"));
		script.assistant("a4", "Here it is").user("m3", "Third").assistant("a5", "");
		script
			.propose("a5", "c5", "readNote", { path: "Later.md" })
			.decide("c5", "approved")
			.run("c5", ok("Later.md", "later"));
		const state = project(script.threadId, script.events);
		// The earlier turn's read is still in the model's view (or in the summary that replaced it).
		expect(notesSeenBy(state, "a4")).toEqual([
			{ path: "Old.md", text: "Old.md:\nold" },
			{ path: "Private/Passwords.md", text: "Private/Passwords.md:\nsecret" },
		]);
		expect(notesSeenBy(state, "a2")).toEqual([{ path: "Old.md", text: "Old.md:\nold" }]);
		expect(notesSeenBy(state, "nope")).toEqual([]);
	});

	it("count a searchNotes hit's excerpt as text from its note, each hit under its own path", () => {
		const script = new EventScript().user("m1", "Find the shed").assistant("a1", "");
		script.propose("a1", "c1", "searchNotes", { query: "shed" }).decide("c1", "approved");
		script.run(
			"c1",
			searchResult([
				{ path: "Private/Passwords.md", lines: ["Shed lock: tulip-Harbor-9917"] },
				{ path: "Garden.md", lines: ["The shed needs paint."] },
			]),
		);
		script.assistant("a2", "Here");
		const state = project(script.threadId, script.events);
		expect(notesSeenBy(state, "a2")).toEqual([
			{ path: "Private/Passwords.md", text: "Shed lock: tulip-Harbor-9917" },
			{ path: "Garden.md", text: "The shed needs paint." },
		]);
	});

	it("count the property values a findNotes result showed as text from their notes", () => {
		const script = new EventScript().user("m1", "Which notes have a code?").assistant("a1", "");
		script.propose("a1", "c1", "findNotes", { property: { name: "code" } }).decide("c1", "approved");
		script.run("c1", {
			status: "success",
			message: "2 notes with property code, most recently modified first:\n…",
			data: {
				notes: [
					{
						path: "Shed.md",
						modified: "2026-05-01T00:00:00.000Z",
						property: { name: "code", values: ["tulip-9917", 42] },
					},
					{ path: "Plan.md", modified: "2026-04-01T00:00:00.000Z", tags: ["project"] },
				],
				total: 2,
			},
		});
		script.assistant("a2", "Here");
		const state = project(script.threadId, script.events);
		expect(notesSeenBy(state, "a2")).toEqual([{ path: "Shed.md", text: "tulip-9917\n42" }]);
	});

	it("count a search without hits in its data as its whole result, named by its query", () => {
		const script = new EventScript().user("m1", "Find the shed").assistant("a1", "");
		script
			.propose("a1", "c1", "searchNotes", { query: "shed" })
			.decide("c1", "approved")
			.run("c1", { status: "success", message: "1. Private/Passwords.md\n   3: tulip-Harbor-9917" });
		script.assistant("a2", "Here");
		const state = project(script.threadId, script.events);
		expect(notesSeenBy(state, "a2")).toEqual([
			{ path: 'the search for "shed"', text: "1. Private/Passwords.md\n   3: tulip-Harbor-9917" },
		]);
	});

	it("count the reply's own calls, also when the reply is the thread's first message, and skip a call still running", () => {
		const script = new EventScript().assistant("a1", "");
		script.propose("a1", "c1", "readNote", { path: "Own.md" }).decide("c1", "approved").run("c1", ok("Own.md", "own"));
		script.propose("a1", "c2", "readNote", { path: "Pending.md" }).decide("c2", "approved");
		const state = project(script.threadId, script.events);
		expect(notesSeenBy(state, "a1")).toEqual([{ path: "Own.md", text: "Own.md:\nown" }]);
	});

	it("take from a search's data only hits with a path and lines, and only the lines with a snippet (the others as blank lines)", () => {
		const script = new EventScript().user("m1", "Find").assistant("a1", "");
		const hits = [
			null,
			5,
			"Loose.md",
			{ path: 3, lines: [] },
			{ path: "NoLines.md", lines: "x" },
			{ lines: [{ snippet: "no path" }] },
			{ path: "B.md", lines: [null, 7, { snippet: 3 }, { line: 4 }, { snippet: "ok" }] },
		];
		script
			.propose("a1", "c1", "searchNotes", { query: "x" })
			.decide("c1", "approved")
			.run("c1", { status: "success", message: "results", data: { hits } });
		script.assistant("a2", "Here");
		expect(notesSeenBy(project(script.threadId, script.events), "a2")).toEqual([{ path: "B.md", text: "\n\n\n\nok" }]);
	});

	it("name a search without hits in its data and without a query as the search for nothing", () => {
		const script = new EventScript().user("m1", "Find").assistant("a1", "");
		script
			.propose("a1", "c1", "searchNotes", {})
			.decide("c1", "approved")
			.run("c1", { status: "success", message: "all of it", data: { hits: "none" } });
		script.assistant("a2", "Here");
		expect(notesSeenBy(project(script.threadId, script.events), "a2")).toEqual([
			{ path: 'the search for ""', text: "all of it" },
		]);
	});

	it("give the same objects for the same results, so a reply's flags are not worked out again", () => {
		const script = new EventScript().user("m1", "Read").assistant("a1", "");
		script.propose("a1", "c1", "readNote", { path: "Old.md" }).decide("c1", "approved").run("c1", ok("Old.md", "old"));
		script.assistant("a2", "Done");
		const state = project(script.threadId, script.events);
		expect(notesSeenBy(state, "a2")[0]).toBe(notesSeenBy(state, "a2")[0]);
	});

	it("name a read whose result names no path by its call's path, or as a note when the call has none", () => {
		const script = new EventScript().user("m1", "Read them").assistant("a1", "");
		script
			.propose("a1", "c1", "readNote", { path: "Plan.md" })
			.decide("c1", "approved")
			.run("c1", { status: "success", message: "plan text" });
		script
			.propose("a1", "c2", "readNote", { path: 5 })
			.decide("c2", "approved")
			.run("c2", { status: "success", message: "odd text" });
		script
			.propose("a1", "c3", "readNote", null)
			.decide("c3", "approved")
			.run("c3", { status: "success", message: "no args" });
		script.assistant("a2", "Done");
		const state = project(script.threadId, script.events);
		expect(notesSeenBy(state, "a2")).toEqual([
			{ path: "Plan.md", text: "plan text" },
			{ path: "a note", text: "odd text" },
			{ path: "a note", text: "no args" },
		]);
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
