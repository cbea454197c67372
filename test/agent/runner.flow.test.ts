import { describe, expect, it } from "vitest";
import { applyModelReply, asksForEditBlocks, reply, scripted, toolResults } from "../../src/sandbox/model-server";
import { createNoteHistory } from "../../src/history/note-history";
import { askUserTool } from "../../src/tools/ask-user";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { createExecuteEditTool } from "../../src/tools/execute-edit";
import { readNoteTool } from "../../src/tools/read-note";
import { harness, ofType } from "./support/harness";

// The same turn with a model that calls tools natively and with one that can only write text
// ("Text tool calls"): the log, the cards and the note must not know the difference.
describe.each([
	{ mode: "native tool calls", textTools: false },
	{ mode: "text tool calls", textTools: true },
])("AgentRunner: a whole edit with the real tools ($mode)", ({ textTools }) => {
	it("asks, waits for the answer, announces the intent before its proposal, applies it once approved, and answers", async () => {
		const h = await harness({
			textTools,
			notes: { "Daily.md": "# Today\n## Tasks\nBuy milk\n" },
			tools: ({ vault, store, models }) => {
				const history = createNoteHistory({ vault, store });
				return [
					readNoteTool,
					createDeclareEditIntentTool({ history, models }),
					createExecuteEditTool({ history }),
					askUserTool,
				];
			},
			script: scripted(
				reply.toolCalls([
					{
						name: "askUser",
						id: "ask",
						args: { questions: [{ question: "Remove which headings?", options: ["All", "Only level 2"] }] },
					},
				]),
				reply.toolCalls(
					[
						{
							name: "declareEditIntent",
							id: "intent",
							args: { path: "Daily.md", operation: "modify", description: "Remove all headings" },
						},
					],
					undefined,
					{ pace: { firstTokenMs: 0, tokensPerSecond: 0 } },
				),
				// The apply model, asked for edit blocks (the default format), deletes the heading lines.
				(request) => applyModelReply(request, (note) => note.replace(/^#.*\n/gm, "")),
				reply.text("I removed the headings."),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Clean up Daily.md");
		let state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_answer");
		const askId = state.openQuestions[0] ?? "";
		expect((await h.service.answerQuestion({ threadId, askId, answers: { "0": ["All"] } })).ok).toBe(true);
		await Promise.resolve();
		await h.service.idle(threadId);
		state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_approval");
		expect(toolResults(h.server.requests[1])[0].content).toContain("All");

		const events = await h.events(threadId);
		const declared = ofType(events, "edit_intent_declared");
		expect(declared).toHaveLength(1);
		const proposed = ofType(events, "tool_call_proposed").find((e) => e.tool === "declareEditIntent");
		expect(proposed?.args).toEqual({ path: "Daily.md", operation: "modify", description: "Remove all headings" });
		expect(declared[0]).toMatchObject({
			callId: proposed?.callId,
			path: "Daily.md",
			description: "Remove all headings",
		});
		// A native call's intent is announced while its arguments stream: before the reply even
		// completed. Text that may still turn out to be reasoning (a bare </think> can come until the
		// reply ends) announces nothing: a text call's intent comes once the reply has ended, before
		// the call is proposed (runner.text-tools.reasoning.test.ts).
		const completed = ofType(events, "assistant_message_completed").find((e) => e.messageId === proposed?.messageId);
		if (textTools) {
			expect(completed?.seq ?? Infinity).toBeLessThan(declared[0].seq);
			expect(declared[0].seq).toBeLessThan(proposed?.seq ?? 0);
		} else expect(declared[0].seq).toBeLessThan(completed?.seq ?? 0);

		expect(state.pendingApprovals).toEqual([proposed?.callId]);
		await h.decide(threadId, [proposed!.callId], []);
		state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(await h.vault.read("Daily.md")).toBe("Buy milk\n");
		expect(h.server.requests).toHaveLength(4);
		expect(asksForEditBlocks(h.server.requests[2])).toBe(true);
		expect(toolResults(h.server.requests[3])[0].name).toBe("declareEditIntent");
		const last = state.messages[state.messages.length - 1];
		expect(last?.kind === "assistant" && last.text).toBe("I removed the headings.");
	});
});
