/**
 * Edit in place (issue 34), through the real LangChain client and the scripted server: a message
 * sent with a selection is confined to it. The main model is told the passage; the apply model's
 * draft may change that passage only: a whole-note rewrite is cut to it (and says so) or refused,
 * and a passage the user edits while the draft is made refuses the draft with their text kept.
 * Accepting writes through the history, so Revert restores the note.
 */
import { describe, expect, it } from "vitest";
import { applyModelReply, reply, scripted, toolResults } from "../../src/sandbox/model-server";
import type { ScriptStep } from "../../src/sandbox/model-server";
import { createNoteHistory } from "../../src/history/note-history";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { createExecuteEditTool } from "../../src/tools/execute-edit";
import { readNoteTool } from "../../src/tools/read-note";
import { harness, ofType } from "./support/harness";
import type { Harness } from "./support/harness";

const NOTE = "# Trip\n\nWe leave at dawn. The car is packed.\n\nBring snacks.\n\nCall mum.\n";
const SENTENCE = "The car is packed.";
const selection = {
	path: "Trip.md",
	from: NOTE.indexOf(SENTENCE),
	to: NOTE.indexOf(SENTENCE) + SENTENCE.length,
	text: SENTENCE,
};
const intent: ScriptStep = reply.toolCalls([
	{
		name: "declareEditIntent",
		id: "intent",
		args: { path: "Trip.md", operation: "modify", description: "Say the car is ready" },
	},
]);

async function inPlace(steps: ScriptStep[]): Promise<{ h: Harness; threadId: string }> {
	const h = await harness({
		notes: { "Trip.md": NOTE },
		tools: ({ vault, store, models }) => {
			const history = createNoteHistory({ vault, store });
			return [
				readNoteTool,
				createDeclareEditIntentTool({ history, models, drafts: store }),
				createExecuteEditTool({ history, drafts: store }),
			];
		},
		script: scripted(...steps),
	});
	const threadId = await h.newThread();
	const sent = await h.service.sendMessage({ threadId, content: "make it say ready", selection });
	expect(sent.ok).toBe(true);
	await h.service.idle(threadId);
	return { h, threadId };
}

describe("edit in place: the turn is confined to the selected passage", () => {
	it("tells the main model the passage, and the apply model which passage it may change", async () => {
		const { h, threadId } = await inPlace([intent, (r) => applyModelReply(r, (n) => n.replace("packed", "ready"))]);
		const user = h.server.requests[0]?.body.messages.find((m) => m.role === "user");
		expect(String(user?.content)).toContain(
			`"Trip.md"; declare a modify edit of that note that changes this passage only`,
		);
		expect(String(user?.content)).toContain(SENTENCE);
		expect(JSON.stringify(h.server.requests[1]?.body.messages)).toContain("Change only this passage");
		const [message] = (await h.state(threadId)).messages;
		expect(message).toMatchObject({ kind: "user", selection });
	});

	it("cuts a whole-note rewrite to the sentence: the review offers the sentence's change alone, says it cut, and accepting writes nothing else", async () => {
		const rewrite = (note: string) =>
			note.replace("# Trip", "# TRIP").replace("packed", "ready").replace("Bring snacks.", "BRING SNACKS.");
		const { h, threadId } = await inPlace([intent, (r) => applyModelReply(r, rewrite), reply.text("Done.")]);
		const state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_review");
		const draft = state.toolCalls[state.openReviews[0] ?? ""]?.draft;
		expect(draft?.changes).toEqual([
			{
				changeId: "c1",
				before: "We leave at dawn. The car is packed.\n",
				after: "We leave at dawn. The car is ready.\n",
				startLine: 3,
			},
		]);
		expect(draft?.warnings).toEqual(["Cut to the selection: 2 changes outside it left out."]);
		const reviewed = await h.service.reviewEdit({ threadId, editId: draft!.editId, accepted: ["c1"], rejected: [] });
		expect(reviewed.ok).toBe(true);
		await h.service.idle(threadId);
		expect(await h.vault.read("Trip.md")).toBe(NOTE.replace("packed", "ready"));
		const reverted = await createNoteHistory({ vault: h.vault, store: h.store }).revert("Trip.md");
		expect(reverted.status).toBe("written");
		expect(await h.vault.read("Trip.md")).toBe(NOTE);
	});

	it("refuses a rewrite of the sentence's whole line: nothing offered, nothing written, and the model is told why", async () => {
		const rewrite = (note: string) => note.replace("at dawn. The car is packed.", "at noon. The car is ready.");
		const { h, threadId } = await inPlace([intent, (r) => applyModelReply(r, rewrite), reply.text("Refused.")]);
		const state = await h.state(threadId);
		expect(state.openReviews).toEqual([]);
		expect(ofType(await h.events(threadId), "edit_proposed")).toEqual([]);
		expect(await h.vault.read("Trip.md")).toBe(NOTE);
		const result = toolResults(h.server.requests[2])[0]?.content ?? "";
		expect(result).toContain("beside the selected passage");
		expect(result).toContain("Nothing was written.");
	});

	it("refuses the draft when the user edits the passage while it is made, and keeps their text", async () => {
		const typed = NOTE.replace("The car is packed.", "The car is half packed.");
		let h: Harness | undefined;
		const steps: ScriptStep[] = [
			intent,
			async (r) => {
				await h!.vault.process("Trip.md", () => typed);
				return applyModelReply(r, (n) => n.replace("packed", "ready"));
			},
			reply.text("Refused."),
		];
		const built = await harness({
			notes: { "Trip.md": NOTE },
			tools: ({ vault, store, models }) => {
				const history = createNoteHistory({ vault, store });
				return [readNoteTool, createDeclareEditIntentTool({ history, models, drafts: store })];
			},
			script: scripted(...steps),
		});
		h = built;
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "make it say ready", selection });
		await h.service.idle(threadId);
		expect(ofType(await h.events(threadId), "edit_proposed")).toEqual([]);
		expect(await h.vault.read("Trip.md")).toBe(typed);
		expect(toolResults(h.server.requests[2])[0]?.content ?? "").toContain("edited the selected passage");
	});

	it("refuses a selection whose text is not as long as its range", async () => {
		const h = await harness({ notes: { "Trip.md": NOTE }, script: scripted(reply.text("hi")) });
		const threadId = await h.newThread();
		const sent = await h.service.sendMessage({
			threadId,
			content: "x",
			selection: { ...selection, to: selection.to + 1 },
		});
		expect(sent).toMatchObject({ ok: false, error: { code: "bad_params" } });
	});
});
