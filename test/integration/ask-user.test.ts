/**
 * askUser through the real stack (issue 9): questions asked, the runner stopped, answers given
 * (by answerQuestion, by a new message, after a restart or a crash) and the exact text the model
 * then reads on the wire. Refusals are in ask-user.validation.test.ts.
 */
import { describe, expect, it } from "vitest";
import { messageText, reply, toolResults } from "../../src/sandbox/model-server";
import type { WireMessage } from "../../src/sandbox/model-server";
import { threadLogKey } from "../../src/log/log";
import { project } from "../../src/log/projection";
import { ofType } from "../agent/support/harness";
import {
	answer,
	ask,
	events,
	newThread,
	onlyAsk,
	send,
	stack,
	state,
	threeQuestions,
	toolMessage,
} from "./support/ask-stack";

describe("askUser through the thread service", () => {
	it("asks several questions in one card, stops the runner, and resumes with one line per question", async () => {
		const s = await stack(ask(threeQuestions), reply.text("Configured."));
		const threadId = await newThread(s);
		await send(s, threadId, "Set up the board");

		const waiting = await events(s, threadId);
		const asked = onlyAsk(waiting);
		expect(asked.questions).toEqual([
			{
				question: "Which mode?",
				header: "Mode",
				options: [{ label: "Master" }, { label: "Slave", description: "Follows the clock" }, { label: "8-bit" }],
				multiSelect: true,
			},
			{
				question: "Which notes?",
				options: [{ label: "Daily.md", description: "Today" }, { label: "Weekly.md" }],
				multiSelect: false,
			},
			{
				question: "Which tone?",
				header: "Tone",
				options: [{ label: "Formal" }, { label: "Casual" }],
				multiSelect: false,
			},
		]);
		const proposed = ofType(waiting, "tool_call_proposed");
		expect(proposed.map((e) => e.tool)).toEqual(["askUser"]);
		expect(asked.callId).toBe(proposed[0].callId);
		expect(ofType(waiting, "tool_call_decided")).toMatchObject([
			{ callId: asked.callId, decision: "approved", by: "policy" },
		]);
		expect(ofType(waiting, "tool_call_completed")).toEqual([]);
		expect(ofType(waiting, "status").at(-1)?.status).toBe("waiting_for_answer");
		const before = project(threadId, waiting);
		expect(before.status).toBe("waiting_for_answer");
		expect(before.openQuestions).toEqual([asked.askId]);
		// The runner returned: no second model request until the user answers.
		expect(s.server.requests).toHaveLength(1);

		await answer(s, threadId, asked.askId, { "0": ["Master", "8-bit"], "1": ["the June ones"] });

		expect(s.server.requests).toHaveLength(2);
		expect(toolMessage(s.server.requests[1])).toBe(
			[
				'"Which mode?" = "Master, 8-bit"',
				'"Which notes?" = other: "the June ones"',
				'"Which tone?" = (no answer)',
			].join("\n"),
		);
		const after = await events(s, threadId);
		expect(ofType(after, "question_answered")).toEqual([
			expect.objectContaining({ askId: asked.askId, answers: { "0": ["Master", "8-bit"], "1": ["the June ones"] } }),
		]);
		expect(ofType(after, "tool_call_completed")).toMatchObject([
			{
				callId: asked.callId,
				result: {
					status: "success",
					data: { askId: asked.askId, answers: { "0": ["Master", "8-bit"], "1": ["the June ones"] } },
				},
			},
		]);
		const end = project(threadId, after);
		expect(end.status).toBe("idle");
		expect(end.openQuestions).toEqual([]);
		expect(end.messages.at(-1)).toMatchObject({ kind: "assistant", text: "Configured." });
	});

	it("reads labels and an Other text together on a multi-select question", async () => {
		const s = await stack(ask(threeQuestions), reply.text("Ok."));
		const threadId = await newThread(s);
		await send(s, threadId, "Set up the board");
		const asked = onlyAsk(await events(s, threadId));
		await answer(s, threadId, asked.askId, { "0": ["Slave", "also the clock"], "1": ["Weekly.md"], "2": ["Casual"] });
		expect(toolMessage(s.server.requests[1])).toBe(
			[
				'"Which mode?" = "Slave" + other: "also the clock"',
				'"Which notes?" = "Weekly.md"',
				'"Which tone?" = "Casual"',
			].join("\n"),
		);
	});

	it("accepts the legacy single-question form end to end", async () => {
		const s = await stack(
			ask({ question: "Remove the headings?", options: ["Yes", "No"] }),
			reply.text("Removing them."),
		);
		const threadId = await newThread(s);
		await send(s, threadId, "Tidy Daily.md");
		const asked = onlyAsk(await events(s, threadId));
		expect(asked.questions).toEqual([
			{ question: "Remove the headings?", options: [{ label: "Yes" }, { label: "No" }], multiSelect: false },
		]);
		expect((await state(s, threadId)).status).toBe("waiting_for_answer");
		expect(s.server.requests).toHaveLength(1);

		await answer(s, threadId, asked.askId, { "0": ["Yes"] });
		expect(toolMessage(s.server.requests[1])).toBe('"Remove the headings?" = "Yes"');
		expect((await state(s, threadId)).status).toBe("idle");
	});
	it("asks two calls of one reply in order, each resuming the loop only when answered", async () => {
		const s = await stack(
			reply.toolCalls([
				{ name: "askUser", args: { question: "Which note?", options: ["Daily.md", "Weekly.md"] } },
				{
					name: "askUser",
					args: { questions: [{ question: "Which sections?", options: ["Tasks", "Log", "Ideas"], multiSelect: true }] },
				},
			]),
			reply.text("Both answered."),
		);
		const threadId = await newThread(s);
		await send(s, threadId, "Clean up");
		const first = onlyAsk(await events(s, threadId));
		expect(first.questions[0].question).toBe("Which note?");

		await answer(s, threadId, first.askId, { "0": ["Weekly.md"] });
		// The second card comes up; the model is still not called, both results go back together.
		const asks = ofType(await events(s, threadId), "question_asked");
		expect(asks.map((a) => a.questions[0].question)).toEqual(["Which note?", "Which sections?"]);
		expect((await state(s, threadId)).status).toBe("waiting_for_answer");
		expect(s.server.requests).toHaveLength(1);

		await answer(s, threadId, asks[1].askId, { "0": ["Tasks", "Ideas"] });
		expect(s.server.requests).toHaveLength(2);
		expect(toolResults(s.server.requests[1]).map((r) => r.content)).toEqual([
			'"Which note?" = "Weekly.md"',
			'"Which sections?" = "Tasks, Ideas"',
		]);
		expect((await state(s, threadId)).status).toBe("idle");
	});
});

