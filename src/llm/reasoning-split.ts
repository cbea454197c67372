/**
 * A thinking model's reasoning, told apart from its answer as the reply streams. Providers send
 * it three ways: `<think>…</think>` at the very start of the content (Qwen, DeepSeek-R1 through
 * Ollama or LM Studio), a `reasoning_content` delta (DeepSeek) or a `reasoning` delta
 * (OpenRouter), which reach the chunk's additional_kwargs under those names (./reasoning-deltas.ts).
 * Only DeepSeek's `reasoning_content` is ever sent back (its API requires it), so a split says
 * when its reasoning came that way.
 *
 * It lives with the model clients so that every reader of a model's text can use it: the agent's
 * model step, the apply model's note or edit blocks, the chat title.
 *
 * Only a `<think>` that opens the content counts: a "<think>" anywhere later (in a code block
 * that shows the syntax, say) is answer text. A tag split across chunks is held back until it
 * is whole or cannot be one, so nothing is shown as answer and then taken back.
 */
import type { AIMessageChunk } from "@langchain/core/messages";

export interface SplitText {
	reasoning: string;
	answer: string;
	/** Set when the reasoning is a `reasoning_content` delta. */
	form?: "reasoning_content";
}

const OPEN = "<think>";
const CLOSE = "</think>";

type Phase = "start" | "thinking" | "after-thinking" | "answer";

export class ReasoningSplit {
	private phase: Phase = "start";
	/** Text held back: a possible start of `<think>` (start) or of `</think>` (thinking). */
	private held = "";

	/** The reasoning and answer text one chunk adds. */
	take(chunk: AIMessageChunk): SplitText {
		const content = typeof chunk.content === "string" ? chunk.content : chunk.text;
		const split = this.content(content);
		const kwargs = chunk.additional_kwargs as { reasoning_content?: unknown; reasoning?: unknown };
		const deepseek = typeof kwargs.reasoning_content === "string" ? kwargs.reasoning_content : "";
		const delta = deepseek || (typeof kwargs.reasoning === "string" ? kwargs.reasoning : "");
		if (delta === "") return split;
		// A chunk with both a delta and <think> content is not seen in practice; it is not sent back.
		return { reasoning: delta + split.reasoning, answer: split.answer, ...(deepseek && !split.reasoning ? { form: "reasoning_content" as const } : {}) };
	}

	/** Splits a piece of content. */
	content(text: string): SplitText {
		if (text === "") return { reasoning: "", answer: "" };
		switch (this.phase) {
			case "answer":
				return { reasoning: "", answer: text };
			case "after-thinking":
				return this.afterThinking(text);
			case "start":
				return this.start(text);
			case "thinking":
				return this.thinking(text);
		}
	}

	/** What is still held when the stream ends: a lone "<thi" was answer; an unclosed think stays reasoning. */
	end(): SplitText {
		const held = this.held;
		this.held = "";
		if (this.phase === "start") {
			this.phase = "answer";
			return { reasoning: "", answer: held };
		}
		return this.phase === "thinking" ? { reasoning: held, answer: "" } : { reasoning: "", answer: "" };
	}

	private start(text: string): SplitText {
		const seen = this.held + text;
		const lead = seen.length - seen.trimStart().length;
		const rest = seen.slice(lead);
		if (rest.startsWith(OPEN)) {
			this.held = "";
			this.phase = "thinking";
			return this.thinking(rest.slice(OPEN.length));
		}
		if (OPEN.startsWith(rest)) {
			// Blank so far, or a part of "<think>": wait for more.
			this.held = seen;
			return { reasoning: "", answer: "" };
		}
		this.held = "";
		this.phase = "answer";
		return { reasoning: "", answer: seen };
	}

	private thinking(text: string): SplitText {
		const seen = this.held + text;
		const close = seen.indexOf(CLOSE);
		if (close >= 0) {
			this.held = "";
			this.phase = "after-thinking";
			const after = this.afterThinking(seen.slice(close + CLOSE.length));
			return { reasoning: seen.slice(0, close), answer: after.answer };
		}
		const keep = partialSuffix(seen, CLOSE);
		this.held = seen.slice(seen.length - keep);
		return { reasoning: seen.slice(0, seen.length - keep), answer: "" };
	}

	/** Models put blank lines between `</think>` and the answer: they are not part of it. */
	private afterThinking(text: string): SplitText {
		const answer = text.trimStart();
		if (answer !== "") this.phase = "answer";
		return { reasoning: "", answer };
	}
}

/** The length of the longest end of `text` that is a proper start of `tag`. */
function partialSuffix(text: string, tag: string): number {
	for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
		if (text.endsWith(tag.slice(0, n))) return n;
	}
	return 0;
}

/** A text's own opening `<think>…</think>` block (a note about reasoning models, say), if it has one. */
export function leadingThinkBlock(text: string): string | undefined {
	if (!text.startsWith(OPEN)) return undefined;
	const close = text.indexOf(CLOSE);
	return close === -1 ? undefined : text.slice(0, close + CLOSE.length);
}
