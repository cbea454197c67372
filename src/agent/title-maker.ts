/**
 * The chat title as the apply model words it: one cheap call with the first message, read as a
 * stream (a one-shot invoke would fetch tokenizer tables, see src/sandbox/model-server/index.ts)
 * and cut short once its answer is clearly no title. Model output is untrusted: reasoning, quotes,
 * Markdown and a "Title:" prefix are stripped, and what is left must be one short line, or the
 * call counts as failed (the thread service then uses the first words of the message).
 */
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { ModelProvider, UsageSink } from "../llm/model-provider";
import { ReasoningSplit, type SplitText } from "../llm/reasoning-split";

export const TITLE_PROMPT = [
	"Write a short title (two to six words) for a chat that starts with the user's message below.",
	"Answer with the title only, in the language of the message: no quotes, no Markdown, no period at the end.",
].join("\n");

/**
 * Makes a title from a chat's first message; may throw (the first words stand in then). `usage` is
 * told what each model call it makes spent (issue 33: the title counts like every call).
 */
export interface TitleMaker {
	title(firstMessage: string, signal: AbortSignal, usage: UsageSink): Promise<string>;
}

/** Longer than any title: a model that writes more is not answering the question. */
const MAX_REPLY_CHARS = 400;
const MAX_TITLE_CHARS = 60;
const MESSAGE_CHARS = 2000;
const TIMEOUT_MS = 30_000;

export function modelTitles(models: Pick<ModelProvider, "apply">, timeoutMs = TIMEOUT_MS): TitleMaker {
	return {
		async title(firstMessage, signal, usage) {
			const model = models.apply({ usage });
			const stream = await model.stream(
				[new SystemMessage(TITLE_PROMPT), new HumanMessage(firstMessage.slice(0, MESSAGE_CHARS))],
				{
					signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
				},
			);
			// Only the answer counts toward the cut-off: a thinking model may reason at length first.
			const split = new ReasoningSplit();
			let text = "";
			const add = (piece: SplitText) => {
				if (piece.retracted !== undefined) text = "";
				text += piece.answer;
			};
			for await (const chunk of stream) {
				add(split.take(chunk));
				if (text.length > MAX_REPLY_CHARS) break;
			}
			add(split.end());
			const title = cleanTitle(text);
			if (title === null) throw new Error(`the model's title is unusable: ${JSON.stringify(text.slice(0, 80))}`);
			return title;
		},
	};
}

/** The title in a model's answer, or null when there is none worth showing. */
export function cleanTitle(answer: string): string | null {
	const line =
		answer
			.split("\n")
			.map((l) => l.trim())
			.find((l) => l !== "") ?? "";
	const title = line
		.replace(/^#+\s*/, "")
		.replace(/^(\*\*|__)?title(\*\*|__)?\s*:\s*/i, "")
		.replace(/[*_`]/g, "")
		.replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, "")
		.replace(/[.!:;,]+$/, "")
		.replace(/\s+/g, " ")
		.trim();
	if (title === "" || title.length > MAX_TITLE_CHARS) return null;
	return title;
}
