/**
 * Review before write (issue 29), through the real LangChain client and the scripted server: an
 * edit on Prompt is drafted at once, offered as changes (edit_proposed, waiting_for_review), and
 * only the changes the user accepts are written, onto whatever they typed meanwhile.
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

const NOTE = "# Plan\n\nfirst para\n\nsecond para\n\nthird para\n";
const upper = (note: string): string => note.replace(/^(first|second|third) para$/gm, (line) => line.toUpperCase());
const intent = (description = "shout every paragraph"): ScriptStep =>
	reply.toolCalls([
		{ name: "declareEditIntent", id: "intent", args: { path: "Plan.md", operation: "modify", description } },
	]);

async function reviewHarness(
	steps: ScriptStep[],
	options: { settings?: Partial<RedlineSettings>; notes?: Record<string, string> } = {},
): Promise<Harness> {
	return harness({
		notes: options.notes ?? { "Plan.md": NOTE },
		...(options.settings ? { settings: options.settings } : {}),
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
}

/** Sends the message and returns the thread and the call whose draft waits. */
async function drafted(h: Harness): Promise<{ threadId: string; callId: string; editId: string }> {
	const threadId = await h.newThread();
	await h.send(threadId, "Shout the paragraphs of Plan.md");
	const state = await h.state(threadId);
	expect(state.status).toBe("waiting_for_review");
	const callId = state.openReviews[0] ?? "";
	const editId = state.toolCalls[callId]?.draft?.editId ?? "";
	return { threadId, callId, editId };
}

async function review(
	h: Harness,
	params: {
		threadId: string;
		editId: string;
		accepted: string[];
		rejected: string[];
		replaced?: Record<string, string>;
		comment?: string;
	},
) {
	const result = await h.service.reviewEdit(params);
	await Promise.resolve();
	await Promise.resolve();
	await h.service.idle(params.threadId);
	return result;
}

