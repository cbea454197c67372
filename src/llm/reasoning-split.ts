/**
 * A thinking model's reasoning, told apart from its answer as the reply streams, by position and
 * once: nothing is scrubbed out of the text afterwards. Providers send it four ways:
 * - `<think>…</think>` at the very start of the content (Qwen, DeepSeek-R1 through Ollama or LM
 *   Studio);
 * - only the closing `</think>`: the chat templates of DeepSeek-R1 distills (vLLM, Ollama) put
 *   `<think>\n` in the prompt, so the reply starts with reasoning; text before the first
 *   `</think>` that stands at the top level of the Markdown (not in code, not quoted) is reasoning,
 *   and a reader that was handed it as answer is told to take it back (`retracted`);
 * - a `reasoning_content` delta (DeepSeek) or a `reasoning` delta (OpenRouter), which reach the
 *   chunk's additional_kwargs under those names (./reasoning-deltas.ts).
 * Only DeepSeek's `reasoning_content` is ever sent back (its API requires it), so a split says
 * when its reasoning came that way.
 *
 * It lives with the model clients so that every reader of a model's text can use it: the agent's
 * model step, the apply model's note or edit blocks, the chat title, the compaction summary.
 *
 * Only a `<think>` that opens the content counts: a "<think>" anywhere later (in a code block
 * that shows the syntax, say) is answer text. A tag split across chunks is held back until it
 * is whole or cannot be one, so nothing is shown as answer and then taken back (except reasoning
 * without its opening tag, which cannot be known before its close).
 *
 * When the reply is meant to reproduce a note (the apply model), the note's own text decides
 * what is markup: a note that opens with its own `<think>` block keeps it (the reply's first block
 * is the note's when it is that block, or close to it, and no second `<think>` follows it); a note
 * that has a top-level `</think>` of its own turns the closing-tag-only rule off; and the note's
 * own leading blank space survives the blank lines models put after `</think>`.
 */
import type { AIMessageChunk } from "@langchain/core/messages";
import { MarkdownPosition, topLevelIndexOf } from "./markdown-code";

export interface SplitText {
	reasoning: string;
	answer: string;
	/** Set when the reasoning is a `reasoning_content` delta. */
	form?: "reasoning_content";
	/**
	 * Set when answer text handed on before (this many characters, all of it so far) was reasoning
	 * without an opening tag after all: the reader drops it (and anything it read in it).
	 */
	retracted?: number;
}

export interface SplitOptions {
	/** The note the reply reproduces (the apply model's current text; "" for a new note). */
	note?: string;
}

const OPEN = "<think>";
const CLOSE = "</think>";

type Phase = "start" | "thinking" | "maybe-own" | "after-thinking" | "answer";

export class ReasoningSplit {
	private phase: Phase = "start";
	/** Text held back: a possible start of a tag, blank space whose fate is open, or a block that may be the note's. */
	private held = "";
	/** The note's opening `<think>` block (to its first `</think>`, or all of it when unclosed). */
	private readonly ownBlock: string | undefined;
	/** The note's own leading blank space. */
	private readonly ownLead: string;
	/** Whether a bare top-level `</think>` may still end reasoning that had no opening tag. */
	private watchClose: boolean;
	/** Answer handed on while watching for a bare `</think>`. */
	private shown = "";
	private readonly position = new MarkdownPosition();
	/** Set in "maybe-own": the reply's first block, raw, and its reasoning. */
	private block: { raw: string; inner: string } | undefined;

	constructor(options: SplitOptions = {}) {
		const note = options.note;
		const body = note?.trimStart() ?? "";
		this.ownLead = note === undefined ? "" : note.slice(0, note.length - body.length);
		if (body.startsWith(OPEN)) {
			const close = body.indexOf(CLOSE);
			this.ownBlock = close === -1 ? body : body.slice(0, close + CLOSE.length);
		}
		const ownClose = this.ownBlock?.endsWith(CLOSE) ? this.ownLead.length + this.ownBlock.length : 0;
		this.watchClose = note === undefined || topLevelIndexOf(note.slice(ownClose), CLOSE) === -1;
	}

