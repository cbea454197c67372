/**
 * A thinking model's reasoning, told apart from its answer as the reply streams, by position and
 * once: nothing is scrubbed out of the text afterwards. Providers send it four ways:
 * - `<think>…</think>` at the very start of the content (Qwen, DeepSeek-R1 through Ollama or LM
 *   Studio);
 * - only the closing `</think>`: the chat templates of DeepSeek-R1 distills (vLLM, Ollama) put
 *   `<think>\n` in the prompt, so the reply starts with reasoning; text before the first bare
 *   `</think>` that stands where the format puts it is reasoning, and a reader that was handed it
 *   as answer is told to take it back (`retracted`). Where the format puts it: at the start of a
 *   line (only blank space before it there), at the top level of the Markdown (not in code, not
 *   quoted), followed by a line end, blank space or the end of the reply. A `</think>` an answer
 *   mentions in a sentence ("close the block with </think> on its own line") is text;
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
 * is the note's when its text is close to the note's block's: a change made inside it); a note
 * that has a `</think>` of its own where the format puts one turns the closing-tag-only rule off;
 * and the note's own leading blank space survives the blank lines models put after `</think>`.
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

type Phase = "start" | "thinking" | "after-thinking" | "answer";

export class ReasoningSplit {
	private phase: Phase = "start";
	/** Text held back: a possible start of a tag, blank space whose fate is open, or a block that may be the note's. */
	private held = "";
	/** The text of the note's opening `<think>` block (to its first `</think>`, or all of it when unclosed). */
	private readonly ownBlock: string | undefined;
	/** The note's own leading blank space. */
	private readonly ownLead: string;
	/** Whether a bare top-level `</think>` may still end reasoning that had no opening tag. */
	private watchClose: boolean;
	/** Answer handed on while watching for a bare `</think>`. */
	private shown = "";
	/** Set once the reply's opening `<think>` block is taken for reasoning. */
	private blockAsReasoning = false;
	private readonly position = new MarkdownPosition();

	constructor(options: SplitOptions = {}) {
		// Stryker disable next-line StringLiteral: no note splits as a note with no tag and no leading blank space does (any such text)
		const note = options.note ?? "";
		const body = note.trimStart();
		this.ownLead = note.slice(0, note.length - body.length);
		let ownEnd = 0;
		if (body.startsWith(OPEN)) {
			const close = body.indexOf(CLOSE);
			// Unclosed, the block is the rest of the note (which then holds no </think> to look for).
			const end = close === -1 ? body.length : close;
			this.ownBlock = body.slice(OPEN.length, end);
			ownEnd = end + CLOSE.length;
		}
		// Judged where the note's own tags stand in the note itself (its leading blank space included),
		// by the rule the reply is read by: only a </think> that would close reasoning turns it off.
		this.watchClose =
			topLevelIndexOf(
				note,
				CLOSE,
				this.ownLead.length + ownEnd,
				(position, at) => position.startsLine() && endsTag(note, at) !== false,
			) === -1;
	}

	/**
	 * Whether the reply opened with a `<think>` block that was split off as the model's reasoning
	 * (once the reply has ended). A reader that expects the reply to open with a block of its own
	 * (the apply model's note, see src/composer/think-block.ts) cannot tell which it was.
	 */
	get openedWithReasoningBlock(): boolean {
		return this.blockAsReasoning;
	}

	/**
	 * Whether a later piece may still say that the answer handed on so far was reasoning (a bare
	 * `</think>` may still come). A reader that acts on the answer as it streams waits while it may.
	 */
	get mayRetract(): boolean {
		return this.watchClose;
	}

	/** The reasoning and answer text one chunk adds. */
	take(chunk: AIMessageChunk): SplitText {
		const kwargs = chunk.additional_kwargs as { reasoning_content?: unknown; reasoning?: unknown };
		const deepseek = typeof kwargs.reasoning_content === "string" ? kwargs.reasoning_content : "";
		const delta = deepseek || (typeof kwargs.reasoning === "string" ? kwargs.reasoning : "");
		// Reasoning that comes as a delta is not in the content: a `</think>` there is answer text.
		if (delta !== "") this.watchClose = false;
		// `text` joins the text parts of array-shaped content.
		const split = this.content(chunk.text);
		// A chunk with both a delta and <think> content is not seen in practice; it is not sent back.
		return {
			...split,
			reasoning: delta + split.reasoning,
			...(deepseek && !split.reasoning ? { form: "reasoning_content" as const } : {}),
		};
	}

	/** Splits a piece of content. */
	content(text: string): SplitText {
		switch (this.phase) {
			case "answer":
				return this.answer(text);
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
		switch (this.phase) {
			case "answer":
				// A bare </think> where the format puts one, at the very end: it closed reasoning.
				if (this.watchClose && held === CLOSE) {
					this.held = "";
					return this.close(held, 0);
				}
				return { reasoning: "", answer: held };
			case "start":
				return { reasoning: "", answer: held };
			case "thinking":
				if (this.ownBlock === undefined) return { reasoning: held, answer: "" };
				// Held whole, with its "<think>": the note's own unclosed block, echoed back, is the note.
				return this.decideOwn(held, held.trimStart().slice(OPEN.length), this.ownBlock);
			case "after-thinking":
				return { reasoning: "", answer: this.keptLead(held) };
		}
	}

	private start(text: string): SplitText {
		const seen = this.held + text;
		const rest = seen.trimStart();
		if (rest.startsWith(OPEN)) {
			this.phase = "thinking";
			this.watchClose = false;
			this.held = "";
			// Without a block of the note's own, the opening block is reasoning; else decideOwn decides.
			this.blockAsReasoning = this.ownBlock === undefined;
			// The block may be the note's own: hold all of it, as written.
			return this.thinking(this.ownBlock === undefined ? rest.slice(OPEN.length) : seen);
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
		if (this.ownBlock !== undefined) {
			const from = seen.indexOf(OPEN) + OPEN.length;
			const close = seen.indexOf(CLOSE, from);
			if (close === -1) {
				this.held = seen;
				return { reasoning: "", answer: "" };
			}
			this.held = "";
			const decided = this.decideOwn(seen.slice(0, close + CLOSE.length), seen.slice(from, close), this.ownBlock);
			const after = this.content(seen.slice(close + CLOSE.length));
			return { reasoning: decided.reasoning, answer: decided.answer + after.answer };
		}
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

	/**
	 * The reply's first block, when the note opens with one of its own: the note's when its text is
	 * close to the note's block (most character pairs kept: a change made inside it), else reasoning.
	 */
	private decideOwn(raw: string, inner: string, ownBlock: string): SplitText {
		if (similarity(inner, ownBlock) >= 0.5) {
			this.phase = "answer";
			return { reasoning: "", answer: raw };
		}
		this.phase = "after-thinking";
		this.blockAsReasoning = true;
		return { reasoning: inner, answer: "" };
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
		return blank.endsWith(this.ownLead) ? this.ownLead : "";
	}

	/**
	 * Answer text; while no reasoning was seen, a bare `</think>` where the format puts one says it
	 * was reasoning after all. One at the very end of what came is held until the next character
	 * (or the end of the reply) decides.
	 */
	private answer(text: string): SplitText {
		if (!this.watchClose) return { reasoning: "", answer: text };
		const seen = this.held + text;
		this.held = "";
		let from = 0;
		let keep = partialSuffix(seen, CLOSE);
		for (let at = seen.indexOf(CLOSE); at >= 0; at = seen.indexOf(CLOSE, at + 1)) {
			this.position.feed(seen.slice(from, at));
			from = at;
			if (this.position.place() !== "top" || !this.position.startsLine()) continue;
			const ends = endsTag(seen, at);
			if (ends === undefined) {
				keep = seen.length - at;
				break;
			}
			if (ends) return this.close(seen, at);
		}
		this.held = seen.slice(seen.length - keep);
		// Stryker disable next-line ArithmeticOperator: the held part is "</think>" or a piece of it, which moves no Markdown state
		this.position.feed(seen.slice(from, seen.length - keep));
		const handed = seen.slice(0, seen.length - keep);
		this.shown += handed;
		return { reasoning: "", answer: handed };
	}

	/** The bare `</think>` at `at` closes reasoning: what was handed on before it is taken back. */
	private close(seen: string, at: number): SplitText {
		this.watchClose = false;
		const retracted = this.shown.length;
		this.phase = "after-thinking";
		const after = this.afterThinking(seen.slice(at + CLOSE.length));
		return { reasoning: this.shown + seen.slice(0, at), answer: after.answer, ...(retracted > 0 ? { retracted } : {}) };
	}
}

/**
 * Whether the `</think>` at `at` ends where the format ends it: before a line end, blank space or
 * the end of the reply (a `</think>` glued to a word is text). Undefined when nothing follows it
 * yet: the reply's next piece decides.
 */
function endsTag(text: string, at: number): boolean | undefined {
	const next = text.charAt(at + CLOSE.length);
	return next === "" ? undefined : /\s/.test(next);
}

/** The length of the longest end of `text` that is a proper start of `tag`. */
function partialSuffix(text: string, tag: string): number {
	// Stryker disable next-line EqualityOperator: the empty end gives 0 as well
	for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
		if (text.endsWith(tag.slice(0, n))) return n;
	}
	return 0;
}

/** How much of two texts' character pairs they share (Dice's coefficient, 0 to 1; 0 when one has no pair). */
export function similarity(a: string, b: string): number {
	if (a === b) return 1;
	if (a.length < 2 || b.length < 2) return 0;
	const pairs = new Map<string, number>();
	// Stryker disable next-line EqualityOperator,ArithmeticOperator: a one-character slice at the end is never a pair of the other text
	for (let i = 0; i < a.length - 1; i++) {
		const pair = a.slice(i, i + 2);
		pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
	}
	let shared = 0;
	// Stryker disable next-line EqualityOperator,ArithmeticOperator: a one-character slice at the end is never a pair of the other text
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