describe("review before write: drafting before the decision", () => {
	it("drafts at once, writes nothing, and offers the draft as three separate changes", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper)]);
		const { threadId, callId, editId } = await drafted(h);
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
		const events = await h.events(threadId);
		expect(ofType(events, "tool_call_decided")).toEqual([]);
		expect(ofType(events, "tool_call_progress").some((e) => e.callId === callId && e.phase === "generating")).toBe(
			true,
		);
		const [proposed] = ofType(events, "edit_proposed");
		expect(proposed).toMatchObject({ editId, callId, path: "Plan.md" });
		expect(proposed?.changes).toEqual([
			{ changeId: "c1", before: "first para\n", after: "FIRST PARA\n", startLine: 3 },
			{ changeId: "c2", before: "second para\n", after: "SECOND PARA\n", startLine: 5 },
			{ changeId: "c3", before: "third para\n", after: "THIRD PARA\n", startLine: 7 },
		]);
		expect(ofType(events, "edit_applied")).toEqual([]);
		// The model was asked twice: the main model, then the apply model; nothing since.
		expect(h.server.requests).toHaveLength(2);
	});

	it("accepting the first and third writes exactly those; the history's revert restores the base", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper), reply.text("Done.")]);
		const { threadId, editId } = await drafted(h);
		expect((await review(h, { threadId, editId, accepted: ["c1", "c3"], rejected: ["c2"] })).ok).toBe(true);
		expect(await h.vault.read("Plan.md")).toBe("# Plan\n\nFIRST PARA\n\nsecond para\n\nTHIRD PARA\n");
		const events = await h.events(threadId);
		expect(ofType(events, "edit_reviewed")).toMatchObject([{ editId, accepted: ["c1", "c3"], rejected: ["c2"] }]);
		const [applied] = ofType(events, "edit_applied");
		expect(applied).toMatchObject({ editId, path: "Plan.md", added: 2, removed: 2 });
		const result = toolResults(h.server.requests[2])[0]?.content ?? "";
		expect(result).toContain("c1");
		expect(result).toMatch(/rejected[^]*c2[^]*do not retry it this turn/i);
		const state = await h.state(threadId);
		expect(state.status).toBe("idle");

		const history = createNoteHistory({ vault: h.vault, store: h.store });
		expect((await history.list("Plan.md"))[0]?.versionId).toBe(applied?.versionId);
		const reverted = await history.revert("Plan.md");
		expect(reverted.status).toBe("written");
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
	});

	it("writes the user's own text for a replaced change, and tells the model the user rewrote it", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper), reply.text("Done.")]);
		const { threadId, editId } = await drafted(h);
		const done = await review(h, {
			threadId,
			editId,
			accepted: ["c1", "c2", "c3"],
			rejected: [],
			replaced: { c2: "my own second para" },
		});
		expect(done.ok).toBe(true);
		expect(await h.vault.read("Plan.md")).toBe("# Plan\n\nFIRST PARA\n\nmy own second para\n\nTHIRD PARA\n");
		const result = toolResults(h.server.requests[2])[0]?.content ?? "";
		expect(result).toMatch(/rewrote c2/i);
		expect(result).toContain("my own second para");
	});

	it("rejecting every change writes nothing, and the model reads it as the user's decision", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper), reply.text("Understood.")]);
		const { threadId, editId } = await drafted(h);
		expect(
			(await review(h, { threadId, editId, accepted: [], rejected: ["c1", "c2", "c3"], comment: "leave it" })).ok,
		).toBe(true);
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
		const events = await h.events(threadId);
		expect(ofType(events, "edit_applied")).toEqual([]);
		const [completed] = ofType(events, "tool_call_completed");
		expect(completed?.result.status).toBe("rejected");
		const result = toolResults(h.server.requests[2])[0]?.content ?? "";
		expect(result).toMatch(/do not retry it this turn/);
		expect(result).toContain("leave it");
		expect(await createNoteHistory({ vault: h.vault, store: h.store }).list("Plan.md")).toEqual([]);
	});

	it("refuses a review that leaves a change undecided, names an unknown one, or comes a second time", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper), reply.text("Done.")]);
		const { threadId, editId } = await drafted(h);
		const undecided = await h.service.reviewEdit({ threadId, editId, accepted: ["c1"], rejected: ["c2"] });
		expect(undecided).toMatchObject({ ok: false, error: { code: "bad_params" } });
		expect(!undecided.ok && undecided.error.message).toContain("c3");
		const unknown = await h.service.reviewEdit({ threadId, editId, accepted: ["c1", "c2", "c3", "c9"], rejected: [] });
		expect(unknown).toMatchObject({ ok: false, error: { code: "bad_params" } });
		expect(!unknown.ok && unknown.error.message).toContain("c9");
		const twice = await h.service.reviewEdit({ threadId, editId, accepted: ["c1", "c2"], rejected: ["c2", "c3"] });
		expect(twice).toMatchObject({ ok: false, error: { code: "bad_params" } });
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
		expect((await review(h, { threadId, editId, accepted: ["c1", "c2", "c3"], rejected: [] })).ok).toBe(true);
		const again = await h.service.reviewEdit({ threadId, editId, accepted: ["c1", "c2", "c3"], rejected: [] });
		expect(again).toMatchObject({ ok: false, error: { code: "not_pending" } });
		expect(ofType(await h.events(threadId), "edit_reviewed")).toHaveLength(1);
	});

	it("refuses a draft that fails validation, and says why, without offering a review", async () => {
		const h = await reviewHarness([intent(), reply.text(""), reply.text("Sorry.")]);
		const threadId = await h.newThread();
		await h.send(threadId, "Shout the paragraphs of Plan.md");
		const events = await h.events(threadId);
		expect(ofType(events, "edit_proposed")).toEqual([]);
		const [completed] = ofType(events, "tool_call_completed");
		expect(completed?.result.status).toBe("error");
		expect(completed?.result.message).toMatch(/nothing was written/i);
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
	});
});

describe("review before write: the user's typing while the draft waits", () => {
	it("merges typing outside the changes with every accepted change", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper), reply.text("Done.")]);
		const { threadId, editId } = await drafted(h);
		await h.vault.process("Plan.md", (text) => text.replace("# Plan\n", "# Plan for May\n"));
		expect((await review(h, { threadId, editId, accepted: ["c1", "c2", "c3"], rejected: [] })).ok).toBe(true);
		expect(await h.vault.read("Plan.md")).toBe("# Plan for May\n\nFIRST PARA\n\nSECOND PARA\n\nTHIRD PARA\n");
	});

	it("refuses only the change the typing overlaps, writes the rest, and keeps the typing", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper), reply.text("Done.")]);
		const { threadId, editId } = await drafted(h);
		await h.vault.process("Plan.md", (text) => text.replace("second para", "second para, edited by me"));
		expect((await review(h, { threadId, editId, accepted: ["c1", "c2", "c3"], rejected: [] })).ok).toBe(true);
		expect(await h.vault.read("Plan.md")).toBe("# Plan\n\nFIRST PARA\n\nsecond para, edited by me\n\nTHIRD PARA\n");
		const result = toolResults(h.server.requests[2])[0]?.content ?? "";
		expect(result).toMatch(/c2[^]*typed/i);
		const [applied] = ofType(await h.events(threadId), "edit_applied");
		expect(applied).toMatchObject({ added: 2, removed: 2 });
	});
});

