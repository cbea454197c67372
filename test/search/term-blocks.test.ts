import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BLOCKS_PER_PIECE, TermBlocks, TermBlocksBuilder } from "../../src/search/term-blocks";

/** Strings without NUL, with characters from across UTF-16 (surrogates included: JavaScript's order is by code unit). */
const text = fc.string({ unit: fc.constantFrom("a", "b", "é", "z", "\u{1F600}", "\uffff", "0"), maxLength: 8 });

describe("term blocks kept as a few long strings", () => {
	it("gives back every head and block it was built from, across pieces", () => {
		fc.assert(
			fc.property(fc.array(fc.tuple(text, text), { maxLength: BLOCKS_PER_PIECE * 2 + 3 }), (pairs) => {
				const heads = pairs.map(([head]) => head);
				const blocks = pairs.map(([, block]) => block);
				const terms = TermBlocks.of(heads, blocks);
				expect(terms.count).toBe(pairs.length);
				expect(pairs.map((_pair, b) => terms.head(b))).toEqual(heads);
				expect(pairs.map((_pair, b) => terms.block(b))).toEqual(blocks);
			}),
			{ numRuns: 30 },
		);
	});

	it("compares a head with a term as JavaScript's < does, without making the head a string", () => {
		fc.assert(
			fc.property(fc.array(text, { minLength: 1, maxLength: 20 }), text, (heads, term) => {
				const terms = TermBlocks.of(
					heads,
					heads.map(() => ""),
				);
				heads.forEach((head, b) => expect(terms.headBefore(b, term), `${head} < ${term}`).toBe(head < term));
			}),
		);
	});

	it("saves the pieces it was read from as they were, and reads them back the same", () => {
		const heads = Array.from({ length: BLOCKS_PER_PIECE + 5 }, (_x, i) => `t${i}`);
		const blocks = heads.map((head) => `${head}-rest`);
		const pieces = [...TermBlocks.of(heads, blocks).pieces()];
		expect(pieces.map((piece) => piece.count)).toEqual([BLOCKS_PER_PIECE, 5]);
		const builder = new TermBlocksBuilder(heads.length);
		for (const piece of pieces) expect(builder.add(piece)).toBe(true);
		const read = builder.finish();
		expect([...read.pieces()]).toEqual(pieces);
		expect(read.block(BLOCKS_PER_PIECE + 4)).toBe(`t${BLOCKS_PER_PIECE + 4}-rest`);
	});

	it("refuses a piece that does not check out: separators torn or added, more blocks than the segment has", () => {
		const piece = { count: 2, text: "a\u0000b\u0000ra\u0000rb" };
		const builder = (): TermBlocksBuilder => new TermBlocksBuilder(2);
		expect(builder().add(piece)).toBe(true);
		expect(builder().add({ count: 2, text: "a\u0000b\u0000rarb" })).toBe(false);
		expect(builder().add({ count: 2, text: "a\u0000b\u0000ra\u0000r\u0000b" })).toBe(false);
		expect(builder().add({ count: 3, text: "a\u0000b\u0000c\u0000ra\u0000rb\u0000rc" })).toBe(false);
		expect(builder().add({ count: -1, text: "" })).toBe(false);
		const half = builder();
		expect(half.add({ count: 1, text: "a\u0000ra" })).toBe(true);
		expect(half.full).toBe(false);
		expect(() => half.finish()).toThrow();
	});
});
