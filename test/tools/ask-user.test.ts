import { describe, expect, it } from "vitest";
import { askUserSchema, askUserTool, formatAnswers, parseAskArgs } from "../../src/tools/ask-user";
import { answersFromFreeText, validateAnswers } from "../../src/log/ask-answers";
import type { AskQuestion, NewEvent } from "../../src/log/events";
import type { ThreadState, ToolCallView } from "../../src/log/state";
import type { ToolContext } from "../../src/tools/tool";
import { AccessFloor } from "../../src/vault/access-floor";
import { MemoryVault } from "../../src/vault/memory-vault";

const mode: AskQuestion = {
	question: "Which mode?",
	header: "Mode",
	options: [{ label: "Master" }, { label: "8-bit" }, { label: "Draft" }],
	multiSelect: true,
};
const notes: AskQuestion = {
	question: "Which notes?",
	options: [{ label: "Daily.md" }, { label: "Weekly.md" }],
	multiSelect: false,
};

function message(raw: unknown): string {
	const parsed = parseAskArgs(raw);
	if (parsed.ok) throw new Error("expected a validation failure");
	return parsed.message;
}

describe("parseAskArgs", () => {
	it("normalizes several questions with string and object options", () => {
		const parsed = parseAskArgs({
			questions: [
				{
					question: "Which mode?",
					header: "Mode",
					options: ["Master", { label: "8-bit", description: "Retro" }],
					multiSelect: true,
				},
				{ question: "Which notes?", options: ["Daily.md", "Weekly.md"] },
			],
		});
		expect(parsed).toEqual({
			ok: true,
			questions: [
				{
					question: "Which mode?",
					header: "Mode",
					options: [{ label: "Master" }, { label: "8-bit", description: "Retro" }],
					multiSelect: true,
				},
				{ question: "Which notes?", options: [{ label: "Daily.md" }, { label: "Weekly.md" }], multiSelect: false },
			],
		});
	});

	it("accepts the legacy single-question form", () => {
		expect(parseAskArgs({ question: "Go on?", options: ["Yes", "No"] })).toEqual({
			ok: true,
			questions: [{ question: "Go on?", options: [{ label: "Yes" }, { label: "No" }], multiSelect: false }],
		});
	});

	it("asks for at least one question and at most four", () => {
		expect(message({ questions: [] })).toContain("give 1 to 4 questions (got 0)");
		const q = (i: number) => ({ question: `Q${i}?`, options: ["a", "b"] });
		expect(message({ questions: [q(1), q(2), q(3), q(4), q(5)] })).toContain("give 1 to 4 questions (got 5)");
		expect(message({})).toContain("give questions: [{ question, options }]");
	});

	it("asks for 2 to 6 options", () => {
		expect(message({ questions: [{ question: "Q?", options: ["only"] }] })).toContain(
			'questions[0] ("Q?"): give 2 to 6 options (got 1)',
		);
		expect(message({ questions: [{ question: "Q?", options: ["1", "2", "3", "4", "5", "6", "7"] }] })).toContain(
			"(got 7)",
		);
	});

	it("refuses duplicate labels and duplicate questions", () => {
		expect(message({ questions: [{ question: "Q?", options: ["Yes", "yes"] }] })).toContain(
			'the option label "yes" appears twice',
		);
		expect(
			message({
				questions: [
					{ question: "Q?", options: ["a", "b"] },
					{ question: "Q?", options: ["c", "d"] },
				],
			}),
		).toContain('questions[1] repeats the question "Q?"');
	});

	it("refuses an Other option added by the model", () => {
		expect(message({ questions: [{ question: "Q?", options: ["Yes", "Other"] }] })).toContain(
			'remove the option "Other"',
		);
		expect(message({ questions: [{ question: "Q?", options: ["Yes", { label: "other..." }] }] })).toContain(
			"remove the option",
		);
		expect(parseAskArgs({ questions: [{ question: "Q?", options: ["Yes", "Other notes"] }] }).ok).toBe(true);
	});

	it("refuses a header longer than 12 characters, empty texts and mixed forms", () => {
		expect(message({ questions: [{ question: "Q?", header: "A very long header", options: ["a", "b"] }] })).toContain(
			"at most 12 characters",
		);
		expect(message({ questions: [{ question: " ", options: ["a", "b"] }] })).toContain(
			"questions[0].question must be a non-empty string",
		);
		expect(message({ questions: [{ question: "Q?", options: ["a", ""] }] })).toContain(
			"options[1] must be a non-empty string",
		);
		expect(message({ questions: [{ question: "Q?", options: ["a", "b"] }], question: "R?" })).toContain("not both");
	});

	it("lists every problem at once", () => {
		expect(message({ questions: [{ question: "Q?", options: ["Other"] }] }).split("\n- ")).toHaveLength(3);
	});
});

