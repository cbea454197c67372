/**
 * The property behind issue 26's thinking-tag cases: any note, returned unchanged by the apply
 * model in any wire form of reasoning (none, `<think>…</think>`, only `…</think>`,
 * `reasoning_content`, `reasoning`), cut into any chunks, comes back as exactly that note: no
 * note content is ever taken for reasoning or markup. Notes are drawn from markup-heavy pieces
 * (tags, partial tags, fences, backticks, quotes, blank space) as well as arbitrary text. Once
 * over the splitter itself, and once through the real ChatOpenAI client against the scripted
 * model server (fewer runs: each is an HTTP request).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApplyModel } from "../../src/composer/apply";
import type { ChatModel } from "../../src/llm/chat-model";
import { createModelProvider } from "../../src/llm/model-provider";
import { ReasoningSplit } from "../../src/llm/reasoning-split";
import { DEFAULT_SETTINGS } from "../../src/settings";
import type { RedlineSettings } from "../../src/settings";
import { startModelServer } from "../../src/sandbox/model-server";
import type { ModelServer, ReasoningForm, ScriptedReply } from "../../src/sandbox/model-server";

const PIECES = [
	"<think>",
	"</think>",
	"<thi",
	"</th",
	"think>",
	"```",
	"~~~",
	"`",
	"``",
	"\n",
	"\n\n",
	" ",
	"   ",
	"\t",
	"> ",
	"# Heading",
	"- item",
	"text",
	"<tool_call>",
	"</tool_response>",
	"\r\n",
	"\u00a0",
];

const note = fc.oneof(
	fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((parts) => parts.join("")),
	fc
		.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 6 })), { maxLength: 10 })
		.map((parts) => parts.join("")),
	fc.string({ maxLength: 40 }),
);

type Form = "none" | ReasoningForm;
const FORMS: Form[] = ["none", "think", "think-closed", "reasoning_content", "reasoning"];
const REASONING = "The user wants the note back as it is.";

/**
 * Which forms a note can round-trip in. A reply that opens with reasoning and has only its
 * closing tag cannot be told apart from a note that has a `</think>` of its own: that rule holds
 * only for notes without one (the corpus has one whose `</think>` is in a code fence).
 */
function formsFor(text: string): Form[] {
	return FORMS.filter((form) => form !== "think-closed" || !text.includes("</think>"));
}

/** The content the model streams for `text` in `form`, as the scripted server writes it. */
function content(text: string, form: Form): string {
	if (form === "think") return `<think>${REASONING}</think>\n\n${text}`;
	if (form === "think-closed") return `${REASONING}\n</think>\n\n${text}`;
	return text;
}

function cutAt(text: string, cuts: number[]): string[] {
	const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
	const pieces: string[] = [];
	let from = 0;
	for (const point of points) {
		pieces.push(text.slice(from, point));
		from = point;
	}
	pieces.push(text.slice(from));
	return pieces.filter((piece) => piece !== "");
}

function splitBack(text: string, pieces: string[]): string {
	const split = new ReasoningSplit({ note: text });
	let answer = "";
	for (const piece of [...pieces.map((p) => split.content(p)), split.end()]) {
		if (piece.retracted !== undefined) answer = "";
		answer += piece.answer;
	}
	return answer;
}

describe("a note returned unchanged by the apply model", () => {
	it("round-trips to exactly that note in every wire form, cut into any chunks (the splitter)", () => {
		fc.assert(
			fc.property(note, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
				for (const form of formsFor(text)) {
					expect(splitBack(text, cutAt(content(text, form), cuts)), form).toBe(text);
				}
			}),
			{ numRuns: 3000 },
		);
	});

	describe("through the real client and the scripted server", () => {
		let server: ModelServer;
		let model: ChatModel;
		let next: ScriptedReply = { text: "" };
		beforeAll(async () => {
			server = await startModelServer({ script: () => next });
			const settings: RedlineSettings = {
				...DEFAULT_SETTINGS,
				mainModel: { baseUrl: server.baseURL, model: "main" },
				applyModel: { model: "apply" },
			};
			model = createModelProvider(
				() => settings,
				() => ({}),
			).apply({ usage: () => undefined });
		});
		afterAll(() => server.close());

		it("round-trips in every wire form, whatever the chunks", async () => {
			await fc.assert(
				fc.asyncProperty(
					note,
					fc.array(fc.nat(), { maxLength: 4 }),
					fc.constantFrom(...FORMS),
					async (text, cuts, wanted) => {
						const form = formsFor(text).includes(wanted) ? wanted : "none";
						const thought = form === "none" ? {} : { reasoning: REASONING, reasoningAs: form };
						// The server adds the <think> markup itself; its text chunks are cut where the property says.
						const chunks = cutAt(text, cuts);
						next = { ...thought, ...(chunks.length > 0 ? { textChunks: chunks } : { text: "" }) };
						const generation = await callApplyModel({
							model,
							prediction: false,
							path: "Note.md",
							operation: "rewrite",
							description: "return the note unchanged",
							text,
							signal: new AbortController().signal,
							onProgress: () => {},
						});
						expect(generation.text).toBe(text);
					},
				),
				{ numRuns: 60 },
			);
		}, 120_000);
	});
});
