/**
 * The user's answers to an askUser card, checked where the service takes them
 * (v1.thread.answerQuestion) and where a new message answers a waiting question. It lives on the
 * ground floor because the service, above the tools, needs it without importing a tool.
 */
import type { AskAnswers, AskQuestion } from "./events";

/**
 * Checks answers from the user (v1.thread.answerQuestion): keys are question indexes; each entry
 * is an option label, except at most one free-text entry per question; a single-select question
 * takes at most one entry. Returns the error message, or null when the answers are fine.
 */
export function validateAnswers(questions: AskQuestion[], answers: AskAnswers): string | null {
	if (!isRecord(answers)) return 'answers must be an object keyed by question index, e.g. { "0": ["Yes"] }';
	for (const [key, value] of Object.entries(answers)) {
		const index = Number(key);
		const question = Number.isInteger(index) && String(index) === key ? questions[index] : undefined;
		if (!question)
			return `There is no question ${key}: this ask has ${questions.length} question${questions.length === 1 ? "" : "s"} (indexes 0-${questions.length - 1}).`;
		const name = `question ${key} (${JSON.stringify(question.question)})`;
		if (!Array.isArray(value) || value.some((entry) => typeof entry !== "string"))
			return `Answers to ${name} must be a list of strings.`;
		const entries = value;
		if (entries.some((entry) => entry.trim() === "")) return `Answers to ${name} may not be empty strings.`;
		if (new Set(entries).size !== entries.length) return `An answer to ${name} is given twice.`;
		if (!question.multiSelect && entries.length > 1)
			return `${capitalize(name)} is single-select: give at most one answer (got ${entries.length}).`;
		const labels = new Set(question.options.map((o) => o.label));
		const freeText = entries.filter((entry) => !labels.has(entry));
		if (freeText.length > 1)
			return `${capitalize(name)} takes at most one "Other" text; these are not option labels: ${freeText.map((t) => JSON.stringify(t)).join(", ")}.`;
	}
	return null;
}

/** A user message sent while a question waits: it answers every question with that free text. */
export function answersFromFreeText(questions: AskQuestion[], text: string): AskAnswers {
	const answers: AskAnswers = {};
	if (text.trim() === "") return answers;
	questions.forEach((_, index) => {
		answers[String(index)] = [text];
	});
	return answers;
}

function capitalize(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