	/** The reasoning and answer text one chunk adds. */
	take(chunk: AIMessageChunk): SplitText {
		const kwargs = chunk.additional_kwargs as { reasoning_content?: unknown; reasoning?: unknown };
		const deepseek = typeof kwargs.reasoning_content === "string" ? kwargs.reasoning_content : "";
		const delta = deepseek || (typeof kwargs.reasoning === "string" ? kwargs.reasoning : "");
		// Reasoning that comes as a delta is not in the content: a `</think>` there is answer text.
		if (delta !== "") this.watchClose = false;
		const content = typeof chunk.content === "string" ? chunk.content : chunk.text;
		const split = this.content(content);
		if (delta === "") return split;
		// A chunk with both a delta and <think> content is not seen in practice; it is not sent back.
		return { ...split, reasoning: delta + split.reasoning, ...(deepseek && !split.reasoning ? { form: "reasoning_content" as const } : {}) };
	}

	/** Splits a piece of content. */
	content(text: string): SplitText {
		if (text === "") return { reasoning: "", answer: "" };
		switch (this.phase) {
			case "answer":
				return this.answer(text);
			case "after-thinking":
				return this.afterThinking(text);
			case "maybe-own":
				return this.maybeOwn(text);
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
		switch (this.phase) {
			case "start":
				this.phase = "answer";
				return { reasoning: "", answer: held };
			case "thinking":
				// The note's own unclosed <think> block, echoed back, is the note.
				if (this.ownBlock !== undefined && this.isOwn(held.trimStart())) return this.toAnswer(held);
				return { reasoning: this.ownBlock !== undefined ? held.trimStart().slice(OPEN.length) : held, answer: "" };
			case "maybe-own":
				return this.decideOwn(held, true);
			case "after-thinking":
				this.phase = "answer";
				return { reasoning: "", answer: this.keptLead(held) };
			case "answer":
				this.watchClose = false;
				return { reasoning: "", answer: held };
		}
	}

	private start(text: string): SplitText {
		const seen = this.held + text;
		const rest = seen.trimStart();
		if (rest.startsWith(OPEN)) {
			this.phase = "thinking";
			this.watchClose = false;
			if (this.ownBlock !== undefined) {
				// The block may be the note's own: hold all of it, as written.
				this.held = "";
				return this.thinking(seen);
			}
			this.held = "";
			return this.thinking(rest.slice(OPEN.length));
		}
		if (OPEN.startsWith(rest)) {
			// Blank so far, or a part of "<think>": wait for more.
			this.held = seen;
			return { reasoning: "", answer: "" };
		}
		this.held = "";
		this.phase = "answer";
		return this.answer(seen);
	}

	private thinking(text: string): SplitText {
		const seen = this.held + text;
		// Held whole, with its "<think>", when it may be the note's own block.
		const own = this.ownBlock !== undefined;
		const from = own ? seen.indexOf(OPEN) + OPEN.length : 0;
		const close = seen.indexOf(CLOSE, from);
		if (close >= 0) {
			this.held = "";
			const rest = seen.slice(close + CLOSE.length);
			if (own) {
				this.phase = "maybe-own";
				this.block = { raw: seen.slice(0, close + CLOSE.length), inner: seen.slice(from, close) };
				return this.maybeOwn(rest);
			}
			this.phase = "after-thinking";
			const after = this.afterThinking(rest);
			return { reasoning: seen.slice(0, close), answer: after.answer };
		}
		if (own) {
			this.held = seen;
			return { reasoning: "", answer: "" };
		}
		const keep = partialSuffix(seen, CLOSE);
		this.held = seen.slice(seen.length - keep);
		return { reasoning: seen.slice(0, seen.length - keep), answer: "" };
	}

	/** After a first block that may be the note's own: waits for what follows its blank space. */
	private maybeOwn(text: string): SplitText {
		this.held += text;
		const rest = this.held.trimStart();
		// Blank so far, or perhaps a second "<think>": wait for more.
		if (rest === "" || (OPEN.startsWith(rest) && rest !== OPEN)) return { reasoning: "", answer: "" };
		return this.decideOwn(this.held, false);
	}

	private decideOwn(after: string, ended: boolean): SplitText {
		const block = this.block!;
		this.block = undefined;
		this.held = "";
		const rest = after.trimStart();
		const second = rest.startsWith(OPEN) || (ended && rest !== "" && OPEN.startsWith(rest));
		const blockText = block.raw.trimStart();
		// Exactly the note's block is the note echoed back; a second <think> after a changed one means the first was reasoning.
		if (blockText === this.ownBlock || (!second && this.isOwn(blockText))) return this.toAnswer(block.raw + after);
		this.phase = "answer";
		return { reasoning: block.inner, answer: this.keptLead(after.slice(0, after.length - rest.length)) + rest };
	}

	/** Whether a reply's block is the note's own, changed as asked (most of its text kept). */
	private isOwn(block: string): boolean {
		return this.ownBlock !== undefined && similarity(block, this.ownBlock) >= 0.5;
	}

	private toAnswer(text: string): SplitText {
		this.phase = "answer";
		this.watchClose = false;
		return { reasoning: "", answer: text };
	}

	/** Models put blank lines between `</think>` and the answer: they are not part of it, but the note's own are. */
	private afterThinking(text: string): SplitText {
		const seen = this.held + text;
		const answer = seen.trimStart();
		if (answer === "") {
			this.held = seen;
			return { reasoning: "", answer: "" };
		}
		this.held = "";
		this.phase = "answer";
		return { reasoning: "", answer: this.keptLead(seen.slice(0, seen.length - answer.length)) + answer };
	}

	/** Of the blank space after reasoning, the note's own leading blank space, when it ends with it. */
	private keptLead(blank: string): string {
		return this.ownLead !== "" && blank.endsWith(this.ownLead) ? this.ownLead : "";
	}

	/** Answer text; while no reasoning was seen, a top-level `</think>` says it was reasoning after all. */
	private answer(text: string): SplitText {
		if (!this.watchClose) return { reasoning: "", answer: text };
		const seen = this.held + text;
		this.held = "";
		let from = 0;
		for (let at = seen.indexOf(CLOSE); at >= 0; at = seen.indexOf(CLOSE, at + 1)) {
			this.position.feed(seen.slice(from, at));
			from = at;
			if (this.position.place() !== "top") continue;
			this.watchClose = false;
			const retracted = this.shown.length;
			const reasoning = this.shown + seen.slice(0, at);
			this.shown = "";
			this.phase = "after-thinking";
			const after = this.afterThinking(seen.slice(at + CLOSE.length));
			return { reasoning, answer: after.answer, ...(retracted > 0 ? { retracted } : {}) };
		}
		const keep = partialSuffix(seen, CLOSE);
		this.held = seen.slice(seen.length - keep);
		const answer = seen.slice(from, seen.length - keep);
		this.position.feed(answer);
		const handed = seen.slice(0, seen.length - keep);
		this.shown += handed;
		return { reasoning: "", answer: handed };
	}
}

/** The length of the longest end of `text` that is a proper start of `tag`. */
function partialSuffix(text: string, tag: string): number {
	for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
		if (text.endsWith(tag.slice(0, n))) return n;
	}
	return 0;
}

/** How much of two texts' character pairs they share (Dice's coefficient, 0 to 1). */
function similarity(a: string, b: string): number {
	if (a === b) return 1;
	if (a.length < 2 || b.length < 2) return 0;
	const pairs = new Map<string, number>();
	for (let i = 0; i < a.length - 1; i++) {
		const pair = a.slice(i, i + 2);
		pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
	}
	let shared = 0;
	for (let i = 0; i < b.length - 1; i++) {
		const pair = b.slice(i, i + 2);
		const n = pairs.get(pair) ?? 0;
		if (n > 0) {
			shared++;
			pairs.set(pair, n - 1);
		}
	}
	return (2 * shared) / (a.length + b.length - 2);
}
