import { AIMessageChunk } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { ReasoningSplit, similarity } from "../../src/llm/reasoning-split";

/** Feeds `pieces` through one splitter and joins what it gives, as ModelStep does. */
function split(pieces: string[]): { reasoning: string; answer: string; answerPieces: string[] } {
	const splitter = new ReasoningSplit();
	let reasoning = "";
	const answerPieces: string[] = [];
	for (const piece of [...pieces.map((p) => splitter.content(p)), splitter.end()]) {
		reasoning += piece.reasoning;
		if (piece.answer) answerPieces.push(piece.answer);
	}
	return { reasoning, answer: answerPieces.join(""), answerPieces };
}

const REPLY =
	"<think>The user wants the headings gone.\nCheck </thin and <think> inside.</think>\n\nI removed the headings.";

describe("ReasoningSplit", () => {
	it("takes <think>…</think> at the start as reasoning, whichever two chunks the reply is cut into", () => {
		for (let cut = 0; cut <= REPLY.length; cut++) {
			const result = split([REPLY.slice(0, cut), REPLY.slice(cut)]);
			expect(result, `cut at ${cut}`).toMatchObject({
				reasoning: "The user wants the headings gone.\nCheck </thin and <think> inside.",
				answer: "I removed the headings.",
			});
		}
	});

	it("does the same when every character is its own chunk", () => {
		expect(split([...REPLY])).toMatchObject({
			reasoning: "The user wants the headings gone.\nCheck </thin and <think> inside.",
			answer: "I removed the headings.",
		});
	});

	it("never shows a piece of a tag as answer text and then takes it back", () => {
		for (let cut = 1; cut < "<think>".length; cut++) {
			const splitter = new ReasoningSplit();
			expect(splitter.content("<think>".slice(0, cut)).answer).toBe("");
		}
		const splitter = new ReasoningSplit();
		splitter.content("<think>Reasoning");
		expect(splitter.content("</th")).toEqual({ reasoning: "", answer: "" });
		expect(splitter.content("ink>Answer")).toEqual({ reasoning: "", answer: "Answer" });
	});

	it("keeps an unclosed <think> at the end of the stream as reasoning, with no answer", () => {
		for (let cut = 0; cut <= 30; cut++) {
			const text = "<think>Still weighing the options when the limit hit";
			expect(split([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual({
				reasoning: "Still weighing the options when the limit hit",
				answer: "",
				answerPieces: [],
			});
		}
		// A stream that ends inside the closing tag: the piece held back was reasoning too.
		expect(split(["<think>Almost done</thi"])).toMatchObject({ reasoning: "Almost done</thi", answer: "" });
	});

	it("leaves a literal <think> inside a normal answer's code block as answer text", () => {
		const answer = "Qwen marks its reasoning like this:\n\n```\n<think>reasoning here</think>\n```\n";
		for (let cut = 0; cut <= answer.length; cut++) {
			expect(split([answer.slice(0, cut), answer.slice(cut)]), `cut at ${cut}`).toEqual(
				expect.objectContaining({ reasoning: "", answer }),
			);
		}
		const fenced = "```html\n<think>x</think>\n```";
		expect(split([fenced])).toMatchObject({ reasoning: "", answer: fenced });
	});

	it("passes an answer that only looks like the start of a tag through unchanged", () => {
		expect(split(["<th", "ree> is not a tag"])).toMatchObject({ reasoning: "", answer: "<three> is not a tag" });
		expect(split(["<thi"])).toMatchObject({ reasoning: "", answer: "<thi" });
		expect(split(["\n", "  Hello"])).toMatchObject({ reasoning: "", answer: "\n  Hello" });
	});

	it("allows blank space before <think>, and drops the blank lines between </think> and the answer", () => {
		expect(split(["\n", " <thi", "nk>Hm</think>", "\n", "\n", "Yes"])).toMatchObject({
			reasoning: "Hm",
			answer: "Yes",
		});
	});

	it("reads reasoning_content deltas as reasoning of that form (the one sent back), reasoning deltas without a form", () => {
		const splitter = new ReasoningSplit();
		expect(
			splitter.take(new AIMessageChunk({ content: "", additional_kwargs: { reasoning_content: "First, " } })),
		).toEqual({ reasoning: "First, ", answer: "", form: "reasoning_content" });
		expect(splitter.take(new AIMessageChunk({ content: "Answer" }))).toEqual({ reasoning: "", answer: "Answer" });
		const other = new ReasoningSplit();
		expect(other.take(new AIMessageChunk({ content: "", additional_kwargs: { reasoning: "First, " } }))).toEqual({
			reasoning: "First, ",
			answer: "",
		});
	});

	// Issue 27's survivors: array-shaped content, and the note's own leading block (leadingThinkBlock before).
	it("reads array-shaped content (a list of text parts) the same as a string", () => {
		const splitter = new ReasoningSplit();
		const parts = (...texts: string[]) =>
			new AIMessageChunk({ content: texts.map((text) => ({ type: "text", text })) });
		expect(splitter.take(parts("<think>Weigh", " it.</think>"))).toEqual({ reasoning: "Weigh it.", answer: "" });
		expect(splitter.take(parts("\n\nThe answer."))).toEqual({ reasoning: "", answer: "The answer." });
	});

	it("keeps a note's own leading <think> block, changed inside, and drops the model's reasoning before it", () => {
		const note = "<think>How R1 reasns.</think>\n\n# Prompts\n";
		const fixed = note.replace("reasns", "reasons");
		const run = (pieces: string[]) => {
			const splitter = new ReasoningSplit({ note });
			const out = [...pieces.map((p) => splitter.content(p)), splitter.end()];
			return { reasoning: out.map((o) => o.reasoning).join(""), answer: out.map((o) => o.answer).join("") };
		};
		expect(run([fixed])).toEqual({ reasoning: "", answer: fixed });
		expect(run([`<think>Only the typo.</think>\n\n${fixed}`])).toEqual({ reasoning: "Only the typo.", answer: fixed });
		// A first block unlike the note's, with no second one after it, is the model's reasoning.
		expect(run(["<think>The user wants the block gone.</think>\n\n# Prompts\n"])).toEqual({
			reasoning: "The user wants the block gone.",
			answer: "# Prompts\n",
		});
	});

	it("takes text before a bare top-level </think> for reasoning, and says how much answer it takes back", () => {
		const splitter = new ReasoningSplit();
		expect(splitter.content("Okay, the user wants")).toEqual({ reasoning: "", answer: "Okay, the user wants" });
		expect(splitter.content(" a letter.\n</think>\n\nDear")).toEqual({
			reasoning: "Okay, the user wants a letter.\n",
			answer: "Dear",
			retracted: "Okay, the user wants".length,
		});
		// Once: a later </think> is answer text.
		expect(splitter.content(" Sam, </think>")).toEqual({ reasoning: "", answer: " Sam, </think>" });
	});

	// Survivors of the mutation run (npm run mutate -- llm/reasoning-split).
	it("hands on a note's own block as soon as it closes, not at the end of the stream", () => {
		const splitter = new ReasoningSplit({ note: "<think>How R1 reasns.</think>\n\n# Prompts\n" });
		expect(splitter.content("<think>How R1 reasons.</th")).toEqual({ reasoning: "", answer: "" });
		expect(splitter.content("ink>\n\n# Pro")).toEqual({
			reasoning: "",
			answer: "<think>How R1 reasons.</think>\n\n# Pro",
		});
	});

	it("takes nothing back when the reply opens with its bare </think>", () => {
		expect(new ReasoningSplit().content("Weigh it.\n</think>\n\nThe answer.")).toEqual({
			reasoning: "Weigh it.\n",
			answer: "The answer.",
		});
	});

	// Issue 26, the audit: the apply path refuses a reply whose only block was the note's, taken for reasoning.
	it("says whether the reply opened with a <think> block it took for reasoning", () => {
		const opened = (content: string, note?: string) => {
			const splitter = new ReasoningSplit(note === undefined ? {} : { note });
			splitter.content(content);
			splitter.end();
			return splitter.openedWithReasoningBlock;
		};
		const own = "<think>How R1 reasons.</think>\n# Prompts\n";
		expect(opened("<think>Weigh it.</think>\n\nThe answer.")).toBe(true);
		expect(opened("<think>Still weighing")).toBe(true);
		expect(opened("Weigh it.\n</think>\n\nThe answer.")).toBe(false);
		expect(opened("The answer.")).toBe(false);
		expect(opened("<think>How R1 reasons!</think>\n# Prompts\n", own)).toBe(false);
		expect(opened("<think>Comment R1 raisonne.</think>\n# Invites\n", own)).toBe(true);
		expect(opened("<think>Comment R1 raisonne.", own)).toBe(true);
		expect(opened("<think>Only the heading.</think>\n# Prompts\n", "# Prompts\n")).toBe(true);
	});

	it("ignores delta fields that are not text", () => {
		const splitter = new ReasoningSplit();
		expect(
			splitter.take(
				new AIMessageChunk({
					content: "Answer",
					additional_kwargs: { reasoning_content: { text: "x" }, reasoning: 5 },
				}),
			),
		).toEqual({ reasoning: "", answer: "Answer" });
	});

	it("measures how alike two texts are by their character pairs", () => {
		expect(similarity("a", "a")).toBe(1);
		expect(similarity("a", "b")).toBe(0);
		expect(similarity("", "xy")).toBe(0);
		expect(similarity("ab", "abc")).toBeCloseTo(2 / 3);
		expect(similarity("abc", "abd")).toBe(0.5);
		// Each pair counts as often as the first text has it.
		expect(similarity("aa", "aaa")).toBeCloseTo(2 / 3);
	});

	/** What a splitter for `note` makes of `reply` in one piece, with its end. */
	const forNote = (note: string, reply: string) => {
		const splitter = new ReasoningSplit({ note });
		const out = [splitter.content(reply), splitter.end()];
		return { reasoning: out.map((o) => o.reasoning).join(""), answer: out.map((o) => o.answer).join("") };
	};

	it("reads a bare </think> as the end of reasoning when the note has none of its own past its opening block", () => {
		const note = "<think>How R1 reasons.</think>\n# Prompts\n";
		expect(forNote(note, `Let me check.\n</think>\n${note}`)).toEqual({ reasoning: "Let me check.\n", answer: note });
	});

	it("keeps a note's own top-level </think> after its opening block as text when the reply drops the block", () => {
		const note = "<think>own</think>\nA\n</think>\nB\n";
		expect(forNote(note, "A\n</think>\nB\n")).toEqual({ reasoning: "", answer: "A\n</think>\nB\n" });
	});

	it("still reads a bare </think> as the end of reasoning when the note's own </think> stands mid-line (only one at a line start would)", () => {
		const note = "Write </think> to close a block.\n";
		expect(new ReasoningSplit({ note }).mayRetract).toBe(true);
		expect(forNote(note, `Let me check.\n</think>\n${note}`)).toEqual({ reasoning: "Let me check.\n", answer: note });
		expect(new ReasoningSplit({ note: "Close it with\n</think>\n" }).mayRetract).toBe(false);
		// At a line start but not a tag of its own ("</think>s"): still text.
		expect(new ReasoningSplit({ note: "Tags:\n</think>s close blocks.\n" }).mayRetract).toBe(true);
	});

	it("keeps the note's own leading blank space only when the blank space after </think> ends with it", () => {
		expect(forNote("\n\n# Note\n", "<think>Hm.</think>\n\n\n# Note\n")).toEqual({
			reasoning: "Hm.",
			answer: "\n\n# Note\n",
		});
		expect(forNote("\n\n# Note\n", "<think>Hm.</think>\n# Note\n")).toEqual({ reasoning: "Hm.", answer: "# Note\n" });
		// Only blank space after </think> when the stream ends.
		expect(forNote("\n\n# Note\n", "<think>Hm.</think> \n")).toEqual({ reasoning: "Hm.", answer: "" });
	});

	it("keeps a note that is one unclosed <think> block, to its last character, when the reply echoes it", () => {
		expect(forNote("<think>ab", "<think>ab")).toEqual({ reasoning: "", answer: "<think>ab" });
		expect(forNote("<think>How R1 reasons", "<think>How R1 reasons")).toEqual({
			reasoning: "",
			answer: "<think>How R1 reasons",
		});
	});

	it("counts the one pair of a two-character text, and finds nothing in common with a text of fewer than two characters", () => {
		expect(similarity("abc", "ab")).toBeCloseTo(2 / 3);
		expect(similarity("ab", "")).toBe(0);
		expect(similarity("ab", "a")).toBe(0);
		expect(similarity("ab", "ba")).toBe(0);
	});
});
