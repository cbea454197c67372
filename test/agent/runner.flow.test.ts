import { describe, expect, it } from "vitest";
import { reply, scripted, toolResults } from "../../src/sandbox/model-server";
import { createNoteHistory } from "../../src/history/note-history";
import { askUserTool } from "../../src/tools/ask-user";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { createExecuteEditTool } from "../../src/tools/execute-edit";
import { readNoteTool } from "../../src/tools/read-note";
import { harness, ofType } from "./support/harness";

describe("AgentRunner: a whole edit with the real tools", () => {
	it("asks, waits for the answer, announces the intent while it streams, applies it once approved, and answers", async () => {
		const h = await harness({
			notes: { "Daily.md": "# Today\n## Tasks\nBuy milk\n" },
			tools: ({ vault, store, models }) => {
				const history = createNoteHistory({ vault, store });
				return [readNoteTool, createDeclareEditIntentTool({ history, models }), createExecuteEditTool({ history }), askUserTool];
			},
			script: scripted(
				reply.toolCalls([{ name: "askUser", id: "ask", args: { questions: [{ question: "Remove which headings?", options: ["All", "Only level 2"] }] } }]),
				reply.toolCalls(
					[{ name: "declareEditIntent", id: "intent", args: { path: "Daily.md", operation: "modify", description: "Remove all headings" } }],
					undefined,
					{ pace: { firstTokenMs: 0, tokensPerSecond: 0 } },
				),
				reply.text("Buy milk\n"),
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
		expect(declared[0]).toMatchObject({ callId: "intent", path: "Daily.md", description: "Remove all headings" });
		const proposed = ofType(events, "tool_call_proposed").find((e) => e.callId === "intent");
		// Announced while the arguments streamed: before the reply even completed.
		const completed = ofType(events, "assistant_message_completed").find((e) => e.messageId === proposed?.messageId);
		expect(declared[0].seq).toBeLessThan(completed?.seq ?? 0);

		await h.decide(threadId, ["intent"], []);
		state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(await h.vault.read("Daily.md")).toBe("Buy milk\n");
		expect(h.server.requests).toHaveLength(4);
		expect(toolResults(h.server.requests[3])[0].name).toBe("declareEditIntent");
		const last = state.messages[state.messages.length - 1];
		expect(last?.kind === "assistant" && last.text).toBe("I removed the headings.");
	});
});
