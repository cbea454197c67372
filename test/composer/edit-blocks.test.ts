import { describe, expect, it } from "vitest";
import { EditBlockParser, parseEditBlocks } from "../../src/composer/edit-blocks";
import type { BlockParse } from "../../src/composer/edit-blocks";

/** Feeds `output` to a streaming parser in the given pieces and returns what it parsed. */
function streamed(pieces: readonly string[]): { parse: BlockParse; emitted: number[] } {
	const parser = new EditBlockParser();
	const emitted: number[] = [];
	for (const piece of pieces) emitted.push(parser.push(piece).length);
	return { parse: parser.end(), emitted };
}

const TWO_BLOCKS = [
	"<<<<<<< SEARCH",
	"- Buy teh milk",
	"=======",
	"- Buy the milk",
	">>>>>>> REPLACE",
	"<<<<<<< SEARCH",
	"- Old item",
	"=======",
	">>>>>>> REPLACE",
	"",
].join("\n");

describe("edit blocks: parsing", () => {
	it("parses SEARCH and REPLACE lines of each block, in order", () => {
		expect(parseEditBlocks(TWO_BLOCKS)).toEqual({
			ok: true,
			blocks: [
				{ search: ["- Buy teh milk"], replace: ["- Buy the milk"], line: 1 },
				{ search: ["- Old item"], replace: [], line: 6 },
			],
		});
	});

	it("tells an empty REPLACE (delete) from a REPLACE of one blank line", () => {
		const parse = parseEditBlocks("<<<<<<< SEARCH\na\n=======\n\n>>>>>>> REPLACE\n");
		expect(parse).toMatchObject({ ok: true, blocks: [{ search: ["a"], replace: [""] }] });
	});

	it("ignores chatter and code fences around the blocks", () => {
		const output = `Here are the edits:\n\n\`\`\`\n${TWO_BLOCKS}\`\`\`\n\nLet me know if you need more.`;
		const parse = parseEditBlocks(output);
		expect(parse.ok && parse.blocks.map(({ search, replace }) => ({ search, replace }))).toEqual([
			{ search: ["- Buy teh milk"], replace: ["- Buy the milk"] },
			{ search: ["- Old item"], replace: [] },
		]);
		expect(parse.ok && parse.blocks[0]?.line).toBe(4);
	});

	it("reads a reply with CRLF line endings as the same blocks", () => {
		expect(parseEditBlocks(TWO_BLOCKS.replace(/\n/g, "\r\n"))).toEqual(parseEditBlocks(TWO_BLOCKS));
	});

	it("accepts marker lines with trailing spaces and keeps trailing spaces of content lines", () => {
		const parse = parseEditBlocks("<<<<<<< SEARCH  \n- item  \n=======\t\n- item\n>>>>>>> REPLACE \n");
		expect(parse).toEqual({ ok: true, blocks: [{ search: ["- item  "], replace: ["- item"], line: 1 }] });
	});

	it("accepts a last marker line without a final newline", () => {
		expect(parseEditBlocks(TWO_BLOCKS.trimEnd())).toEqual(parseEditBlocks(TWO_BLOCKS));
	});

	it("treats marker-looking lines inside a code block of the note as content", () => {
		const codeBlock = ["```text", "<<<<<<< SEARCH", "old", "=======", "new", ">>>>>>> REPLACE", "```"];
		const output = [
			"<<<<<<< SEARCH",
			"Example:",
			...codeBlock,
			"=======",
			"Example of an edit block:",
			...codeBlock,
			">>>>>>> REPLACE",
			"",
		].join("\n");
		expect(parseEditBlocks(output)).toEqual({
			ok: true,
			blocks: [{ search: ["Example:", ...codeBlock], replace: ["Example of an edit block:", ...codeBlock], line: 1 }],
		});
	});

	it("reads marker lines literally when asked not to guard code fences (a SEARCH that starts inside a code block)", () => {
		// The SEARCH holds a closing fence without its opening one: guarded, the divider is swallowed.
		const output = "<<<<<<< SEARCH\nx = 1\n```\n=======\nx = 2\n```\n>>>>>>> REPLACE\n";
		expect(parseEditBlocks(output)).toMatchObject({ ok: false, reason: "malformed" });
		expect(parseEditBlocks(output, { guardFences: false })).toEqual({
			ok: true,
			blocks: [{ search: ["x = 1", "```"], replace: ["x = 2", "```"], line: 1 }],
		});
	});

	it("keeps an empty SEARCH as an empty list (the applier decides whether it is allowed)", () => {
		expect(parseEditBlocks("<<<<<<< SEARCH\n=======\n# New note\n>>>>>>> REPLACE\n")).toMatchObject({
			ok: true,
			blocks: [{ search: [], replace: ["# New note"] }],
		});
	});
});

