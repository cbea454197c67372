/**
 * The reasoning split and the text-tool parser together, composed as the model step composes them
 * (src/agent/model-step.ts): the answer the split hands on goes to the parser, and a retraction
 * (answer that was reasoning without its opening tag) resets the parser. Every fixture of
 * test/fixtures/markup/replies.ts gives its stated reasoning, text and calls whichever offset the
 * reply is cut at, and when every character is its own chunk; and no call that would be announced
 * while it streams (read while the split can no longer take the text back) is one that never runs.
 */
import { AIMessageChunk } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { TextToolCallParser } from "../../src/agent/text-tool-parser";
import type { ParsedText, TextCall } from "../../src/agent/text-tool-parser";
import { ReasoningSplit } from "../../src/llm/reasoning-split";
import type { SplitText } from "../../src/llm/reasoning-split";
import { REPLY_FIXTURES } from "../fixtures/markup/replies";
import type { ReplyFixture } from "../fixtures/markup/replies";

function read(fixture: ReplyFixture, pieces: readonly string[]) {
	const split = new ReasoningSplit();
	const parser = new TextToolCallParser();
	let reasoning = "";
	let text = "";
	let calls = new Set<TextCall>();
	const announceable = new Set<TextCall>();
	const parsed = (out: ParsedText) => {
		text += out.text;
		for (const call of out.calls) {
			calls.add(call);
			if (!call.done && !split.mayRetract) announceable.add(call);
		}
	};
	const take = (piece: SplitText) => {
		if (piece.retracted !== undefined) {
			text = "";
			calls = new Set();
			parser.reset();
		}
		reasoning += piece.reasoning;
		if (piece.answer) parsed(parser.push(piece.answer));
	};
	if (fixture.delta)
		take(
			split.take(new AIMessageChunk({ content: "", additional_kwargs: { [fixture.delta.field]: fixture.delta.text } })),
		);
	for (const piece of pieces) take(split.take(new AIMessageChunk({ content: piece })));
	take(split.end());
	parsed(parser.end());
	for (const call of announceable) expect(calls.has(call), `${call.name} was announceable but does not run`).toBe(true);
	const shown = [...calls].map((call) =>
		call.problem === undefined ? { name: call.name, args: call.args } : { name: call.name, problem: call.problem },
	);
	return { reasoning, text, calls: shown };
}

describe("the reasoning split and the text-tool parser together", () => {
	it.each(REPLY_FIXTURES.map((f) => [f.name, f] as const))(
		"%s: the stated split and calls at every offset",
		(_name, fixture) => {
			const expected = {
				reasoning: fixture.reasoning,
				text: fixture.text,
				calls: fixture.calls.map((call) =>
					"problem" in call ? { name: call.name, problem: expect.stringMatching(call.problem) as unknown } : call,
				),
			};
			for (let cut = 0; cut <= fixture.content.length; cut++) {
				expect(read(fixture, [fixture.content.slice(0, cut), fixture.content.slice(cut)]), `cut at ${cut}`).toEqual(
					expected,
				);
			}
			expect(read(fixture, [...fixture.content]), "one character a chunk").toEqual(expected);
		},
	);
});