describe("pending questions across restarts and new messages", () => {
	it("survives a restart and resumes the loop once answered", async () => {
		const s = await stack(ask(threeQuestions), reply.text("Configured after the restart."));
		const threadId = await newThread(s);
		await send(s, threadId, "Set up the board");
		const asked = onlyAsk(await events(s, threadId));
		expect((await state(s, threadId)).status).toBe("waiting_for_answer");

		await s.restart();

		const reopened = await state(s, threadId);
		expect(reopened.status).toBe("waiting_for_answer");
		expect(reopened.openQuestions).toEqual([asked.askId]);
		expect(reopened.questions[asked.askId]?.questions).toEqual(asked.questions);
		expect(s.server.requests).toHaveLength(1);

		await answer(s, threadId, asked.askId, { "0": ["8-bit"], "2": ["Formal"] });

		expect(s.server.requests).toHaveLength(2);
		expect(toolMessage(s.server.requests[1])).toBe(
			['"Which mode?" = "8-bit"', '"Which notes?" = (no answer)', '"Which tone?" = "Formal"'].join("\n"),
		);
		const end = await state(s, threadId);
		expect(end.status).toBe("idle");
		expect(end.messages.at(-1)).toMatchObject({ kind: "assistant", text: "Configured after the restart." });
		// And the answered ask stays answered after yet another restart.
		await s.restart();
		const again = await s.redline.service.answerQuestion({
			threadId,
			askId: asked.askId,
			answers: { "0": ["Master"] },
		});
		expect(again).toEqual({ ok: false, error: { code: "not_pending", message: "This question was already answered" } });
	});

	it("can still be answered after a crash that cut the log right after the card was recorded", async () => {
		const s = await stack(ask(threeQuestions), reply.text("Recovered."));
		const threadId = await newThread(s);
		await send(s, threadId, "Set up the board");
		const asked = onlyAsk(await events(s, threadId));
		await s.redline.dispose();
		// Keep the log up to question_asked: the crash came before status waiting_for_answer.
		const key = threadLogKey(threadId);
		const lines = ((await s.store.read(key)) ?? "").split("\n").filter((line) => line !== "");
		const cut = lines.findIndex((line) => line.includes('"question_asked"'));
		expect(cut).toBeGreaterThan(0);
		await s.store.write(key, `${lines.slice(0, cut + 1).join("\n")}\n`);
		s.redline = await s.build();

		const reopened = await state(s, threadId);
		expect(reopened.openQuestions).toEqual([asked.askId]);
		await answer(s, threadId, asked.askId, { "1": ["Daily.md"] });
		expect(s.server.requests).toHaveLength(2);
		expect(toolMessage(s.server.requests[1])).toBe(
			['"Which mode?" = (no answer)', '"Which notes?" = "Daily.md"', '"Which tone?" = (no answer)'].join("\n"),
		);
		expect((await state(s, threadId)).messages.at(-1)).toMatchObject({ kind: "assistant", text: "Recovered." });
	});

	it("answers every waiting question with a new user message, then sends that message", async () => {
		const s = await stack(ask(threeQuestions), reply.text("Understood."));
		const threadId = await newThread(s);
		await send(s, threadId, "Set up the board");
		const asked = onlyAsk(await events(s, threadId));

		await send(s, threadId, "Just use the defaults");

		expect(s.server.requests).toHaveLength(2);
		const messages: WireMessage[] = s.server.requests[1].body.messages ?? [];
		const roles = messages.map((m) => m.role);
		// The first message, the ask, its answer (the free text for each question), then the new message.
		expect(roles).toEqual(["system", "user", "assistant", "tool", "user"]);
		expect(messageText(messages[1])).toBe("Set up the board");
		expect(messages[2].tool_calls?.map((c) => c.function.name)).toEqual(["askUser"]);
		expect(messages[3].tool_call_id).toBe(messages[2].tool_calls?.[0]?.id);
		expect(messageText(messages[3])).toBe(
			[
				'"Which mode?" = other: "Just use the defaults"',
				'"Which notes?" = other: "Just use the defaults"',
				'"Which tone?" = other: "Just use the defaults"',
			].join("\n"),
		);
		expect(messageText(messages[4])).toBe("Just use the defaults");
		const list = await events(s, threadId);
		const answered = ofType(list, "question_answered");
		expect(answered).toEqual([
			expect.objectContaining({
				askId: asked.askId,
				answers: { "0": ["Just use the defaults"], "1": ["Just use the defaults"], "2": ["Just use the defaults"] },
			}),
		]);
		expect(list.indexOf(answered[0])).toBeLessThan(
			list.findIndex((e) => e.type === "user_message" && e.content === "Just use the defaults"),
		);
		expect((await state(s, threadId)).status).toBe("idle");
	});
});
