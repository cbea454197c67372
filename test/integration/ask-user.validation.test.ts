/**
 * askUser refusals through the real stack (issue 9): answers the service refuses without
 * recording anything, and malformed asks that go back to the model as error results.
 */
import { describe, expect, it } from "vitest";
import { reply } from "../../src/sandbox/model-server";
import type { AskAnswers } from "../../src/log/events";
import { threadLogKey } from "../../src/log/log";
import { ofType } from "../agent/support/harness";
import {
	answer,
	ask,
	events,
	newThread,
	onlyAsk,
	send,
	settled,
	stack,
	state,
	threeQuestions,
	toolMessage,
} from "./support/ask-stack";
import type { Stack } from "./support/ask-stack";

describe("answers that are refused", () => {
	async function waitingAsk() {
		const s = await stack(ask(threeQuestions), reply.text("Done."));
		const threadId = await newThread(s);
		await send(s, threadId, "Set up the board");
		const asked = onlyAsk(await events(s, threadId));
		return { s, threadId, askId: asked.askId };
	}

	/** Answers, expects a refusal with this code and message, and checks that nothing was recorded. */
	async function refused(
		s: Stack,
		threadId: string,
		params: { askId: string; answers: unknown },
		code: string,
		message: RegExp | string,
	): Promise<void> {
		const eventsBefore = await events(s, threadId);
		const storedBefore = await s.store.read(threadLogKey(threadId));
		const requestsBefore = s.server.requests.length;
		const result = await s.redline.service.answerQuestion({
			threadId,
			askId: params.askId,
			answers: params.answers as AskAnswers,
		});
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.error.code).toBe(code);
		if (typeof message === "string") expect(result.error.message).toBe(message);
		else expect(result.error.message).toMatch(message);
		await settled(s, threadId);
		expect(await events(s, threadId)).toEqual(eventsBefore);
		expect(await s.store.read(threadLogKey(threadId))).toBe(storedBefore);
		expect(s.server.requests).toHaveLength(requestsBefore);
	}

	it("refuses several entries for a single-select question", async () => {
		const { s, threadId, askId } = await waitingAsk();
		await refused(
			s,
			threadId,
			{ askId, answers: { "1": ["Daily.md", "Weekly.md"] } },
			"bad_params",
			'Question 1 ("Which notes?") is single-select: give at most one answer (got 2).',
		);
		// A label plus free text is still two entries for a single-select question.
		await refused(
			s,
			threadId,
			{ askId, answers: { "2": ["Formal", "something else"] } },
			"bad_params",
			/single-select/,
		);
		expect((await state(s, threadId)).status).toBe("waiting_for_answer");
	});

	it("refuses more than one free-text entry for a question", async () => {
		const { s, threadId, askId } = await waitingAsk();
		await refused(
			s,
			threadId,
			{ askId, answers: { "0": ["Master", "first idea", "second idea"] } },
			"bad_params",
			/question 0 \("Which mode\?"\) takes at most one "Other" text; these are not option labels: "first idea", "second idea"/i,
		);
	});

	it("refuses an index that is not a question", async () => {
		const { s, threadId, askId } = await waitingAsk();
		await refused(
			s,
			threadId,
			{ askId, answers: { "3": ["Formal"] } },
			"bad_params",
			"There is no question 3: this ask has 3 questions (indexes 0-2).",
		);
		await refused(s, threadId, { askId, answers: { tone: ["Formal"] } }, "bad_params", /There is no question tone/);
		await refused(s, threadId, { askId, answers: { "-1": ["Formal"] } }, "bad_params", /There is no question -1/);
	});

	it("refuses answers that are not lists of label strings", async () => {
		const { s, threadId, askId } = await waitingAsk();
		await refused(s, threadId, { askId, answers: ["Master"] }, "bad_params", /answers must be an object/);
		await refused(s, threadId, { askId, answers: { "0": "Master" } }, "bad_params", /must be a list of strings/);
		await refused(s, threadId, { askId, answers: { "0": [""] } }, "bad_params", /may not be empty strings/);
	});

	it("refuses a second answer to an ask already answered", async () => {
		const { s, threadId, askId } = await waitingAsk();
		await answer(s, threadId, askId, { "2": ["Formal"] });
		expect(s.server.requests).toHaveLength(2);
		await refused(
			s,
			threadId,
			{ askId, answers: { "2": ["Casual"] } },
			"not_pending",
			"This question was already answered",
		);
	});

	it("refuses an unknown askId", async () => {
		const { s, threadId } = await waitingAsk();
		await refused(
			s,
			threadId,
			{ askId: "ask_nope", answers: { "0": ["Master"] } },
			"not_pending",
			"No question ask_nope in this thread",
		);
		expect((await state(s, threadId)).status).toBe("waiting_for_answer");
	});
});

