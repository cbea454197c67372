/**
 * The main model is untrusted input too: a call whose arguments come from another thread,
 * another note or another intent is refused at once with an error result that says what was
 * wrong. No card asks the user about it, and nothing is written.
 */
import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import { applyModelReply, reply, scripted, toolResults } from "../../src/sandbox/model-server";
import type { ScriptStep } from "../../src/sandbox/model-server";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { createExecuteEditTool } from "../../src/tools/execute-edit";
import { readNoteTool } from "../../src/tools/read-note";
import { harness, ofType } from "./support/harness";
import type { Harness } from "./support/harness";

const PLAN = "# Plan\n\n- a\n- b\n";
const OTHER = "# Other\n\n- x\n";

async function setup(steps: (h: () => Harness) => ScriptStep[]) {
	let h: Harness | undefined;
	const created = await harness({
		notes: { "Plan.md": PLAN, "Other.md": OTHER },
		tools: ({ vault, store, models }) => {
			const history = createNoteHistory({ vault, store });
			return [readNoteTool, createDeclareEditIntentTool({ history, models }), createExecuteEditTool({ history })];
		},
		script: scripted(...steps(() => h as Harness)),
	});
	h = created;
	return created;
}

async function expectUntouched(h: Harness): Promise<void> {
	expect(await h.vault.read("Plan.md")).toBe(PLAN);
	expect(await h.vault.read("Other.md")).toBe(OTHER);
}

describe("arguments the main model took from elsewhere", () => {
	it("refuses an editId from another thread, without asking", async () => {
		let foreignEditId = "";
		const h = await setup(() => [
			reply.toolCalls([
				{
					name: "declareEditIntent",
					id: "intent",
					args: { path: "Plan.md", operation: "modify", description: "add c" },
				},
			]),
			() =>
				reply.toolCalls([
					{
						name: "executeEdit",
						id: "exec",
						args: { editId: foreignEditId, edits: [{ search: "- b", replace: "- b\n- c" }] },
					},
				]),
			reply.text("Sorry."),
		]);
		const first = await h.newThread();
		await h.send(first, "Plan an edit");
		foreignEditId = (await h.state(first)).editOrder[0] ?? "";
		expect(foreignEditId).toMatch(/^edit_/);
		const second = await h.newThread();
		await h.send(second, "Use that edit here");
		const state = await h.state(second);
		expect(state.pendingApprovals).toEqual([]);
		expect(state.toolCalls.exec?.result).toMatchObject({ status: "error", data: { reason: "unknown-intent" } });
		expect(state.toolCalls.exec?.result?.message).toContain(
			`No edit intent "${foreignEditId}" was declared in this thread; nothing was written.`,
		);
		expect(toolResults(h.server.requests[2])[0].content).toContain("Call declareEditIntent first");
		await expectUntouched(h);
	});

	it("refuses an executeEdit that names another note than its intent's", async () => {
		let threadId = "";
		const h = await setup((get) => [
			reply.toolCalls([
				{
					name: "declareEditIntent",
					id: "intent",
					args: { path: "Plan.md", operation: "modify", description: "add c" },
				},
			]),
			(request) => applyModelReply(request, () => "# Plan\n\n- a\n- b\n- c\n"),
			async () => {
				const editId = (await get().state(threadId)).editOrder[0] ?? "";
				return reply.toolCalls([
					{ name: "executeEdit", id: "exec", args: { editId, path: "Other.md", content: "# Other\n\ngone\n" } },
				]);
			},
			reply.text("Sorry."),
		]);
		threadId = await h.newThread();
		await h.service.setToolPreference({ threadId, tool: "declareEditIntent", preference: "always" });
		await h.send(threadId, "Add c, then change Other.md");
		const state = await h.state(threadId);
		expect(await h.vault.read("Plan.md")).toBe("# Plan\n\n- a\n- b\n- c\n");
		expect(await h.vault.read("Other.md")).toBe(OTHER);
		expect(state.pendingApprovals).toEqual([]);
		expect(state.toolCalls.exec?.result).toMatchObject({ status: "error", data: { reason: "other-note" } });
		expect(state.toolCalls.exec?.result?.message).toMatch(/is for Plan\.md, not Other\.md; nothing was written/);
	});

	it("refuses a declareEditIntent whose arguments changed after the card announced them (a duplicated key)", async () => {
		const h = await setup(() => [
			reply.toolCalls([
				{
					name: "declareEditIntent",
					id: "intent",
					args: '{"path":"Plan.md","description":"fix a typo","operation":"modify","path":"Other.md"}',
				},
			]),
			reply.text("Understood."),
		]);
		const threadId = await h.newThread();
		await h.service.setToolPreference({ threadId, tool: "declareEditIntent", preference: "always" });
		await h.send(threadId, "Fix the typo in Plan.md");
		const events = await h.events(threadId);
		expect(ofType(events, "edit_intent_declared")).toMatchObject([{ path: "Plan.md" }]);
		const state = await h.state(threadId);
		expect(state.toolCalls.intent?.result).toMatchObject({ status: "error", data: { reason: "changed-arguments" } });
		// Nothing reached the apply model: the second request is the main model's next step.
		expect(h.server.requests).toHaveLength(2);
		await expectUntouched(h);
	});

	it("answers a read of a path outside the vault with an error at once, not a card", async () => {
		const h = await setup(() => [
			reply.toolCalls([{ name: "readNote", id: "read", args: { path: "../../etc/passwd" } }]),
			reply.text("I cannot."),
		]);
		const threadId = await h.newThread();
		await h.send(threadId, "Read it");
		const state = await h.state(threadId);
		expect(state.pendingApprovals).toEqual([]);
		expect(state.toolCalls.read?.result).toMatchObject({ status: "error" });
		expect(state.toolCalls.read?.result?.message).toContain('".." may not leave a folder');
	});
});
