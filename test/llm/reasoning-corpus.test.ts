/**
 * The reasoning corpus (test/fixtures/markup/reasoning.ts): every fixture gives its stated split
 * whichever offset the content is cut at, and when every character is its own chunk.
 */
import { AIMessageChunk } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { ReasoningSplit } from "../../src/llm/reasoning-split";
import type { ReasoningFixture } from "../fixtures/markup/reasoning";
import { REASONING_FIXTURES } from "../fixtures/markup/reasoning";

/** Streams the fixture's delta, then the content in `pieces`, and joins the split as a reader does. */
function splitReply(
	fixture: Pick<ReasoningFixture, "note" | "delta">,
	pieces: readonly string[],
): { reasoning: string; answer: string } {
	const split = new ReasoningSplit(fixture.note === undefined ? {} : { note: fixture.note });
	let reasoning = "";
	let answer = "";
	const add = (piece: { reasoning: string; answer: string; retracted?: number }) => {
		if (piece.retracted !== undefined) {
			// A reader drops the answer it was handed: it was all reasoning.
			expect(piece.retracted).toBe(answer.length);
			answer = "";
		}
		reasoning += piece.reasoning;
		answer += piece.answer;
	};
	if (fixture.delta)
		add(
			split.take(new AIMessageChunk({ content: "", additional_kwargs: { [fixture.delta.field]: fixture.delta.text } })),
		);
	for (const piece of pieces) add(split.take(new AIMessageChunk({ content: piece })));
	add(split.end());
	return { reasoning, answer };
}

describe("the reasoning corpus", () => {
	it.each(REASONING_FIXTURES.map((f) => [f.name, f] as const))(
		"%s: the stated split at every offset",
		(_name, fixture) => {
			const expected = { reasoning: fixture.reasoning, answer: fixture.answer };
			for (let cut = 0; cut <= fixture.content.length; cut++) {
				expect(
					splitReply(fixture, [fixture.content.slice(0, cut), fixture.content.slice(cut)]),
					`cut at ${cut}`,
				).toEqual(expected);
			}
			expect(splitReply(fixture, [...fixture.content]), "one character a chunk").toEqual(expected);
		},
	);
});
