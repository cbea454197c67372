/**
 * A thinking model's reasoning, in each of the three forms providers send it, becomes
 * assistant_reasoning events: never answer text, and never sent back to the model, except
 * DeepSeek's `reasoning_content` on a message that made tool calls (its API requires it:
 * runner.deepseek-thinking.test.ts). Before, `<think>` content was shown and replayed as the
 * answer and the two delta forms were dropped.
 */
import { describe, expect, it } from "vitest";
import {
	lastUserText,
	messageText,
	reply,
	scripted,
	type ReasoningForm,
	type ScriptedReply,
} from "../../src/sandbox/model-server";
import { harness, ofType } from "./support/harness";

const REASONING = "The user wants a note read. Daily.md is the one; <b>read</b> it first.";

describe.each<ReasoningForm>(["think", "reasoning_content", "reasoning"])(
	"AgentRunner with reasoning as %s",
	(form) => {
		const replayed = form === "reasoning_content";
		it(`records the reasoning as assistant_reasoning, the answer as tokens, and ${replayed ? "sends back only a tool-calling message's" : "never replays the reasoning"}`, async () => {
			const h = await harness({
				notes: { "Daily.md": "Buy milk\n" },
				script: scripted(
					{
						reasoning: REASONING,
						reasoningAs: form,
						toolCalls: [{ name: "readNote", arguments: { path: "Daily.md" }, id: "call_read" }],
					},
					reply.thinking("Milk is on the list.", "You need milk.", form),
				),
			});
			const threadId = await h.newThread();
			await h.send(threadId, "What do I need?");
			const events = await h.events(threadId);
			const messages = ofType(events, "assistant_message_started").map((e) => e.messageId);
			expect(messages).toHaveLength(2);
			const reasoningOf = (messageId: string | undefined) =>
				ofType(events, "assistant_reasoning")
					.filter((e) => e.messageId === messageId)
					.map((e) => e.text)
					.join("");
			expect(reasoningOf(messages[0])).toBe(REASONING);
			expect(reasoningOf(messages[1])).toBe("Milk is on the list.");
			expect(
				ofType(events, "assistant_token")
					.map((e) => e.text)
					.join(""),
			).toBe("You need milk.");

			const state = await h.state(threadId);
			const last = state.messages[state.messages.length - 1];
			expect(last?.kind === "assistant" && last.text).toBe("You need milk.");
			expect(last?.kind === "assistant" && last.reasoning?.text).toBe("Milk is on the list.");

			// The second request carries the first reply without its reasoning (DeepSeek's: in its own field).
			const sent = h.server.requests[1]?.body.messages ?? [];
			const assistant = sent.find((m) => m.role === "assistant");
			expect(assistant?.tool_calls?.[0]?.function.name).toBe("readNote");
			expect(assistant?.reasoning_content).toBe(replayed ? REASONING : undefined);
			expect(JSON.stringify({ ...assistant, reasoning_content: undefined })).not.toContain(
				"The user wants a note read",
			);
			expect(JSON.stringify(sent.filter((m) => m !== assistant))).not.toContain("The user wants a note read");
			expect(messageText(assistant ?? { role: "assistant" })).toBe("");

			// A second turn: the reply without tool calls is never sent back with its reasoning.
			h.server.setScript(scripted(reply.text("Nothing else.")));
			await h.send(threadId, "Anything else?");
			const next = JSON.stringify(h.server.requests[2]?.body.messages ?? []);
			expect(next).not.toContain("Milk is on the list.");
			expect(next.includes("The user wants a note read")).toBe(replayed);
		});
	},
);

