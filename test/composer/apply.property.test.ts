/**
 * The apply phase never writes a third thing. For a random note (frontmatter, headings, lists,
 * tasks, code blocks; LF, CRLF or mixed endings; a BOM or not) and a random small change, the
 * correct output is corrupted the ways apply models misbehave: truncated (any finish reason but
 * a clean stop), wrapped in a fence, chatter before or after, a block dropped, a block repeated.
 * The output then goes the app's way after the model call (validateApplyOutput, noteFromOutput,
 * commitEdit into a real NoteHistory over a MemoryVault). The note ends either exactly the
 * correct note, or unchanged with no history entry. Harmless corruptions (chatter, a clear
 * wrapper) must give the correct note, so refusing everything cannot pass.
 *
 * Not generated: a truncation that still reports finish_reason "stop" mid-line, which no check
 * can tell from a shorter last line (the finish reason is the only evidence).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commitEdit } from "../../src/composer/commit";
import { noteFromOutput } from "../../src/composer/note-from-output";
import { detectFormat, toModelText } from "../../src/composer/text-format";
import { validateApplyOutput } from "../../src/composer/validate";
import { createNoteHistory } from "../../src/history/note-history";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";

const WORDS = [
	"apple",
	"river",
	"stone",
	"cloud",
	"maple",
	"ember",
	"north",
	"lantern",
	"copper",
	"meadow",
	"harbor",
	"violet",
];
const LEADS = [
	"Here is the updated note:",
	"Sure! Here's the revised note:",
	"Certainly!",
	"Here is the new version of the note:",
	"Done.",
];
const TRAILS = [
	"Let me know if you need any other changes.",
	"I hope this helps!",
	"Feel free to ask for more edits.",
	"I've made the requested changes.",
];
const FENCES = ["```markdown", "```md", "````", "~~~", "```"];
const CUT_REASONS = ["length", "content_filter", "tool_calls", undefined] as const;
const PATH = "Prop/Note.md";

type BlockKind = "section" | "paragraph" | "list" | "tasks" | "code";
type Corruption =
	| { kind: "clean" }
	| { kind: "lead"; text: string }
	| { kind: "trail"; text: string }
	| { kind: "wrap"; fence: string; lead?: string; trail?: string }
	| { kind: "truncate"; at: number; finishReason: (typeof CUT_REASONS)[number] }
	| { kind: "drop"; block: number }
	| { kind: "duplicate"; block: number };

interface Case {
	blocks: BlockKind[];
	frontmatter: boolean;
	endings: "lf" | "crlf" | "mixed";
	endingPicks: boolean[];
	bom: boolean;
	finalNewline: boolean;
	change: { kind: "edit" | "insert"; at: number };
	word: number;
	corruption: Corruption;
}

/** Lines of each block; every content line unique (a counter), so a lost line is really lost. */
function buildBlocks(c: Case): string[][] {
	let n = 0;
	const w = (k: number) => WORDS[(c.word + k + n) % WORDS.length] ?? "word";
	const blocks: string[][] = [];
	if (c.frontmatter) blocks.push(["---", `status: s${++n}`, `tags: [t${++n}]`, "---"]);
	for (const kind of c.blocks) {
		n++;
		if (kind === "section")
			blocks.push([`## ${w(1)} heading ${n}`, `${w(2)} and ${w(3)} under the heading, line ${n}.`]);
		if (kind === "paragraph")
			blocks.push([`${w(1)} ${w(2)} paragraph line ${n}a.`, `${w(3)} ${w(4)} paragraph line ${n}b.`]);
		if (kind === "list") blocks.push([`- ${w(1)} item ${n}a`, `- ${w(2)} item ${n}b`, `- ${w(3)} item ${n}c`]);
		if (kind === "tasks") blocks.push([`- [ ] ${w(1)} task ${n}a`, `- [x] ${w(2)} task ${n}b`]);
		if (kind === "code") blocks.push(["```js", `const ${w(1)}${n} = ${n};`, "```"]);
	}
	return blocks;
}

/** Blocks joined by blank lines. */
function join(blocks: string[][]): string[] {
	return blocks.flatMap((block, i) => (i === 0 ? block : ["", ...block]));
}

