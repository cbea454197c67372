/**
 * askUser (issue 9): the agent asks the user up to four questions in one card, each single- or
 * multi-select, each with an automatic "Other" free-text choice. The call suspends (the runner
 * stops, the log holds the question) and resumes when question_answered is in the thread.
 *
 * What the model reads back: one plain line per question, in order:
 *   "Which mode?" = "Master, 8-bit"                       chosen labels, joined by ", "
 *   "Which notes?" = "Daily.md" + other: "the June ones"  labels plus the user's free text
 *   "Which notes?" = other: "the June ones"               free text only
 *   "Which mode?" = (no answer)                           nothing chosen
 *   "Which mode?" = (the user skipped this question)      Skip question on the card
 */
import * as z from "zod/mini";
import type { AskAnswers, AskOption, AskQuestion } from "../log/events";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import { NO_ACCESS } from "./tool";
import type { Tool } from "./tool";
import { plural } from "./words";

export const MAX_QUESTIONS = 4;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;
export const MAX_HEADER = 12;

const optionSchema = z.union([
	z.string(),
	z.object({
		label: z.string(),
		description: z.optional(z.string()).check(z.describe("One line shown under the label")),
	}),
]);
const questionSchema = z.object({
	question: z.string().check(z.describe("The full question, ending with a question mark")),
	header: z
		.optional(z.string())
		.check(z.describe(`A short chip shown above the question (at most ${MAX_HEADER} characters)`)),
	options: z
		.array(optionSchema)
		.check(
			z.describe(
				`${MIN_OPTIONS} to ${MAX_OPTIONS} choices with distinct labels. Do not add an "Other" choice: every question gets one automatically`,
			),
		),
	multiSelect: z.optional(z.boolean()).check(z.describe("true when the user may pick several options")),
});

/** The raw shape the model sees (other keys allowed); parseAskArgs checks the rules a JSON schema cannot say. */
const rawSchema = z.looseObject({
	questions: z
		.optional(z.array(questionSchema))
		.check(z.describe(`1 to ${MAX_QUESTIONS} questions with distinct texts`)),
	question: z.optional(z.string()).check(z.describe("Older single-question form (with options); prefer questions")),
	options: z.optional(z.array(optionSchema)).check(z.describe("Options of the older single-question form")),
});

export type AskParse = { ok: true; questions: AskQuestion[] } | { ok: false; message: string };

/** Validates and normalizes askUser arguments (new or legacy form); messages say what to fix. */
export function parseAskArgs(raw: unknown): AskParse {
	if (!isRecord(raw)) return fail(["the arguments must be an object like { questions: [{ question, options }] }"]);
	const hasNew = raw.questions !== undefined;
	const hasLegacy = raw.question !== undefined || raw.options !== undefined;
	if (hasNew && hasLegacy) return fail(["use either questions: [...] or the older question + options form, not both"]);
	const list: unknown = hasNew
		? raw.questions
		: hasLegacy
			? [{ question: raw.question, options: raw.options, header: raw.header, multiSelect: raw.multiSelect }]
			: undefined;
	if (!Array.isArray(list))
		return fail([
			hasNew ? "questions must be a list" : "give questions: [{ question, options }] with 1 to 4 questions",
		]);
	const problems: string[] = [];
	if (list.length === 0 || list.length > MAX_QUESTIONS)
		problems.push(`give 1 to ${MAX_QUESTIONS} questions (got ${list.length})`);
	const questions: AskQuestion[] = [];
	const texts = new Set<string>();
	list.slice(0, MAX_QUESTIONS).forEach((item, index) => {
		const question = parseQuestion(item, `questions[${index}]`, problems);
		if (!question) return;
		const key = question.question.trim().toLowerCase();
		if (texts.has(key))
			problems.push(
				`questions[${index}] repeats the question ${JSON.stringify(question.question)}; each question must be different`,
			);
		texts.add(key);
		questions.push(question);
	});
	return problems.length > 0 ? fail(problems) : { ok: true, questions };
}

function parseQuestion(item: unknown, where: string, problems: string[]): AskQuestion | null {
	if (!isRecord(item)) {
		problems.push(`${where} must be an object { question, options, header?, multiSelect? }`);
		return null;
	}
	const { question, header, options, multiSelect } = item;
	const before = problems.length;
	if (typeof question !== "string" || question.trim() === "")
		problems.push(`${where}.question must be a non-empty string`);
	const label =
		typeof question === "string" && question.trim() !== "" ? `${where} (${JSON.stringify(question)})` : where;
	if (header !== undefined && (typeof header !== "string" || header.length > MAX_HEADER)) {
		problems.push(
			`${label}: header must be a string of at most ${MAX_HEADER} characters${typeof header === "string" ? ` (${JSON.stringify(header)} has ${header.length})` : ""}`,
		);
	}
	if (multiSelect !== undefined && typeof multiSelect !== "boolean")
		problems.push(`${label}: multiSelect must be true or false`);
	const parsedOptions = parseOptions(options, label, problems);
	if (problems.length > before || !parsedOptions || typeof question !== "string") return null;
	return {
		question,
		...(typeof header === "string" && header !== "" ? { header } : {}),
		options: parsedOptions,
		multiSelect: multiSelect === true,
	};
}