describe("malformed asks go back to the model", () => {
	const two = (question: string) => ({ question, options: ["Yes", "No"] });
	const cases: Array<{ name: string; args: Record<string, unknown>; says: string }> = [
		{ name: "no questions", args: { questions: [] }, says: "give 1 to 4 questions (got 0)" },
		{ name: "no arguments at all", args: {}, says: "give questions: [{ question, options }] with 1 to 4 questions" },
		{
			name: "more than four questions",
			args: { questions: [two("A?"), two("B?"), two("C?"), two("D?"), two("E?")] },
			says: "give 1 to 4 questions (got 5)",
		},
		{
			name: "duplicate labels",
			args: { questions: [{ question: "Which?", options: ["Daily.md", "daily.md"] }] },
			says: 'the option label "daily.md" appears twice; labels must be distinct',
		},
		{
			name: "duplicate questions",
			args: { questions: [two("Go?"), two("Go?")] },
			says: 'questions[1] repeats the question "Go?"',
		},
		{
			name: "too many options",
			args: { questions: [{ question: "Which?", options: ["1", "2", "3", "4", "5", "6", "7"] }] },
			says: 'questions[0] ("Which?"): give 2 to 6 options (got 7)',
		},
		{
			name: "a single option",
			args: { questions: [{ question: "Which?", options: ["Only"] }] },
			says: 'questions[0] ("Which?"): give 2 to 6 options (got 1)',
		},
		{
			name: "a header longer than 12 characters",
			args: { questions: [{ question: "Which?", header: "A very long header", options: ["a", "b"] }] },
			says: 'header must be a string of at most 12 characters ("A very long header" has 18)',
		},
		{
			name: "an Other option",
			args: { questions: [{ question: "Which?", options: ["Yes", "Other"] }] },
			says: 'remove the option "Other"; every question already gets an "Other" choice with a text field',
		},
	];

	it.each(cases)(
		"answers $name with an error result, shows no card, and calls the model again",
		async ({ args, says }) => {
			const s = await stack(ask(args), reply.text("Let me fix that."));
			const threadId = await newThread(s);
			await send(s, threadId, "Ask me");

			const list = await events(s, threadId);
			expect(ofType(list, "question_asked")).toEqual([]);
			const completed = ofType(list, "tool_call_completed");
			expect(completed).toHaveLength(1);
			expect(completed[0].result.status).toBe("error");
			expect(completed[0].result.message).toContain(says);
			expect(ofType(list, "status").map((e) => e.status)).not.toContain("waiting_for_answer");
			expect(s.server.requests).toHaveLength(2);
			const told = toolMessage(s.server.requests[1]);
			expect(told).toContain("askUser arguments need fixing");
			expect(told).toContain(says);
			expect(told).toContain("Fix the arguments and call askUser again.");
			expect((await state(s, threadId)).status).toBe("idle");
		},
	);

	it("lets the model correct its ask and then shows the card", async () => {
		const s = await stack(
			ask({ questions: [{ question: "Which notes?", header: "Notes to edit today", options: ["Daily.md", "Other"] }] }),
			ask({ questions: [{ question: "Which notes?", header: "Notes", options: ["Daily.md", "Weekly.md"] }] }),
			reply.text("Editing Daily.md."),
		);
		const threadId = await newThread(s);
		await send(s, threadId, "Edit my notes");

		const told = toolMessage(s.server.requests[1]);
		expect(told).toContain("header must be a string of at most 12 characters");
		expect(told).toContain('remove the option "Other"');
		const asked = onlyAsk(await events(s, threadId));
		expect(asked.questions).toEqual([
			{
				question: "Which notes?",
				header: "Notes",
				options: [{ label: "Daily.md" }, { label: "Weekly.md" }],
				multiSelect: false,
			},
		]);
		expect((await state(s, threadId)).status).toBe("waiting_for_answer");

		await answer(s, threadId, asked.askId, { "0": ["Daily.md"] });
		expect(toolMessage(s.server.requests[2])).toBe('"Which notes?" = "Daily.md"');
	});
});