/** The note as stored, with its ending per line, and the correct output and note after the change. */
function scenario(c: Case) {
	const blocks = buildBlocks(c);
	const lines = join(blocks);
	const endings = lines.map((_, i) =>
		c.endings === "lf" ? "\n" : c.endings === "crlf" ? "\r\n" : c.endingPicks[i % c.endingPicks.length] ? "\r\n" : "\n",
	);
	const store = (ls: string[], ends: string[]) =>
		(c.bom ? "\uFEFF" : "") +
		ls.map((l, i) => l + (i < ls.length - 1 || c.finalNewline ? (ends[i] ?? "\n") : "")).join("");
	const note = store(lines, endings);

	// The change: a content line (not frontmatter, not a fence, not blank), edited or followed by a new line.
	const fmLines = c.frontmatter ? 4 : 0;
	const targets = lines
		.map((l, i) => i)
		.filter((i) => i >= fmLines && lines[i] !== "" && !(lines[i] ?? "").startsWith("```"));
	const target = targets[c.change.at % targets.length] ?? fmLines;
	const majority = detectFormat(note).eol;
	const after = [...blocks.map((b) => [...b])];
	let description: string;
	let afterLines: string[];
	let afterEndings: string[];
	// Where the target sits in its block, to change the block structure the corruption works on.
	let offset = target;
	const blockIndex = blocks.findIndex((b, i) => {
		const start = join(blocks.slice(0, i)).length + (i === 0 ? 0 : 1);
		if (target >= start && target < start + b.length) {
			offset = target - start;
			return true;
		}
		return false;
	});
	const block = after[blockIndex] ?? [];
	if (c.change.kind === "edit") {
		block[offset] = `${block[offset] ?? ""} today`;
		description = `add "today" to the ${WORDS[c.word % WORDS.length] ?? "word"} line`;
		afterLines = join(after);
		afterEndings = endings;
	} else {
		const isLastLine = target === lines.length - 1;
		// A new line after the target (before the last line, so the note's own final ending stays put).
		const at = isLastLine ? offset : offset + 1;
		block.splice(at, 0, `- new entry ${target}`);
		description = "add a new entry";
		afterLines = join(after);
		const insertedAt = isLastLine ? target : target + 1;
		afterEndings = [...endings.slice(0, insertedAt), majority, ...endings.slice(insertedAt)];
	}
	return {
		note,
		blocks: after,
		output: afterLines.join("\n") + "\n",
		expected: store(afterLines, afterEndings),
		description,
	};
}