describe("edit blocks: refusing what is not blocks", () => {
	it("reports a reply with no block at all (the model returned the whole note)", () => {
		expect(parseEditBlocks("# Plan\n\n- write the intro\n")).toMatchObject({ ok: false, reason: "no-blocks" });
		expect(parseEditBlocks("")).toMatchObject({ ok: false, reason: "no-blocks" });
	});

	it("reports a block cut off in its SEARCH or its REPLACE", () => {
		expect(parseEditBlocks("<<<<<<< SEARCH\n- Buy teh milk\n")).toMatchObject({ ok: false, reason: "cut-off" });
		const cut = parseEditBlocks(`${TWO_BLOCKS}<<<<<<< SEARCH\na\n=======\nb`);
		expect(cut).toMatchObject({ ok: false, reason: "cut-off" });
		if (!cut.ok) expect(cut.blocks).toHaveLength(2);
	});

	it("reports a block without its divider", () => {
		expect(parseEditBlocks("<<<<<<< SEARCH\na\n>>>>>>> REPLACE\n")).toMatchObject({ ok: false, reason: "malformed" });
	});

	it("reports a block that opens inside another", () => {
		expect(parseEditBlocks("<<<<<<< SEARCH\na\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n")).toMatchObject({
			ok: false,
			reason: "malformed",
		});
	});

	it("reports a second divider in a block", () => {
		expect(parseEditBlocks("<<<<<<< SEARCH\na\n=======\nb\n=======\nc\n>>>>>>> REPLACE\n")).toMatchObject({
			ok: false,
			reason: "malformed",
		});
	});

	it("reports a divider or REPLACE marker outside any block", () => {
		expect(parseEditBlocks(`${TWO_BLOCKS}=======\n`)).toMatchObject({ ok: false, reason: "malformed" });
		expect(parseEditBlocks(`intro\n>>>>>>> REPLACE\n`)).toMatchObject({ ok: false, reason: "malformed" });
	});

	it("says which output line is wrong", () => {
		const parse = parseEditBlocks(`${TWO_BLOCKS}>>>>>>> REPLACE\n`);
		expect(!parse.ok && parse.message).toMatch(/line 10/);
	});
});

describe("edit blocks: streaming", () => {
	const tricky = [
		"Sure:\r\n",
		"<<<<<<< SEARCH  \r\n",
		"## Heading\r\n",
		"```md\r\n=======\r\n```\r\n",
		"=======\r\n",
		"## Heading, fixed\r\n",
		">>>>>>> REPLACE\r\n",
		"<<<<<<< SEARCH\n",
		"last line\n",
		"=======\n",
		">>>>>>> REPLACE",
	].join("");

	it("parses the same blocks wherever a chunk boundary falls (every offset)", () => {
		const whole = parseEditBlocks(tricky);
		expect(whole).toMatchObject({
			ok: true,
			blocks: [{ search: ["## Heading", "```md", "=======", "```"] }, { search: ["last line"], replace: [] }],
		});
		for (let i = 0; i <= tricky.length; i++) {
			expect(streamed([tricky.slice(0, i), tricky.slice(i)]).parse, `split at ${i}`).toEqual(whole);
		}
	});

	it("parses the same blocks for every pair of chunk boundaries and one character at a time", () => {
		const whole = parseEditBlocks(TWO_BLOCKS);
		for (let i = 0; i <= TWO_BLOCKS.length; i++) {
			for (let j = i; j <= TWO_BLOCKS.length; j++) {
				expect(
					streamed([TWO_BLOCKS.slice(0, i), TWO_BLOCKS.slice(i, j), TWO_BLOCKS.slice(j)]).parse,
					`split at ${i}, ${j}`,
				).toEqual(whole);
			}
		}
		expect(streamed([...tricky]).parse).toEqual(parseEditBlocks(tricky));
	});

	it("hands over each block as soon as its REPLACE marker line ends", () => {
		const { emitted } = streamed(
			TWO_BLOCKS.trimEnd()
				.split("\n")
				.map((line) => `${line}\n`),
		);
		// Lines 1-9 of TWO_BLOCKS: the 5th line ends block 1, the 9th block 2.
		expect(emitted).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 1, 0].slice(0, emitted.length));
	});

	it("stops at the first malformed line and hands over nothing after it", () => {
		const parser = new EditBlockParser();
		parser.push("=======\n");
		expect(parser.failed).toBe(true);
		expect(parser.push(TWO_BLOCKS)).toEqual([]);
		expect(parser.end()).toMatchObject({ ok: false, reason: "malformed", blocks: [] });
	});
});