describe("review before write: restarts", () => {
	it("a restart while the draft waits re-offers the same changes and ids, and accepting after it writes", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper), reply.text("Done.")]);
		const { threadId, callId, editId } = await drafted(h);
		const before = (await h.state(threadId)).toolCalls[callId]?.draft;
		await h.restart();
		let state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_review");
		expect(state.openReviews).toEqual([callId]);
		expect(state.toolCalls[callId]?.draft).toEqual(before);
		expect(state.errors).toEqual([]);
		expect((await review(h, { threadId, editId, accepted: ["c2"], rejected: ["c1", "c3"] })).ok).toBe(true);
		expect(await h.vault.read("Plan.md")).toBe("# Plan\n\nfirst para\n\nSECOND PARA\n\nthird para\n");
		state = await h.state(threadId);
		expect(state.status).toBe("idle");
	});

	it("a crash while the draft waits re-offers it the same way", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper), reply.text("Done.")]);
		const { threadId, callId, editId } = await drafted(h);
		await h.crash();
		const state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_review");
		expect(state.openReviews).toEqual([callId]);
		expect((await review(h, { threadId, editId, accepted: ["c1", "c2", "c3"], rejected: [] })).ok).toBe(true);
		expect(await h.vault.read("Plan.md")).toBe(upper(NOTE));
	});

	it("a crash during drafting settles the call as interrupted, and nothing is written", async () => {
		const apply = held((request) => applyModelReply(request, upper));
		const h = await reviewHarness([intent(), apply.step]);
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Shout the paragraphs of Plan.md" });
		await apply.reached;
		await h.crash();
		apply.release();
		const state = await h.state(threadId);
		const call = Object.values(state.toolCalls)[0];
		expect(call?.phase).toBe("completed");
		expect(call?.result?.message).toMatch(/interrupted|nothing was written/i);
		expect(state.openReviews).toEqual([]);
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
	});
});

describe("review before write: clients that know only approvals, and what settles a waiting draft", () => {
	it("approving the edit's call accepts every change", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper), reply.text("Done.")]);
		const { threadId, callId, editId } = await drafted(h);
		await h.decide(threadId, [callId], []);
		expect(await h.vault.read("Plan.md")).toBe(upper(NOTE));
		expect(ofType(await h.events(threadId), "edit_reviewed")).toMatchObject([
			{ editId, accepted: ["c1", "c2", "c3"], rejected: [] },
		]);
	});

	it("denying the edit's call rejects every change", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper), reply.text("OK.")]);
		const { threadId, callId, editId } = await drafted(h);
		await h.decide(threadId, [], [callId], "not now");
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
		expect(ofType(await h.events(threadId), "edit_reviewed")).toMatchObject([
			{ editId, accepted: [], rejected: ["c1", "c2", "c3"], comment: "not now" },
		]);
		expect(toolResults(h.server.requests[2])[0]?.content).toMatch(/do not retry it this turn/);
	});

	it("a new user message settles the waiting draft as rejected, with the message, and it is never written later", async () => {
		const h = await reviewHarness([
			intent(),
			(request) => applyModelReply(request, upper),
			reply.text("OK, something else."),
		]);
		const { threadId, callId, editId } = await drafted(h);
		await h.send(threadId, "Actually, leave it");
		const state = await h.state(threadId);
		expect(state.openReviews).toEqual([]);
		expect(state.toolCalls[callId]).toMatchObject({ phase: "completed", reason: "new_message" });
		expect(state.toolCalls[callId]?.draft?.reviewed).toMatchObject({
			accepted: [],
			rejected: ["c1", "c2", "c3"],
			reason: "new_message",
		});
		expect(state.toolCalls[callId]?.result?.message).toContain("Actually, leave it");
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
		const late = await h.service.reviewEdit({ threadId, editId, accepted: ["c1", "c2", "c3"], rejected: [] });
		expect(late.ok).toBe(false);
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
	});

	it("Stop settles the waiting draft as rejected and leaves the thread idle", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper)]);
		const { threadId, callId } = await drafted(h);
		expect((await h.service.stop({ threadId })).ok).toBe(true);
		await h.service.idle(threadId);
		const state = await h.state(threadId);
		expect(state.openReviews).toEqual([]);
		expect(state.toolCalls[callId]).toMatchObject({ phase: "completed", reason: "stopped" });
		expect(state.toolCalls[callId]?.draft?.reviewed).toMatchObject({ accepted: [], reason: "stopped" });
		expect(state.status).toBe("idle");
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
	});

	it("Skip while the apply model drafts ends the draft, writes nothing and tells the model the user declined", async () => {
		const apply = held((request) => applyModelReply(request, upper));
		const h = await reviewHarness([intent(), apply.step, reply.text("OK.")]);
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Shout the paragraphs of Plan.md" });
		await apply.reached;
		const callId = (await h.state(threadId)).toolCallOrder[0] ?? "";
		expect((await h.service.decideToolCalls({ threadId, approved: [], denied: [callId] })).ok).toBe(true);
		apply.release();
		await h.service.idle(threadId);
		const state = await h.state(threadId);
		expect(state.toolCalls[callId]?.phase).toBe("completed");
		expect(state.toolCalls[callId]?.result?.status).toBe("rejected");
		expect(state.openReviews).toEqual([]);
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
	});
});

