/**
 * findNotes in a turn, through the real LangChain client and the scripted server: the model asks
 * for notes by tag and by a link, runs without a card (its default is "always"), and reads back
 * the paths, newest first; the pane gets the paths in data and the call in words.
 */
import { describe, expect, it } from "vitest";
import { reply, scripted, toolResults } from "../../src/sandbox/model-server";
import { TextNoteCatalog } from "../../src/search/text-catalog";
import { createFindNotesTool } from "../../src/tools/find-notes";
import { readNoteTool } from "../../src/tools/read-note";
import { harness, ofType } from "./support/harness";

describe("AgentRunner with findNotes", () => {
	it("runs the call without asking and hands the model the matching paths, newest first", async () => {
		const h = await harness({
			notes: {
				"Projects/Alpha.md": "---\ntags: [project/alpha]\n---\n# Alpha\n",
				"Ideas.md": "Someday. #idea\n",
				"Projects/Beta.md": "# Beta\nBuilds on [[Alpha]]. #project\n",
			},
			tools: ({ vault }) => [
				readNoteTool,
				createFindNotesTool({ catalog: new TextNoteCatalog({ vault, protectedFolders: [] }) }),
			],
			script: scripted(
				reply.toolCalls([
					{ name: "findNotes", id: "tagged", args: { tag: "project" } },
					{ name: "findNotes", id: "linking", args: { linksTo: "Alpha", folder: "Projects" } },
				]),
				reply.text("Two project notes; Beta links to Alpha."),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Which notes are projects, and which link to Alpha?");

		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		const events = await h.events(threadId);
		expect(ofType(events, "tool_call_decided").map((e) => [e.callId, e.decision, e.by])).toEqual([
			["tagged", "approved", "policy"],
			["linking", "approved", "policy"],
		]);
		const proposed = ofType(events, "tool_call_proposed");
		expect(proposed.map((e) => e.words?.title)).toEqual([
			"Find notes tagged #project",
			"Find notes in Projects, linking to Alpha",
		]);

		const [tagged, linking] = toolResults(h.server.requests[1]);
		expect(tagged?.content).toMatch(
			/^2 notes tagged #project, most recently modified first:\n- Projects\/Beta\.md \(modified [^)]*; #project\)\n- Projects\/Alpha\.md \(modified [^)]*; #project\/alpha\)$/,
		);
		expect(linking?.content).toMatch(/^1 note in Projects, linking to Projects\/Alpha\.md, most recently/);
		expect(linking?.content).toContain("- Projects/Beta.md");

		const completed = ofType(events, "tool_call_completed").find((e) => e.callId === "tagged");
		expect(completed?.result.data).toMatchObject({
			notes: [{ path: "Projects/Beta.md" }, { path: "Projects/Alpha.md" }],
			total: 2,
			summary: { line: "Found 2 notes" },
		});
	});
});
