/**
 * Review before write turns a heuristic's doubt into a warning (issue 30), through the real
 * LangChain client and the scripted server. A whole-note draft that keeps less than half of the
 * note looks like a fragment to the validation; once the user sees the change before it is
 * written, that doubt is a warning on the redline, and the draft is offered anyway. Nobody
 * reviews in plan mode or with edits on Always: there the doubt still refuses. Truncation refuses
 * everywhere.
 */
import { describe, expect, it } from "vitest";
import { applyModelReply, reply, scripted, toolResults } from "../../src/sandbox/model-server";
import type { ScriptStep } from "../../src/sandbox/model-server";
import { createNoteHistory } from "../../src/history/note-history";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { createExecuteEditTool } from "../../src/tools/execute-edit";
import { readNoteTool } from "../../src/tools/read-note";
import type { RedlineSettings } from "../../src/settings";
import { harness, held, ofType } from "./support/harness";
import type { Harness } from "./support/harness";

/** Short sections: a heading and one line each, so removing the headings keeps fewer than half of the lines. */
const NOTE = [
	"# Reading notes",
	"",
	"## Why slow reading matters",
	"It sticks.",
	"",
	"## Margin notes",
	"Use a pencil.",
	"",
	"## Rereading",
	"Twice a year.",
	"",
	"## Lending books",
	"Write your name.",
	"",
	"## Shelving",
	"By colour.",
	"",
].join("\n");
const noHeadings = (note: string): string =>
	note
		.split("\n")
		.filter((line) => !line.startsWith("#"))
		.join("\n")
		.replace(/^\n+/, "");
const intent = (): ScriptStep =>
	reply.toolCalls([
		{
			name: "declareEditIntent",
			id: "intent",
			args: { path: "Reading.md", operation: "modify", description: "remove all headings" },
		},
	]);

/** The whole-note apply format: the draft is the whole new note, which the fragment rule looks at. */
async function doubtHarness(steps: ScriptStep[], settings: Partial<RedlineSettings> = {}): Promise<Harness> {
	return harness({
		notes: { "Reading.md": NOTE },
		settings,
		tools: ({ vault, store, models }) => {
			const history = createNoteHistory({ vault, store });
			return [
				readNoteTool,
				createDeclareEditIntentTool({ history, models, drafts: store, applyFormat: () => "whole" }),
				createExecuteEditTool({ history, drafts: store }),
			];
		},
		script: scripted(...steps),
	});
}

describe("a doubt about a whole-note draft, with review before write", () => {
	it("offers the remove-all-headings draft for review, with a warning that names how much it removes", async () => {
		const h = await doubtHarness([intent(), (request) => applyModelReply(request, noHeadings), reply.text("Done.")]);
		const threadId = await h.newThread();
		await h.send(threadId, "Remove all headings from Reading.md");
		const state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_review");
		const [proposed] = ofType(await h.events(threadId), "edit_proposed");
		expect(proposed?.changes.length).toBeGreaterThan(0);
		expect(proposed?.warnings).toEqual([
			"This draft removes 6 of the note's 11 lines. Check that nothing you need is lost before you apply it.",
		]);
		expect(state.toolCalls[proposed?.callId ?? ""]?.draft?.warnings).toEqual(proposed?.warnings);
		expect(await h.vault.read("Reading.md")).toBe(NOTE);

		// Applying it writes it: the warning was a doubt, not a rule.
		const editId = proposed?.editId ?? "";
		const accepted = proposed?.changes.map((c) => c.changeId) ?? [];
		expect((await h.service.reviewEdit({ threadId, editId, accepted, rejected: [] })).ok).toBe(true);
		await h.service.idle(threadId);
		expect(await h.vault.read("Reading.md")).toBe(noHeadings(NOTE));
	});

	it("an approval given while the draft was made does not write a doubted draft unseen: it waits for review", async () => {
		const apply = held((request) => applyModelReply(request, noHeadings));
		const h = await doubtHarness([intent(), apply.step, reply.text("Done.")]);
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Remove all headings from Reading.md" });
		await apply.reached;
		const callId = (await h.state(threadId)).toolCallOrder[0] ?? "";
		expect((await h.service.decideToolCalls({ threadId, approved: [callId], denied: [] })).ok).toBe(true);
		apply.release();
		await h.service.idle(threadId);
		const state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_review");
		expect(state.openReviews).toEqual([callId]);
		expect(state.toolCalls[callId]?.draft?.warnings).toHaveLength(1);
		expect(await h.vault.read("Reading.md")).toBe(NOTE);
	});

	it("a draft cut off at the output limit is still refused, and nothing is offered", async () => {
		const h = await doubtHarness([
			intent(),
			(request) => applyModelReply(request, noHeadings, { finishReason: "length" }),
			reply.text("Sorry."),
		]);
		const threadId = await h.newThread();
		await h.send(threadId, "Remove all headings from Reading.md");
		const events = await h.events(threadId);
		expect(ofType(events, "edit_proposed")).toEqual([]);
		const [completed] = ofType(events, "tool_call_completed");
		expect(completed?.result.status).toBe("error");
		expect(completed?.result.message).toMatch(/cut off/);
		expect(await h.vault.read("Reading.md")).toBe(NOTE);
	});

	it("an empty draft is still refused", async () => {
		const h = await doubtHarness([intent(), reply.text(""), reply.text("Sorry.")]);
		const threadId = await h.newThread();
		await h.send(threadId, "Remove all headings from Reading.md");
		const events = await h.events(threadId);
		expect(ofType(events, "edit_proposed")).toEqual([]);
		expect(ofType(events, "tool_call_completed")[0]?.result.message).toMatch(/nothing was written/i);
	});

	it("a draft with no doubt carries no warnings", async () => {
		const h = await doubtHarness([
			intent(),
			(request) => applyModelReply(request, (note) => note.replace("By colour.", "By size.")),
		]);
		const threadId = await h.newThread();
		await h.send(threadId, "Remove all headings from Reading.md");
		const [proposed] = ofType(await h.events(threadId), "edit_proposed");
		expect(proposed).toBeDefined();
		expect(proposed && "warnings" in proposed).toBe(false);
	});
});

describe("a doubt about a whole-note draft, when nobody reviews it", () => {
	it('"ask me about the plan first" still refuses it, and writes nothing', async () => {
		const h = await doubtHarness([intent(), (request) => applyModelReply(request, noHeadings), reply.text("Sorry.")], {
			editReview: "plan",
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Remove all headings from Reading.md");
		const state = await h.state(threadId);
		await h.decide(threadId, state.pendingApprovals, []);
		const events = await h.events(threadId);
		expect(ofType(events, "edit_proposed")).toEqual([]);
		const [completed] = ofType(events, "tool_call_completed");
		expect(completed?.result.status).toBe("error");
		expect(completed?.result.message).toMatch(/looks like a fragment/);
		expect(toolResults(h.server.requests[2])[0]?.content).toMatch(/looks like a fragment/);
		expect(await h.vault.read("Reading.md")).toBe(NOTE);
	});

	it("edits on Always still refuse it, and write nothing", async () => {
		const h = await doubtHarness([intent(), (request) => applyModelReply(request, noHeadings), reply.text("Sorry.")], {
			toolDefaults: { declareEditIntent: "always" },
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Remove all headings from Reading.md");
		const events = await h.events(threadId);
		expect(ofType(events, "edit_proposed")).toEqual([]);
		expect(ofType(events, "tool_call_completed")[0]?.result.message).toMatch(/looks like a fragment/);
		expect(await h.vault.read("Reading.md")).toBe(NOTE);
	});
});