describe("AgentRunner with an unclosed <think>", () => {
	it("keeps what it got as reasoning and shows no answer text", async () => {
		const h = await harness({
			script: scripted({ text: "<think>Still weighing the options", finishReason: "length" }),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Decide");
		const events = await h.events(threadId);
		expect(
			ofType(events, "assistant_reasoning")
				.map((e) => e.text)
				.join(""),
		).toBe("Still weighing the options");
		expect(ofType(events, "assistant_token")).toHaveLength(0);
		expect(ofType(events, "assistant_message_completed")[0]?.finishReason).toBe("length");
	});

	it("leaves a literal <think> in a code block of a normal answer as answer text", async () => {
		const answer = "Qwen writes its reasoning like this:\n\n```\n<think>…</think>\n```";
		const h = await harness({ script: scripted(reply.text(answer)) });
		const threadId = await h.newThread();
		await h.send(threadId, "How does Qwen mark reasoning?");
		const events = await h.events(threadId);
		expect(ofType(events, "assistant_reasoning")).toHaveLength(0);
		expect(
			ofType(events, "assistant_token")
				.map((e) => e.text)
				.join(""),
		).toBe(answer);
	});
});

/**
 * The same replies cut into two chunks at every offset, through the scripted server and the real
 * client: the split the runner sees is the one the wire made, wherever a tag or a fence falls.
 * One thread per cut; the user message names the case and the cut.
 */
describe("AgentRunner with a reply cut into two chunks at every offset", () => {
	const THINKING = "<think>Two headings, both go.</think>\n\nI removed the headings.";
	const UNCLOSED = "<think>Still weighing the options";
	const CODE = "Qwen marks it like this:\n\n```\n<think>reasoning</think>\n```";
	const cases: Record<string, { text: string; finishReason?: ScriptedReply["finishReason"] }> = {
		thinking: { text: THINKING },
		unclosed: { text: UNCLOSED, finishReason: "length" },
		code: { text: CODE },
	};

	async function runCuts(name: keyof typeof cases) {
		const { text, finishReason } = cases[name];
		const h = await harness({
			script: (request) => {
				const cut = Number(/cut (\d+)/.exec(lastUserText(request) ?? "")?.[1]);
				return { textChunks: [text.slice(0, cut), text.slice(cut)], ...(finishReason ? { finishReason } : {}) };
			},
		});
		const seen: Array<{ cut: number; reasoning: string; answer: string; tokens: string[] }> = [];
		for (let cut = 0; cut <= text.length; cut++) {
			const threadId = await h.newThread();
			await h.send(threadId, `${name}, cut ${cut}`);
			const events = await h.events(threadId);
			const tokens = ofType(events, "assistant_token").map((e) => e.text);
			seen.push({
				cut,
				reasoning: ofType(events, "assistant_reasoning")
					.map((e) => e.text)
					.join(""),
				answer: tokens.join(""),
				tokens,
			});
		}
		expect(h.server.requests).toHaveLength(text.length + 1);
		return seen;
	}

	it(
		"takes a <think> at the start as reasoning wherever the cut falls, and never streams a piece of a tag as answer",
		{ timeout: 120_000 },
		async () => {
			for (const { cut, reasoning, answer, tokens } of await runCuts("thinking")) {
				expect({ cut, reasoning, answer }).toEqual({
					cut,
					reasoning: "Two headings, both go.",
					answer: "I removed the headings.",
				});
				for (const token of tokens) expect(token, `cut ${cut}`).not.toMatch(/<|think>/);
			}
		},
	);

	it(
		"keeps an unclosed <think> at the end of the stream as reasoning wherever the cut falls",
		{ timeout: 120_000 },
		async () => {
			for (const { cut, reasoning, answer } of await runCuts("unclosed")) {
				expect({ cut, reasoning, answer }).toEqual({ cut, reasoning: "Still weighing the options", answer: "" });
			}
		},
	);

	it(
		"leaves a literal <think> in a normal answer's code block as answer text wherever the cut falls",
		{ timeout: 120_000 },
		async () => {
			for (const { cut, reasoning, answer } of await runCuts("code")) {
				expect({ cut, reasoning, answer }).toEqual({ cut, reasoning: "", answer: CODE });
			}
		},
	);
});

/**
 * DeepSeek-R1 distills on vLLM and Ollama put `<think>\n` in the prompt: the reply starts with
 * reasoning and carries only the closing tag. It streams as answer until the `</think>` comes;
 * then one event takes it back, and the fold, the reopened log and the next request honour it.
 */
describe("AgentRunner with reasoning whose opening tag was in the prompt", () => {
	const THOUGHT = "Okay, the user wants a summary. Daily.md only says to buy milk.";

	it("moves the answer streamed before a bare </think> into the reasoning, live and after reopening, and never sends it back", async () => {
		const h = await harness({
			script: scripted({ reasoning: THOUGHT, reasoningAs: "think-closed", text: "Here is the answer." }),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Summarize my daily note");
		const retractions = ofType(await h.events(threadId), "assistant_reasoning").filter(
			(e) => e.fromAnswer !== undefined,
		);
		expect(retractions).toHaveLength(1);

		const shown = (state: Awaited<ReturnType<typeof h.state>>) => {
			const last = state.messages[state.messages.length - 1];
			return last?.kind === "assistant" ? { text: last.text, reasoning: last.reasoning?.text.trim() } : undefined;
		};
		expect(shown(await h.state(threadId))).toEqual({ text: "Here is the answer.", reasoning: THOUGHT });
		await h.restart();
		expect(shown(await h.state(threadId))).toEqual({ text: "Here is the answer.", reasoning: THOUGHT });

		h.server.setScript(scripted(reply.text("Nothing else.")));
		await h.send(threadId, "Anything else?");
		const sent = h.server.requests[1]?.body.messages ?? [];
		const assistants = sent.filter((m) => m.role === "assistant");
		expect(assistants.map((m) => messageText(m))).toEqual(["Here is the answer."]);
		expect(JSON.stringify(sent)).not.toContain("the user wants a summary");
	});

	// Issue 26, the audit: a bare </think> counts only at the start of a line; before, the answer below
	// became "on its own line." with the rest taken for reasoning.
	it("keeps an answer that mentions </think> mid-line whole", async () => {
		const answer = "You close the block with </think> on its own line.";
		const h = await harness({ script: scripted(reply.text(answer)) });
		const threadId = await h.newThread();
		await h.send(threadId, "How do I close a think block?");
		const events = await h.events(threadId);
		expect(ofType(events, "assistant_reasoning")).toEqual([]);
		const last = (await h.state(threadId)).messages.at(-1);
		expect(last?.kind === "assistant" ? last.text : undefined).toBe(answer);
	});
});