function corrupt(c: Case, blocks: string[][], output: string): { raw: string; finishReason: string | undefined } {
	const k = c.corruption;
	switch (k.kind) {
		case "clean":
			return { raw: output, finishReason: "stop" };
		case "lead":
			return { raw: `${k.text}\n\n${output}`, finishReason: "stop" };
		case "trail":
			return { raw: `${output}\n${k.text}\n`, finishReason: "stop" };
		case "wrap": {
			const marker = /^(`+|~+)/.exec(k.fence)?.[1] ?? "```";
			return {
				raw: `${k.lead ? `${k.lead}\n` : ""}${k.fence}\n${output}${marker}${k.trail ? `\n${k.trail}` : ""}`,
				finishReason: "stop",
			};
		}
		case "truncate":
			return { raw: output.slice(0, k.at % Math.max(1, output.length)), finishReason: k.finishReason };
		case "drop": {
			const i = k.block % blocks.length;
			return { raw: join(blocks.filter((_, j) => j !== i)).join("\n") + "\n", finishReason: "stop" };
		}
		case "duplicate": {
			const i = k.block % blocks.length;
			return { raw: join(blocks.flatMap((b, j) => (j === i ? [b, b] : [b]))).join("\n") + "\n", finishReason: "stop" };
		}
	}
}

const caseArb: fc.Arbitrary<Case> = fc.record({
	blocks: fc.array(fc.constantFrom<BlockKind>("section", "paragraph", "list", "tasks", "code"), {
		minLength: 1,
		maxLength: 7,
	}),
	frontmatter: fc.boolean(),
	endings: fc.constantFrom("lf", "crlf", "mixed"),
	endingPicks: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
	bom: fc.boolean(),
	finalNewline: fc.boolean(),
	change: fc.record({ kind: fc.constantFrom("edit", "insert"), at: fc.nat() }),
	word: fc.nat(),
	corruption: fc.oneof(
		fc.constant<Corruption>({ kind: "clean" }),
		fc.constantFrom(...LEADS).map((text): Corruption => ({ kind: "lead", text })),
		fc.constantFrom(...TRAILS).map((text): Corruption => ({ kind: "trail", text })),
		fc
			.record({
				fence: fc.constantFrom(...FENCES),
				lead: fc.option(fc.constantFrom(...LEADS), { nil: undefined }),
				trail: fc.option(fc.constantFrom(...TRAILS), { nil: undefined }),
			})
			.map((w): Corruption => ({
				kind: "wrap",
				fence: w.fence,
				...(w.lead ? { lead: w.lead } : {}),
				...(w.trail ? { trail: w.trail } : {}),
			})),
		fc
			.record({ at: fc.nat(), finishReason: fc.constantFrom(...CUT_REASONS) })
			.map((t): Corruption => ({ kind: "truncate", ...t })),
		fc.nat().map((block): Corruption => ({ kind: "drop", block })),
		fc.nat().map((block): Corruption => ({ kind: "duplicate", block })),
	),
});

/** Corruptions that lose nothing: the correct note must come out of them. */
function harmless(c: Case, output: string): boolean {
	const k = c.corruption;
	if (k.kind === "clean" || k.kind === "lead" || k.kind === "trail") return true;
	// A bare ``` wrapper is closed early by a code block inside (CommonMark): refusing it is right.
	return k.kind === "wrap" && !(k.fence === "```" && output.includes("```js"));
}

describe("the apply phase writes the correct note or nothing", () => {
	it("holds for 2,500 random notes, changes and corrupted outputs", async () => {
		const seen = new Map<string, { written: number; refused: number }>();
		await fc.assert(
			fc.asyncProperty(caseArb, async (c) => {
				const { note, blocks, output, expected, description } = scenario(c);
				const { raw, finishReason } = corrupt(c, blocks, output);
				const vault = new MemoryVault("prop", { [PATH]: note });
				const history = createNoteHistory({ vault, store: new MemoryStore() });
				const original = toModelText(note);
				const validated = validateApplyOutput({ raw, finishReason, original, operation: "modify", description });
				let status = "refused";
				if (validated.ok) {
					const stored = noteFromOutput(note, validated.text, description);
					const result = await commitEdit({
						history,
						ctx: { threadId: "t", emit: () => undefined, progress: () => undefined, commit: (write) => write() },
						editId: "edit_prop",
						path: PATH,
						description,
						base: note,
						proposed: stored.proposed,
						dropped: stored.dropped,
					});
					if (result.status === "success") status = "written";
				}
				const tally = seen.get(c.corruption.kind) ?? { written: 0, refused: 0 };
				if (status === "written") {
					tally.written++;
					expect(await vault.read(PATH)).toBe(expected);
					expect(await history.list(PATH)).toHaveLength(1);
				} else {
					tally.refused++;
					expect(
						harmless(c, output),
						`a harmless ${c.corruption.kind} was refused: ${validated.ok ? "" : validated.message}`,
					).toBe(false);
					expect(await vault.read(PATH)).toBe(note);
					expect(await history.list(PATH)).toEqual([]);
				}
				seen.set(c.corruption.kind, tally);
				history.dispose();
			}),
			{ numRuns: 2500 },
		);
		// Every kind of corruption was tried, and the destructive ones were refused.
		for (const kind of ["clean", "lead", "trail", "wrap", "truncate", "drop", "duplicate"]) {
			const tally = seen.get(kind);
			expect((tally?.written ?? 0) + (tally?.refused ?? 0), kind).toBeGreaterThan(0);
		}
		for (const kind of ["truncate", "drop", "duplicate"]) expect(seen.get(kind)?.refused, kind).toBeGreaterThan(0);
		expect(seen.get("truncate")?.written).toBe(0);
		expect(seen.get("clean")?.refused).toBe(0);
	});
});
