/**
 * Random notes, drafts and decisions for the review's property tests. Lines come from a small
 * pool (so a draft repeats the note's lines, blank lines above all: the hard case for a diff),
 * with frontmatter, tables, links and a note with or without a final newline.
 */
import fc from "fast-check";

const BODY = [
	"# Heading",
	"Some prose here.",
	"More prose.",
	"- [ ] task",
	"| a | b |",
	"|---|---|",
	"| 1 | 2 |",
	"See [[Link]].",
	"[site](https://e.com)",
	"",
	"",
	"> quote",
	"Ünïcode ✓ 😀",
	"```",
	"---",
];
const KEYS = ["title: A", "tags:", "  - x", "status: draft", "date: 2024-01-01"];
export const POOL = [...BODY, ...KEYS];
const REPLACEMENTS = ["mine", "mine\n", "", "two\nlines\n", "x\r\ny", "\n"];

export type Op = { op: "replace" | "insert" | "delete"; at: number; pick: number };
export interface Note {
	lines: string[];
	finalNewline: boolean;
}
/** Per change (cycled): accept it or not, and the user's own text for it or none. */
export type Picks = { accept: boolean; replace: string | null }[];

export const note: fc.Arbitrary<Note> = fc
	.record({
		keys: fc.option(fc.array(fc.constantFrom(...KEYS), { maxLength: 4 }), { nil: null }),
		body: fc.array(fc.constantFrom(...BODY), { maxLength: 14 }),
		finalNewline: fc.boolean(),
	})
	.map(({ keys, body, finalNewline }) => ({ lines: keys ? ["---", ...keys, "---", ...body] : body, finalNewline }));
export const op: fc.Arbitrary<Op> = fc.record({
	op: fc.constantFrom("replace" as const, "insert" as const, "delete" as const),
	at: fc.nat(40),
	pick: fc.nat(60),
});
export const picks: fc.Arbitrary<Picks> = fc.array(
	fc.record({ accept: fc.boolean(), replace: fc.option(fc.constantFrom(...REPLACEMENTS), { freq: 4, nil: null }) }),
	{
		minLength: 1,
		maxLength: 12,
	},
);

export const textOf = ({ lines, finalNewline }: Note): string =>
	lines.join("\n") + (finalNewline && lines.length > 0 ? "\n" : "");

/** The note with the ops applied; new lines come from the pool (so they repeat the note's) or are new. */
export function editOf(base: Note, ops: readonly Op[], flipNewline: boolean): string {
	const lines = base.lines.slice();
	for (const { op, at, pick } of ops) {
		const line = pick < POOL.length ? POOL[pick] : `New line ${pick}`;
		const i = at % (lines.length + (op === "insert" ? 1 : 0) || 1);
		if (op === "insert" || lines.length === 0) lines.splice(i, 0, line);
		else if (op === "replace") lines.splice(i, 1, line);
		else lines.splice(i, 1);
	}
	return textOf({ lines, finalNewline: base.finalNewline !== flipNewline });
}

/** The decision the picks make over changes c1…cN: every change accepted or rejected. */
export function decisionOf(
	ids: readonly string[],
	chosen: Picks,
): { accepted: string[]; rejected: string[]; replaced: Record<string, string> } {
	const accepted: string[] = [];
	const rejected: string[] = [];
	const replaced: Record<string, string> = {};
	ids.forEach((id, i) => {
		const pick = chosen[i % chosen.length];
		if (!pick.accept) return void rejected.push(id);
		accepted.push(id);
		if (pick.replace !== null) replaced[id] = pick.replace;
	});
	return { accepted, rejected, replaced };
}