function parseOptions(options: unknown, label: string, problems: string[]): AskOption[] | null {
	if (!Array.isArray(options)) {
		problems.push(
			`${label}: options must be a list of ${MIN_OPTIONS} to ${MAX_OPTIONS} strings or { label, description? }`,
		);
		return null;
	}
	if (options.length < MIN_OPTIONS || options.length > MAX_OPTIONS) {
		problems.push(`${label}: give ${MIN_OPTIONS} to ${MAX_OPTIONS} options (got ${options.length})`);
	}
	const parsed: AskOption[] = [];
	const seen = new Set<string>();
	options.forEach((option, i) => {
		const text =
			typeof option === "string" ? option : isRecord(option) && typeof option.label === "string" ? option.label : null;
		const description = isRecord(option) ? option.description : undefined;
		if (text === null || text.trim() === "") {
			problems.push(`${label}: options[${i}] must be a non-empty string or { label, description? }`);
			return;
		}
		if (description !== undefined && typeof description !== "string")
			problems.push(`${label}: options[${i}].description must be a string`);
		if (/^other\W*$/i.test(text.trim())) {
			problems.push(
				`${label}: remove the option ${JSON.stringify(text)}; every question already gets an "Other" choice with a text field`,
			);
		}
		const key = text.trim().toLowerCase();
		if (seen.has(key))
			problems.push(`${label}: the option label ${JSON.stringify(text)} appears twice; labels must be distinct`);
		seen.add(key);
		parsed.push({ label: text, ...(typeof description === "string" && description !== "" ? { description } : {}) });
	});
	return parsed;
}

/** The zod schema the runner validates with; failures carry parseAskArgs' messages. */
export const askUserSchema = z.pipe(
	rawSchema,
	z.transform((raw, ctx): { questions: AskQuestion[] } => {
		const parsed = parseAskArgs(raw);
		if (parsed.ok) return { questions: parsed.questions };
		ctx.issues.push({ code: "custom", message: parsed.message, input: raw });
		return z.NEVER;
	}),
);
export type AskUserArgs = z.output<typeof askUserSchema>;

/** What the model reads for a question the user skipped: never an answer it could take for a choice. */
export const SKIPPED_ANSWER = "(the user skipped this question)";

/** The text the model reads: one line per question (format in the header comment). */
export function formatAnswers(questions: AskQuestion[], answers: AskAnswers, skipped = false): string {
	return questions
		.map((question, index) => {
			if (skipped) return `${JSON.stringify(question.question)} = ${SKIPPED_ANSWER}`;
			const entries = answers[String(index)] ?? [];
			const labels = new Set(question.options.map((o) => o.label));
			const chosen = entries.filter((entry) => labels.has(entry));
			const other = entries.find((entry) => !labels.has(entry));
			const parts: string[] = [];
			if (chosen.length > 0) parts.push(JSON.stringify(chosen.join(", ")));
			if (other !== undefined) parts.push(`other: ${JSON.stringify(other)}`);
			return `${JSON.stringify(question.question)} = ${parts.length > 0 ? parts.join(" + ") : "(no answer)"}`;
		})
		.join("\n");
}

export const askUserTool: Tool<AskUserArgs> = {
	name: "askUser",
	description:
		'Ask the user 1 to 4 questions at once when you need a decision (which notes, which sections, which style). Each question has 2 to 6 options and may allow several answers (multiSelect). Every question automatically offers "Other" with a text field: never add your own "Other". The answers come back as one line per question.',
	schema: askUserSchema,
	defaultPreference: "always",
	label: "Ask you questions",
	purpose: "Ask you to choose when it needs a decision.",
	neverSubject: "questions are",
	words: (args) => {
		// The older single-question form asks one.
		const count = Array.isArray(args.questions) ? args.questions.length : typeof args.question === "string" ? 1 : 0;
		return {
			title: `Ask ${plural(count, "question")}`,
			active: `Asking ${plural(count, "question")}`,
			done: `Asked ${plural(count, "question")}`,
		};
	},
	examples: () => [{ questions: [{ question: "Which one?", options: ["a", "b"] }] }],
	access: () => NO_ACCESS,
	run(args, ctx) {
		const askId = ctx.newId("ask");
		ctx.emit({ type: "question_asked", askId, callId: ctx.callId, questions: args.questions });
		return Promise.resolve({ suspended: true, waitingFor: "answer", askId });
	},
	resume(_args, call, state): ToolResult | undefined {
		const asked = call.askId === undefined ? undefined : state.questions[call.askId];
		if (!asked?.answers) return undefined;
		return toolResult.success(formatAnswers(asked.questions, asked.answers, asked.skipped === true), {
			data: { askId: asked.askId, answers: asked.answers, ...(asked.skipped === true ? { skipped: true } : {}) },
		});
	},
};

function fail(problems: string[]): AskParse {
	return { ok: false, message: `askUser arguments need fixing:\n- ${problems.join("\n- ")}` };
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