describe("askUserSchema", () => {
	it("turns a malformed ask into a failure carrying the fix-it message", () => {
		const parsed = askUserSchema.safeParse({ questions: [{ question: "Q?", options: ["a", "a"] }] });
		expect(parsed.success).toBe(false);
		expect(parsed.error?.issues[0]?.message).toContain('the option label "a" appears twice');
	});

	it("outputs the normalized form for the legacy form", () => {
		expect(askUserSchema.parse({ question: "Go?", options: ["Yes", "No"] })).toEqual({
			questions: [{ question: "Go?", options: [{ label: "Yes" }, { label: "No" }], multiSelect: false }],
		});
	});
});

describe("validateAnswers", () => {
	const questions = [mode, notes];
	it("accepts labels, one free text per question, and unanswered questions", () => {
		expect(validateAnswers(questions, { "0": ["Master", "8-bit", "something else"] })).toBeNull();
		expect(validateAnswers(questions, { "1": ["the June ones"] })).toBeNull();
		expect(validateAnswers(questions, {})).toBeNull();
	});
	it("refuses several entries for a single-select question", () => {
		expect(validateAnswers(questions, { "1": ["Daily.md", "Weekly.md"] })).toBe(
			'Question 1 ("Which notes?") is single-select: give at most one answer (got 2).',
		);
	});
	it("refuses more than one free-text entry", () => {
		expect(validateAnswers(questions, { "0": ["x", "y"] })).toContain('takes at most one "Other" text');
	});
	it("refuses an index that is not a question", () => {
		expect(validateAnswers(questions, { "2": ["Master"] })).toBe(
			"There is no question 2: this ask has 2 questions (indexes 0-1).",
		);
		expect(validateAnswers(questions, { "01": ["Master"] })).toContain("There is no question 01");
	});
	it("refuses malformed entries", () => {
		expect(validateAnswers(questions, { "0": "Master" } as unknown as Record<string, string[]>)).toContain(
			"must be a list of strings",
		);
		expect(validateAnswers(questions, { "0": [""] })).toContain("may not be empty");
		expect(validateAnswers(questions, { "0": ["Master", "Master"] })).toContain("given twice");
	});
});

describe("answersFromFreeText", () => {
	it("answers every question with the message text", () => {
		expect(answersFromFreeText([mode, notes], "only the June ones")).toEqual({
			"0": ["only the June ones"],
			"1": ["only the June ones"],
		});
		expect(answersFromFreeText([mode], "  ")).toEqual({});
	});
});

describe("askUser tool", () => {
	function context(events: NewEvent[]): ToolContext {
		return {
			threadId: "t",
			callId: "call_1",
			vault: new MemoryVault("v"),
			floor: new AccessFloor([]),
			state: () => {
				throw new Error("not used");
			},
			emit: (event) => events.push(event),
			progress: () => undefined,
			signal: new AbortController().signal,
			newId: (prefix) => `${prefix}_1`,
			commit: (write) => write(),
		};
	}

	it("emits question_asked and suspends", async () => {
		const events: NewEvent[] = [];
		const outcome = await askUserTool.run({ questions: [mode, notes] }, context(events));
		expect(outcome).toEqual({ suspended: true, waitingFor: "answer", askId: "ask_1" });
		expect(events).toEqual([{ type: "question_asked", askId: "ask_1", callId: "call_1", questions: [mode, notes] }]);
	});

	it("waits until answered, then gives the model one plain line per question", () => {
		const call = { callId: "call_1", askId: "ask_1" } as ToolCallView;
		const state = (answers?: Record<string, string[]>) =>
			({
				questions: {
					ask_1: {
						askId: "ask_1",
						callId: "call_1",
						questions: [mode, notes, { ...notes, question: "Anything else?" }],
						answers,
					},
				},
			}) as unknown as ThreadState;
		expect(askUserTool.resume?.({ questions: [] }, call, state())).toBeUndefined();
		const answers = { "0": ["Master", "8-bit"], "1": ["Daily.md", "the June ones"] };
		const result = askUserTool.resume?.({ questions: [] }, call, state(answers));
		expect(result).toEqual({
			status: "success",
			message:
				'"Which mode?" = "Master, 8-bit"\n"Which notes?" = "Daily.md" + other: "the June ones"\n"Anything else?" = (no answer)',
			data: { askId: "ask_1", answers },
		});
	});

	it("marks an answer that is only free text", () => {
		expect(formatAnswers([notes], { "0": ["the June ones"] })).toBe('"Which notes?" = other: "the June ones"');
	});
});
