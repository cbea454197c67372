/**
 * Properties of the edit-block path on random notes and changes: the blocks for a change, streamed
 * in random chunks, rebuild the changed note exactly; a reply cut anywhere never applies part of
 * a block (it is refused, or it is exactly the blocks that were complete); a SEARCH corrupted by
 * one character is refused or still finds its own lines, never other ones.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyEditBlocks } from "../../src/composer/edit-blocks-apply";
import { EditBlockParser, parseEditBlocks } from "../../src/composer/edit-blocks";
import { editBlocksFor } from "../../src/sandbox/model-server";

const LINES = [
	"# Plan",
	"",
	"- item",
	"- write the intro",
	"Call Ana.",
	"```",
	"    code",
	"=======",
	"## Notes",
	"  indented  ",
];

/** A note with at least one line that is not blank (a blank note has nothing a SEARCH can name). */
const noteArb = fc
	.array(fc.constantFrom(...LINES), { minLength: 2, maxLength: 14 })
	.map((lines) => lines.join("\n"))
	.filter((note) => note.trim() !== "");

/** A note and a changed copy: lines replaced, inserted or deleted at random places. */
const changeArb = noteArb.chain((before) =>
	fc
		.array(fc.record({ at: fc.nat(20), kind: fc.constantFrom("edit", "insert", "delete"), n: fc.nat(99) }), {
			minLength: 1,
			maxLength: 3,
		})
		.map((ops) => {
			const lines = before.split("\n");
			for (const op of ops) {
				const at = op.at % (lines.length + 1);
				if (op.kind === "insert") lines.splice(at, 0, `new line ${op.n}`);
				else if (op.kind === "delete" && lines.length > 1) lines.splice(Math.min(at, lines.length - 1), 1);
				else lines[Math.min(at, lines.length - 1)] = `edited line ${op.n}`;
			}
			return { before, after: lines.join("\n") };
		})
		// Filtered inside the chain, for the note already drawn: a condition that one note can never
		// meet would make fast-check draw forever (an all-blank note did, before it was filtered above).
		.filter(({ before, after }) => before !== after),
);

/**
 * The blocks for the change, or undefined when the format cannot say it: a SEARCH would hold a
 * bare "=======" line (a real model's reply would be malformed, and the composer retries whole).
 */
function blocksFor(before: string, after: string): string | undefined {
	try {
		return editBlocksFor(before, after);
	} catch {
		expect(before.split("\n")).toContain("=======");
		return undefined;
	}
}

/** The reading the composer uses: fence-guarded when it applies, else literal. */
function guarding(before: string, output: string): boolean {
	const parse = parseEditBlocks(output);
	return parse.ok && applyEditBlocks(before, parse.blocks).ok;
}

/**
 * The note as the tolerant match sees it: lines without indentation or trailing blanks, runs of
 * blanks as one, blank lines left out (a SEARCH's blank first or last line is not searched for).
 */
function looseLines(text: string): string {
	return text
		.split("\n")
		.map((line) => line.trim().replace(/[ \t]+/g, " "))
		.filter((line) => line !== "")
		.join("\n");
}

function streamed(output: string, cuts: number[], guardFences: boolean): ReturnType<EditBlockParser["end"]> {
	const parser = new EditBlockParser({ guardFences });
	let from = 0;
	for (const cut of [...cuts].sort((a, b) => a - b)) {
		parser.push(output.slice(from, Math.max(from, cut)));
		from = Math.max(from, cut);
	}
	parser.push(output.slice(from));
	return parser.end();
}

describe("edit blocks: properties", () => {
	it("rebuild the changed note exactly, however the reply is chunked", () => {
		fc.assert(
			fc.property(changeArb, fc.array(fc.nat(2000), { maxLength: 6 }), ({ before, after }, cuts) => {
				const output = blocksFor(before, after);
				fc.pre(output !== undefined);
				const parse = streamed(
					output,
					cuts.map((c) => c % (output.length + 1)),
					guarding(before, output),
				);
				expect(parse.ok).toBe(true);
				if (!parse.ok) return;
				expect(applyEditBlocks(before, parse.blocks)).toMatchObject({ ok: true, text: after });
			}),
			{ numRuns: 600 },
		);
	});

	it("never apply part of a block from a reply cut anywhere", () => {
		fc.assert(
			fc.property(changeArb, fc.nat(5000), ({ before, after }, cutSeed) => {
				const output = blocksFor(before, after);
				fc.pre(output !== undefined);
				const guardFences = guarding(before, output);
				const cut = output.slice(0, cutSeed % (output.length + 1));
				const whole = parseEditBlocks(output, { guardFences });
				const parse = parseEditBlocks(cut, { guardFences });
				if (!whole.ok) throw new Error(whole.message);
				if (!parse.ok) {
					// A cut inside a fence-guarded block can leave a marker unguarded: malformed, refused all the same.
					expect(["cut-off", "no-blocks", "malformed"]).toContain(parse.reason);
					return;
				}
				// Only complete blocks were read: exactly a prefix of the whole reply's blocks.
				expect(parse.blocks).toEqual(whole.blocks.slice(0, parse.blocks.length));
			}),
			{ numRuns: 600 },
		);
	});

	it("refuse a SEARCH with one character changed, or find its own lines, never others", () => {
		fc.assert(
			fc.property(changeArb, fc.nat(5000), fc.constantFrom("x", " ", "\t", "-"), ({ before, after }, seed, char) => {
				const output = blocksFor(before, after);
				fc.pre(output !== undefined);
				const whole = parseEditBlocks(output, { guardFences: guarding(before, output) });
				if (!whole.ok) throw new Error(whole.message);
				const target = seed % whole.blocks.length;
				const blocks = whole.blocks.map((b, i) => {
					if (i !== target) return b;
					// One character of one line (never a line break: that would make the SEARCH other lines).
					const row = seed % Math.max(1, b.search.length);
					const line = b.search[row] ?? "";
					const at = line.length === 0 ? 0 : seed % line.length;
					const search = [...b.search];
					search[row] = line.slice(0, at) + char + line.slice(at + 1);
					return { ...b, search };
				});
				const result = applyEditBlocks(before, blocks);
				// Either refused, or the corrupted SEARCH still matched (a blank or a tolerated space) and the
				// note is the changed one, up to the indentation the tolerant match keeps from the note.
				if (result.ok) expect(looseLines(result.text)).toBe(looseLines(after));
			}),
			{ numRuns: 600 },
		);
	});
});
