/**
 * The text-tool corpus (test/fixtures/markup/tool-calls.ts): every fixture gives its stated text
 * and calls whichever offset the reply is cut at, and when every character is its own chunk.
 */
import { describe, expect, it } from "vitest";
import { TextToolCallParser } from "../../src/agent/text-tool-parser";
import type { TextCall } from "../../src/agent/text-tool-parser";
import { TOOL_CALL_FIXTURES } from "../fixtures/markup/tool-calls";

function parse(pieces: readonly string[]): { text: string; calls: unknown[] } {
	const parser = new TextToolCallParser();
	let text = "";
	const calls = new Set<TextCall>();
	for (const out of [...pieces.map((piece) => parser.push(piece)), parser.end()]) {
		text += out.text;
		for (const call of out.calls) calls.add(call);
	}
	return {
		text,
		calls: [...calls].map((call) =>
			call.problem === undefined ? { name: call.name, args: call.args } : { name: call.name, problem: call.problem },
		),
	};
}

describe("the text-tool corpus", () => {
	it.each(TOOL_CALL_FIXTURES.map((f) => [f.name, f] as const))(
		"%s: the stated text and calls at every offset",
		(_name, fixture) => {
			const expected = {
				text: fixture.text,
				calls: fixture.calls.map((call) =>
					"problem" in call ? { name: call.name, problem: expect.stringMatching(call.problem) as unknown } : call,
				),
			};
			for (let cut = 0; cut <= fixture.reply.length; cut++) {
				expect(parse([fixture.reply.slice(0, cut), fixture.reply.slice(cut)]), `cut at ${cut}`).toEqual(expected);
			}
			expect(parse([...fixture.reply]), "one character a chunk").toEqual(expected);
		},
	);
});
