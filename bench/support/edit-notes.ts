/**
 * Long notes for the edit-latency bench, and the one edit both paths make to them. A note is real
 * prose from the shared corpus (../shared/corpus/kepano-vault) concatenated under "## " headings
 * every few paragraphs, cycled until it reaches the size; without the corpus, generated prose.
 * The edit rewrites ONE named section "in plain words", so on a note too long for the apply
 * model's output the composer's section path applies.
 */
import { splitTokens } from "../../src/sandbox/model-server";
import { existsSync, readdirSync, readFileSync } from "../../src/node/fs";
import { basename, join, resolve, fileURLToPath } from "../../src/node/path";

const CORPUS = resolve(
	fileURLToPath(new URL(".", import.meta.url)),
	"..",
	"..",
	"..",
	"shared",
	"corpus",
	"kepano-vault",
);
/** Folders of real prose (Templates and Daily are mostly frontmatter). */
const PROSE_FOLDERS = ["Notes", "Clippings", "References"];
/** A section ends after this many blocks or once it holds this many characters. */
const BLOCKS_PER_SECTION = 4;
const SECTION_CHARS = 1200;
/** Longer blocks (a 70-item list) are cut at line ends so sections stay a few paragraphs. */
const MAX_BLOCK_CHARS = 600;

export interface BenchNote {
	text: string;
	tokens: number;
	/** The heading (without #s) of the section the edit rewrites. */
	heading: string;
	/** Where the prose came from. */
	source: "corpus" | "generated";
}

/** Paragraphs and lists of the corpus notes, in a fixed order, or null without the corpus. */
function corpusBlocks(): Array<{ title: string; blocks: string[] }> | null {
	if (!existsSync(CORPUS)) return null;
	const notes: Array<{ title: string; blocks: string[] }> = [];
	for (const folder of [...PROSE_FOLDERS, "."]) {
		const dir = join(CORPUS, folder);
		if (!existsSync(dir)) continue;
		const names = readdirSync(dir)
			.filter((n) => n.endsWith(".md"))
			.sort();
		for (const name of names) {
			const blocks = toBlocks(readFileSync(join(dir, name), "utf8"));
			if (blocks.length > 0) notes.push({ title: basename(name, ".md"), blocks });
		}
	}
	return notes.length > 0 ? notes : null;
}

/** Body blocks of a note: frontmatter dropped, its own headings made bold lines (so the only
 * headings in the bench note are the section headings), long blocks cut at line ends. */
function toBlocks(raw: string): string[] {
	const body = raw
		.replace(/\r\n?/g, "\n")
		.replace(/^---\n[\s\S]*?\n---\n/, "")
		.replace(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm, "**$1**");
	const blocks: string[] = [];
	for (const block of body.split(/\n{2,}/)) {
		const trimmed = block.trim();
		if (trimmed === "" || /^(`{3,}|~{3,})/m.test(trimmed)) continue; // code stays out: a split fence would break the note
		let piece = "";
		for (const line of trimmed.split("\n")) {
			if (piece !== "" && piece.length + line.length > MAX_BLOCK_CHARS) {
				blocks.push(piece);
				piece = "";
			}
			piece = piece === "" ? line : `${piece}\n${line}`;
		}
		if (piece !== "") blocks.push(piece);
	}
	return blocks;
}

const WORDS =
	"the note keeps a small idea close to the work so that later you can find it again and link it to what you learn next".split(
		" ",
	);

function generatedBlocks(): Array<{ title: string; blocks: string[] }> {
	const notes: Array<{ title: string; blocks: string[] }> = [];
	for (let n = 0; n < 20; n++) {
		const blocks: string[] = [];
		for (let b = 0; b < 8; b++) {
			const sentences: string[] = [];
			for (let s = 0; s < 5; s++) {
				const words = Array.from({ length: 12 }, (_, w) => WORDS[(n * 7 + b * 5 + s * 3 + w) % WORDS.length]);
				sentences.push(words.join(" ").replace(/^./, (c) => c.toUpperCase()) + ".");
			}
			blocks.push(sentences.join(" "));
		}
		notes.push({ title: `Working notes ${n + 1}`, blocks });
	}
	return notes;
}

/** A section worth rewriting: at least this many characters, when the note has one. */
const MIN_EDITED_SECTION_CHARS = 600;
/** Characters at the start of every bench note (the smallest is ~2k tokens, ~7k characters). */
const EVERY_SIZE_CHARS = 6000;

/** A note of about `targetTokens` tokens (splitTokens, ~4 characters each), LF, no frontmatter. */
export function buildNote(targetTokens: number): BenchNote {
	const corpus = corpusBlocks();
	const notes = corpus ?? generatedBlocks();
	const sections: Array<{ title: string; heading: string; blocks: string[] }> = [];
	let tokens = 0;
	for (let i = 0; tokens < targetTokens; i++) {
		const note = notes[i % notes.length];
		let blocks = BLOCKS_PER_SECTION;
		let chars = SECTION_CHARS;
		for (let b = 0; b < note.blocks.length && tokens < targetTokens; b++) {
			if (blocks >= BLOCKS_PER_SECTION || chars >= SECTION_CHARS) {
				// Numbered so that no heading's text contains another's (the composer matches
				// headings named in the description as whole words).
				const heading = `${note.title}, part ${sections.length + 1}`;
				sections.push({ title: note.title, heading, blocks: [] });
				tokens += splitTokens(`## ${heading}\n\n`).length;
				blocks = 0;
				chars = 0;
			}
			sections[sections.length - 1].blocks.push(note.blocks[b]);
			tokens += splitTokens(`${note.blocks[b]}\n\n`).length;
			blocks++;
			chars += note.blocks[b].length;
		}
	}
	const texts = sections.map((s) => [`## ${s.heading}`, ...s.blocks].join("\n\n"));
	const text = texts.join("\n\n") + "\n";
	// The edited section: from the note with the shortest title among the long-enough sections
	// every size holds (the first EVERY_SIZE_CHARS), the one nearest the middle. So the heading,
	// the description and with it the main model's output are the same at every size (only the
	// part number differs), and as short as a real heading tends to be.
	const starts = texts.map((_, i) => texts.slice(0, i).reduce((sum, t) => sum + t.length + 2, 0));
	const long = sections.map((_, i) => i).filter((i) => texts[i].length >= MIN_EDITED_SECTION_CHARS);
	const early = long.filter((i) => starts[i] < EVERY_SIZE_CHARS);
	const anchor = (early.length > 0 ? early : long).reduce(
		(best, i) => (sections[i].title.length < sections[best].title.length ? i : best),
		long[0] ?? 0,
	);
	const title = sections[anchor].title;
	const middle = Math.floor(sections.length / 2);
	const candidates = (long.length > 0 ? long : sections.map((_, i) => i)).filter((i) => sections[i].title === title);
	const edited = candidates.reduce((best, i) => (Math.abs(i - middle) < Math.abs(best - middle) ? i : best));
	return {
		text,
		tokens: splitTokens(text).length,
		heading: sections[edited].heading,
		source: corpus ? "corpus" : "generated",
	};
}

