/**
 * One call to the apply model: it receives the note (or one section of it) and the intent's
 * description, and streams back the complete new text. With a provider that supports OpenAI's
 * predicted outputs, the current text goes as `prediction`, so unchanged spans come back at
 * prefill speed.
 */
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { ChatModel } from "../llm/chat-model";
import type { EditOperation } from "../thread/events";

export const APPLY_SYSTEM_PROMPT = [
	"You edit one Markdown note of an Obsidian vault.",
	"Return the complete new note only, no commentary, no code fences.",
	"Apply exactly the requested change and keep everything else byte for byte: wording, links, frontmatter, spacing, line order.",
].join("\n");

export const APPLY_SECTION_PROMPT = [
	"You edit one section of a Markdown note of an Obsidian vault.",
	"Return the complete new section only (starting with its heading), no commentary, no code fences.",
	"Apply exactly the requested change to this section and keep everything else byte for byte.",
].join("\n");

export interface ApplyCall {
	model: ChatModel;
	/** Send the current text as OpenAI's `prediction`. */
	prediction: boolean;
	path: string;
	operation: EditOperation;
	description: string;
	/** The current text (model text); "" for create. */
	text: string;
	/** Set when `text` is one section of a longer note. */
	section?: { heading: string };
	signal: AbortSignal;
	/** Called as text streams in, with the number of characters generated so far. */
	onProgress(generatedChars: number): void;
}

export interface ApplyGeneration {
	text: string;
	finishReason?: string;
}

export async function callApplyModel(call: ApplyCall): Promise<ApplyGeneration> {
	const messages = [new SystemMessage(call.section ? APPLY_SECTION_PROMPT : APPLY_SYSTEM_PROMPT), new HumanMessage(userPrompt(call))];
	const options = {
		signal: call.signal,
		...(call.prediction && call.text !== "" ? { prediction: { type: "content" as const, content: call.text } } : {}),
	};
	const stream = await call.model.stream(messages, options);
	let text = "";
	let finishReason: string | undefined;
	for await (const chunk of stream) {
		if (typeof chunk.content === "string" && chunk.content !== "") {
			text += chunk.content;
			call.onProgress(text.length);
		}
		const reason = chunk.response_metadata?.finish_reason;
		if (typeof reason === "string") finishReason = reason;
	}
	// A stream that ends because of the signal returns quietly in some client versions.
	call.signal.throwIfAborted();
	return { text, finishReason };
}

function userPrompt(call: ApplyCall): string {
	const change = `Change: ${call.description}`;
	if (call.operation === "create") {
		return `Write the new note ${call.path}.\n${change}\n\nReturn the note's full text.`;
	}
	const what = call.section ? `the section "${call.section.heading}" of the note ${call.path}` : `the note ${call.path}`;
	const verb = call.operation === "rewrite" ? "Rewrite" : "Modify";
	return `${verb} ${what}.\n${change}\n\nCurrent text between the markers (the markers are not part of it):\n<<<BEGIN>>>\n${call.text}\n<<<END>>>`;
}
