/**
 * Skip question (issue 30), through the service, the runner, the real client and the scripted
 * model: the card is answered as skipped (an event), the model reads that the user skipped the
 * question, never an answer it could take for a choice, and goes on.
 */
import { describe, expect, it } from "vitest";
import { reply, scripted, toolResults } from "../../src/sandbox/model-server";
import { askUserTool } from "../../src/tools/ask-user";
import { readNoteTool } from "../../src/tools/read-note";
import { harness, ofType } from "./support/harness";

describe("AgentRunner: a skipped question", () => {
	it("reaches the model as skipped, and the turn goes on", async () => {
		const h = await harness({
			notes: { "Daily.md": "# Today\n" },
			tools: [readNoteTool, askUserTool],
			script: scripted(
				reply.toolCalls([
					{
						name: "askUser",
						id: "ask",
						args: {
							questions: [
								{ question: "Remove which headings?", options: ["All", "Only level 2"] },
								{ question: "Keep a backup?", options: ["Yes", "No"] },
							],
						},
					},
				]),
				reply.text("Fine, I will leave the headings as they are."),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Clean up Daily.md");
		const askId = (await h.state(threadId)).openQuestions[0] ?? "";
		expect((await h.service.answerQuestion({ threadId, askId, answers: {}, skipped: true })).ok).toBe(true);
		await Promise.resolve();
		await h.service.idle(threadId);

		const result = toolResults(h.server.requests[1])[0]?.content ?? "";
		expect(result).toContain('"Remove which headings?" = (the user skipped this question)');
		expect(result).toContain('"Keep a backup?" = (the user skipped this question)');
		expect(result).not.toContain("(no answer)");
		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(state.questions[askId]).toMatchObject({ answers: {}, skipped: true });
		expect(ofType(await h.events(threadId), "question_answered")).toMatchObject([{ askId, skipped: true }]);
	});

	it("refuses a skip that also carries answers", async () => {
		const h = await harness({
			tools: [askUserTool],
			script: scripted(
				reply.toolCalls([
					{ name: "askUser", id: "ask", args: { questions: [{ question: "Which?", options: ["A", "B"] }] } },
				]),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Ask me");
		const askId = (await h.state(threadId)).openQuestions[0] ?? "";
		const answered = await h.service.answerQuestion({ threadId, askId, answers: { "0": ["A"] }, skipped: true });
		expect(answered.ok).toBe(false);
		expect((await h.state(threadId)).openQuestions).toEqual([askId]);
	});
});