/** The edit request the user sends, naming one section by its heading. */
export function editDescription(heading: string): string {
	return `rewrite the section "${heading}" in plain words`;
}

/** The first sentence of a line (list marker kept), or the line when it has one sentence. */
function firstSentence(line: string): string {
	const match = /^(.*?[.!?])(\s|$)/.exec(line);
	return match ? match[1] : line;
}

/**
 * The edit both the apply model and the baseline's main model make: the named section's lines cut
 * to their first sentence, plus a one-line gist. Works on a whole note or on that section alone
 * (what the composer sends for a long note); everything outside the section is kept byte for byte.
 */
export function rewriteSectionPlainly(text: string, heading: string): string {
	const lines = text.split("\n");
	const start = lines.findIndex((l) => l === `## ${heading}`);
	if (start === -1) throw new Error(`bench: no section "## ${heading}" in the text the model received`);
	let end = lines.findIndex((l, i) => i > start && /^#{1,2}[ \t]/.test(l));
	if (end === -1) end = lines.length;
	// Keep the blank lines (and final newline) that close the section.
	let bodyEnd = end;
	while (bodyEnd > start + 1 && lines[bodyEnd - 1] === "") bodyEnd--;
	const body = lines.slice(start + 1, bodyEnd).map(firstSentence);
	body.push("", "In short: the same points, said plainly.");
	return [...lines.slice(0, start + 1), ...body, ...lines.slice(bodyEnd)].join("\n");
}

/** A one-line change: the typo the edit fixes, planted in one heading, and the intent that names it. */
export interface OneLineFix {
	note: BenchNote;
	description: string;
	/** Fixes the typo in whatever text holds that heading (the whole note or its section). */
	change: (text: string) => string;
}

/**
 * The note with a typo ("prat" for "part") in the heading of its edited section. The description
 * names the heading as it reads, so on a note too long for whole-note output the section path
 * regenerates just that section: the whole-note time beside the fast-apply rows is what the app
 * would do without edit blocks, not a refusal.
 */
export function withHeadingTypo(note: BenchNote): OneLineFix {
	const typo = note.heading.replace(/, part (\d+)$/, ", prat $1");
	if (typo === note.heading) throw new Error(`bench: heading "${note.heading}" has no ", part N" to misspell`);
	const right = `## ${note.heading}\n`;
	const wrong = `## ${typo}\n`;
	const text = note.text.replace(right, wrong);
	return {
		note: { ...note, text, heading: typo },
		description: `fix the typo "prat" in the heading "${typo}"`,
		change: (t) => {
			if (!t.includes(wrong)) throw new Error(`bench: the apply model's text has no heading "${typo}"`);
			return t.replace(wrong, right);
		},
	};
}

/** A note of about `targetTokens` tokens split into exactly `sections` "## " sections of similar size. */
export function buildNoteWithSections(targetTokens: number, sections: number): BenchNote {
	const source = corpusBlocks();
	const blocks = (source ?? generatedBlocks()).flatMap((n) => n.blocks);
	const headingTokens = sections * splitTokens("## Working notes, part 10\n\n").length;
	const picked: Array<{ text: string; tokens: number }> = [];
	let total = 0;
	for (let i = 0; total < targetTokens - headingTokens; i++) {
		const text = blocks[i % blocks.length] ?? "";
		const tokens = splitTokens(`${text}\n\n`).length;
		picked.push({ text, tokens });
		total += tokens;
	}
	const parts: string[] = [];
	let done = 0;
	let next = 0;
	for (let s = 0; s < sections; s++) {
		const heading = `Working notes, part ${s + 1}`;
		const body: string[] = [];
		// Blocks until this section's share of the tokens; at least one per section.
		while (next < picked.length && (body.length === 0 || done < ((s + 1) * total) / sections)) {
			const block = picked[next++];
			body.push(block.text);
			done += block.tokens;
		}
		parts.push([`## ${heading}`, ...body].join("\n\n"));
	}
	const text = parts.join("\n\n") + "\n";
	return {
		text,
		tokens: splitTokens(text).length,
		heading: "Working notes, part 1",
		source: source ? "corpus" : "generated",
	};
}

/** "Remove all headings": every heading line goes, with the blank line after it. */
export function removeHeadings(text: string): string {
	return text.replace(/^#{1,6}[ \t][^\n]*\n(\n)?/gm, "");
}