describe("review before write: several edits in one reply", () => {
	it("drafts them all at once, and offers each for its own review", async () => {
		const notes = { "Plan.md": NOTE, "Other.md": "# Other\n\nfirst para\n" };
		const first = held((request) => applyModelReply(request, upper));
		const second = held((request) => applyModelReply(request, upper));
		const h = await reviewHarness(
			[
				reply.toolCalls([
					{
						name: "declareEditIntent",
						id: "one",
						args: { path: "Plan.md", operation: "modify", description: "shout" },
					},
					{
						name: "declareEditIntent",
						id: "two",
						args: { path: "Other.md", operation: "modify", description: "shout" },
					},
				]),
				first.step,
				second.step,
				reply.text("Done."),
			],
			{ notes },
		);
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Shout both notes" });
		// The second draft is asked for while the first is still being made.
		await first.reached;
		await second.reached;
		first.release();
		second.release();
		await h.service.idle(threadId);
		const state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_review");
		expect([...state.openReviews].sort()).toEqual(["one", "two"]);
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
		const editOf = (callId: string): string => state.toolCalls[callId]?.draft?.editId ?? "";
		await review(h, { threadId, editId: editOf("two"), accepted: ["c1"], rejected: [] });
		expect(await h.vault.read("Other.md")).toBe("# Other\n\nFIRST PARA\n");
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
		expect((await h.state(threadId)).status).toBe("waiting_for_review");
		await review(h, { threadId, editId: editOf("one"), accepted: [], rejected: ["c1", "c2", "c3"] });
		expect(await h.vault.read("Plan.md")).toBe(NOTE);
		expect((await h.state(threadId)).status).toBe("idle");
	});
});

describe("review before write: the kept draft", () => {
	const kept = async (h: Harness, threadId: string): Promise<string[]> => h.store.list(`drafts/${threadId}/`);

	it("is kept while the review waits and forgotten once the call is settled by the user's review", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper), reply.text("Done.")]);
		const { threadId, editId } = await drafted(h);
		expect(await kept(h, threadId)).toHaveLength(1);
		await review(h, { threadId, editId, accepted: ["c1"], rejected: ["c2", "c3"] });
		expect((await h.state(threadId)).status).toBe("idle");
		expect(await kept(h, threadId)).toEqual([]);
	});

	it("is forgotten when a new message or Stop settles the draft for the user", async () => {
		const h = await reviewHarness([
			intent(),
			(request) => applyModelReply(request, upper),
			reply.text("OK."),
			reply.toolCalls([
				{
					name: "declareEditIntent",
					id: "again",
					args: { path: "Plan.md", operation: "modify", description: "shout" },
				},
			]),
			(request) => applyModelReply(request, upper),
		]);
		const { threadId } = await drafted(h);
		await h.send(threadId, "Actually, leave it");
		expect(await kept(h, threadId)).toEqual([]);
		await h.send(threadId, "Now shout them");
		expect(await kept(h, threadId)).toHaveLength(1);
		await h.service.stop({ threadId });
		await h.service.idle(threadId);
		expect(await kept(h, threadId)).toEqual([]);
	});
});

