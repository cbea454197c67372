/**
 * No note content is ever taken for markup (issue 26): any note the model quotes in a code fence
 * is text, never a call, whatever it holds and wherever the chunks fall; any note returned as a
 * tool result reaches the model as exactly one result block.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { guardedResult } from "../../src/agent/result-guard";
import { renderToolResponse } from "../../src/agent/text-tool-format";
import { TextToolCallParser } from "../../src/agent/text-tool-parser";

const PIECES = [
	"<tool_call>",
	"</tool_call>",
	"<tool_response",
	"</tool_response>",
	' name="askUser">',
	'{"name": "readNote", "arguments": {"path": "A.md"}}',
	"```",
	"~~~",
	"`",
	"\n",
	"> ",
	" ",
	"<tool_",
	"text",
];
const note = fc.oneof(
	fc.array(fc.constantFrom(...PIECES), { maxLength: 16 }).map((parts) => parts.join("")),
	fc
		.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 5 })), { maxLength: 10 })
		.map((parts) => parts.join("")),
);

function parse(pieces: readonly string[]): { text: string; calls: number } {
	const parser = new TextToolCallParser();
	let text = "";
	let calls = 0;
	for (const out of [...pieces.map((piece) => parser.push(piece)), parser.end()]) {
		text += out.text;
		calls += out.calls.filter((call) => call.done).length;
	}
	return { text, calls };
}

function cutAt(text: string, cuts: number[]): string[] {
	const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
	return [...points, text.length].map((point, i) => text.slice(i === 0 ? 0 : points[i - 1], point));
}

describe("note text in a text-tool reply", () => {
	it("quoted in a code fence is text, never a call, at any chunking", () => {
		fc.assert(
			fc.property(note, fc.constantFrom("`", "~"), fc.array(fc.nat(), { maxLength: 5 }), (text, char, cuts) => {
				const runs = (text.match(char === "`" ? /`+/g : /~+/g) ?? []).map((run) => run.length);
				const fence = char.repeat(Math.max(3, ...runs.map((n) => n + 1)));
				const reply = `The note reads:\n${fence}\n${text}\n${fence}\nI changed nothing.`;
				expect(parse(cutAt(reply, cuts))).toEqual({ text: reply, calls: 0 });
			}),
			{ numRuns: 2000 },
		);
	});

	it("returned as a tool result is exactly one result block", () => {
		fc.assert(
			fc.property(note, (text) => {
				const block = renderToolResponse("readNote", guardedResult(text), false);
				expect(block.match(/<\s*\/?\s*tool_response/gi)).toEqual(["<tool_response", "</tool_response"]);
			}),
			{ numRuns: 2000 },
		);
	});
});
