/**
 * One call to the apply model: it receives the note (or one section of it) and the intent's
 * description, and streams back either the complete new text ("whole") or, for a `modify` in the
 * Edits format, only edit blocks (edit-blocks.ts), so its output grows with the change, not with
 * the note. With a provider that supports OpenAI's predicted outputs, a whole-note call sends the
 * current text as `prediction`, so unchanged spans come back at prefill speed; an edit-blocks
 * call never does (the reply is not the note, and rejected prediction tokens are billed).
 */
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { ChatModel } from "../llm/chat-model";
import { ReasoningSplit, type SplitText } from "../llm/reasoning-split";
import type { ApplyFormat } from "../settings";
import type { EditOperation } from "../log/events";
import { DIVIDER_MARKER, REPLACE_MARKER, SEARCH_MARKER } from "./edit-blocks";

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

/** The Edits format's system message: the three marker lines literally, the rules, an example. */
export const APPLY_EDIT_BLOCKS_PROMPT = [
	"You edit one Markdown note of an Obsidian vault. Reply with edit blocks only: never the whole note, no commentary, no code fences.",
	"An edit block is these three marker lines, exactly as written here, around two parts:",
	SEARCH_MARKER,
	"exact lines of the current note",
	DIVIDER_MARKER,
	"the lines that replace them",
	REPLACE_MARKER,
	"Rules:",
	"- Use as few and as small blocks as the change allows, in the order their lines appear in the note. Blocks must not overlap.",
	"- Copy each SEARCH exactly from the note: whole lines, character for character. It must match exactly one place in the note; when its lines occur more than once, add a neighbouring line to make it unique.",
	"- An empty REPLACE deletes the SEARCH lines. To insert lines, SEARCH a neighbouring line and repeat it in REPLACE together with the new lines.",
	"- Change only what is asked; everything else stays as it is.",
	'Example: to correct "teh" in the line "- Buy teh milk" and delete the line "- Old item", reply:',
	SEARCH_MARKER,
	"- Buy teh milk",
	DIVIDER_MARKER,
	"- Buy the milk",
	REPLACE_MARKER,
	SEARCH_MARKER,
	"- Old item",
	DIVIDER_MARKER,
	REPLACE_MARKER,
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
	/** "edits": reply with edit blocks (modify only). Default "whole". */
	format?: ApplyFormat;
	signal: AbortSignal;
	/** Called as text streams in, with the number of characters generated so far and the new piece. */
	onProgress(generatedChars: number, chunk: string): void;
	/** Called when the text streamed so far turns out to be reasoning (it had no opening tag): start reading afresh. */
	onRestart?(): void;
}

export interface ApplyGeneration {
	text: string;
	finishReason?: string;
	/** The reply opened with a `<think>` block that was split off as the model's reasoning. */
	reasoningBlock: boolean;
}

export async function callApplyModel(call: ApplyCall): Promise<ApplyGeneration> {
	const edits = call.format === "edits";
	const system = edits ? APPLY_EDIT_BLOCKS_PROMPT : call.section ? APPLY_SECTION_PROMPT : APPLY_SYSTEM_PROMPT;
	const prompt = userPrompt(call);
	const messages = [new SystemMessage(system), new HumanMessage(prompt)];
	const options = {
		signal: call.signal,
		...(call.prediction && !edits && call.text !== ""
			? { prediction: { type: "content" as const, content: call.text } }
			: {}),
	};
	// Its own signal, so the cap below can stop the request (the user's Stop still does).
	const request = new AbortController();
	const stopRequest = (): void => request.abort(call.signal.reason);
	call.signal.addEventListener("abort", stopRequest, { once: true });
	const cap = applyReplyCap(call.text);
	// A thinking apply model's reasoning is never note text nor edit blocks; the note's own text
	// decides what in the reply is markup (its own leading <think> block, its own </think>).
	const split = new ReasoningSplit({ note: call.text });
	let text = "";
	let finishReason: string | undefined;
	// Everything the reply streamed, reasoning included: the cap bounds it all.
	let received = 0;
	const add = (piece: SplitText) => {
		received += piece.answer.length + piece.reasoning.length;
		if (piece.retracted !== undefined) {
			// What streamed so far was reasoning without its opening tag: none of it is the reply.
			text = "";
			call.onRestart?.();
		}
		if (piece.answer === "") return;
		text += piece.answer;
		call.onProgress(text.length, piece.answer);
	};
	try {
		const stream = await call.model.stream(messages, { ...options, signal: request.signal });
		for await (const chunk of stream) {
			add(split.take(chunk));
			const reason = chunk.response_metadata?.finish_reason;
			if (typeof reason === "string") finishReason = reason;
			if (received > cap) break;
		}
	} finally {
		call.signal.removeEventListener("abort", stopRequest);
		if (received > cap) request.abort();
	}
	if (received > cap)
		throw new Error(
			`its reply grew past ${Math.round(cap / 1024).toLocaleString("en-US")} KB without ending, so Redline stopped it`,
		);
	// A stream that ends because of the signal returns quietly in some client versions.
	call.signal.throwIfAborted();
	add(split.end());
	return { text, finishReason, reasoningBlock: split.openedWithReasoningBlock };
}

/**
 * The most an apply reply may hold: twice the text it changes, and at least 1 MB. A note, its
 * edit blocks or a rewrite fits far below; a reply that never ends (some servers ignore
 * max_tokens) is stopped here instead of growing in memory until the draft is refused.
 */
export function applyReplyCap(text: string): number {
	return Math.max(1024 * 1024, 2 * text.length + 64 * 1024);
}

function userPrompt(call: ApplyCall): string {
	const change = `Change: ${call.description}`;
	if (call.operation === "create") {
		return `Write the new note ${call.path}.\n${change}\n\nReturn the note's full text.`;
	}
	const what = call.section
		? `the section "${call.section.heading}" of the note ${call.path}`
		: `the note ${call.path}`;
	const verb = call.operation === "rewrite" ? "Rewrite" : "Modify";
	const ask = call.format === "edits" ? "\n\nReply with edit blocks only." : "";
	return `${verb} ${what}.\n${change}\n\nCurrent text between the markers (the markers are not part of it):\n<<<BEGIN>>>\n${call.text}\n<<<END>>>${ask}`;
}