describe("review before write: the other policies", () => {
	it('with "ask me about the plan first" the intent is approved before anything is drafted (the earlier flow)', async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper), reply.text("Done.")], {
			settings: { editReview: "plan" },
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Shout the paragraphs of Plan.md");
		let state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_approval");
		expect(h.server.requests).toHaveLength(1);
		await h.decide(threadId, state.pendingApprovals, []);
		state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(await h.vault.read("Plan.md")).toBe(upper(NOTE));
		expect(ofType(await h.events(threadId), "edit_proposed")).toEqual([]);
	});

	it("with edits on Always the note is written at once, with no review", async () => {
		const h = await reviewHarness([intent(), (request) => applyModelReply(request, upper), reply.text("Done.")], {
			settings: { toolDefaults: { declareEditIntent: "always" } },
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Shout the paragraphs of Plan.md");
		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(await h.vault.read("Plan.md")).toBe(upper(NOTE));
		expect(ofType(await h.events(threadId), "edit_proposed")).toEqual([]);
	});

	it("executeEdit with the model's own edits is drafted and reviewed the same way, under its intent's editId", async () => {
		let declared = "";
		const h = await reviewHarness([
			intent("shout two paragraphs"),
			(request) => applyModelReply(request, (note) => note.replace("first para", "FIRST PARA")),
			() =>
				reply.toolCalls([
					{
						name: "executeEdit",
						id: "exec",
						args: { editId: declared, edits: [{ search: "third para", replace: "THIRD PARA" }] },
					},
				]),
			reply.text("Done."),
		]);
		const { threadId, editId } = await drafted(h);
		declared = editId;
		expect((await review(h, { threadId, editId, accepted: ["c1"], rejected: [] })).ok).toBe(true);
		let state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_review");
		const second = state.openReviews[0] ?? "";
		expect(state.toolCalls[second]).toMatchObject({
			tool: "executeEdit",
			draft: { editId, changes: [{ changeId: "c1", before: "third para\n", after: "THIRD PARA\n", startLine: 7 }] },
		});
		expect(await h.vault.read("Plan.md")).toBe("# Plan\n\nFIRST PARA\n\nsecond para\n\nthird para\n");
		expect((await review(h, { threadId, editId, accepted: ["c1"], rejected: [] })).ok).toBe(true);
		expect(await h.vault.read("Plan.md")).toBe("# Plan\n\nFIRST PARA\n\nsecond para\n\nTHIRD PARA\n");
		state = await h.state(threadId);
		expect(state.status).toBe("idle");
	});

	it("an intent approved as a whole (Accept all by approval) does not let its follow-up executeEdit write unseen", async () => {
		let declared = "";
		const h = await reviewHarness([
			intent("shout two paragraphs"),
			(request) => applyModelReply(request, (note) => note.replace("first para", "FIRST PARA")),
			() =>
				reply.toolCalls([
					{
						name: "executeEdit",
						id: "exec",
						args: { editId: declared, edits: [{ search: "third para", replace: "THIRD PARA" }] },
					},
				]),
			reply.text("Done."),
		]);
		const { threadId, callId, editId } = await drafted(h);
		declared = editId;
		await h.decide(threadId, [callId], []);
		const state = await h.state(threadId);
		expect(await h.vault.read("Plan.md")).toBe("# Plan\n\nFIRST PARA\n\nsecond para\n\nthird para\n");
		expect(state.status).toBe("waiting_for_review");
		expect(state.toolCalls.exec).toMatchObject({ tool: "executeEdit", draft: { editId } });
		expect(state.toolCalls.exec?.decision).toBeUndefined();
	});

	it("an intent approved while it is still being drafted does not let its follow-up executeEdit write unseen", async () => {
		let declared = "";
		const apply = held((request) => applyModelReply(request, (note) => note.replace("first para", "FIRST PARA")));
		const h = await reviewHarness([
			intent("shout two paragraphs"),
			apply.step,
			() =>
				reply.toolCalls([
					{
						name: "executeEdit",
						id: "exec",
						args: { editId: declared, edits: [{ search: "third para", replace: "THIRD PARA" }] },
					},
				]),
			reply.text("Done."),
		]);
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Shout the paragraphs of Plan.md" });
		await apply.reached;
		const state0 = await h.state(threadId);
		const callId = state0.toolCallOrder[0] ?? "";
		declared = state0.toolCalls[callId]?.editId ?? "";
		expect((await h.service.decideToolCalls({ threadId, approved: [callId], denied: [] })).ok).toBe(true);
		apply.release();
		await h.service.idle(threadId);
		const state = await h.state(threadId);
		expect(await h.vault.read("Plan.md")).toBe("# Plan\n\nFIRST PARA\n\nsecond para\n\nthird para\n");
		expect(state.status).toBe("waiting_for_review");
		expect(state.toolCalls.exec).toMatchObject({ tool: "executeEdit", draft: { editId: declared } });
		expect(state.toolCalls.exec?.decision).toBeUndefined();
	});
});
