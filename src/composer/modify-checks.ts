/**
 * What a `modify` may not do unless its description says so: empty the note, drop lines it does
 * not replace with anything, or repeat a block of the note. An apply model that loses a section,
 * repeats one in a loop, or answers "Done." produces exactly these, and the user approved a
 * change, not that. The description decides: "clear the note", "remove the old tasks",
 * "duplicate the template" allow them. Texts are model text (LF).
 */
import { diffLines } from "../history/line-diff";
import { similarity } from "./similarity";
import { splitFrontmatter } from "./text-format";

const EMPTIES = new RegExp(
	[
		String.raw`\b(?:empty|clear|wipe|erase|blank)\b(?:\s+out)?\s+(?:(?:the|this|whole|entire|all)\s+)*(?:note|file|page|contents?|text|it|everything)\b`,
		String.raw`\b(?:delete|remove|drop)\s+(?:everything|all\s+(?:of\s+)?(?:the\s+)?(?:content|contents|text|lines)|the\s+(?:whole|entire)\s+(?:note|text|content))\b`,
		String.raw`\bmake\s+(?:it|the\s+note)\s+empty\b`,
	].join("|"),
	"i",
);
/** Verbs (and their forms) that say a change removes or reshapes text (so lines may vanish). */
const REMOVING_WORDS = [
	"remov(?:e|es|ed|ing)",
	"delet(?:e|es|ed|ing)",
	"drop(?:s|ped|ping)?",
	"cut(?:s|ting)?",
	"strip(?:s|ped|ping)?",
	"trim(?:s|med|ming)?",
	"clear(?:s|ed|ing)?",
	"eras(?:e|es|ed|ing)",
	"wip(?:e|es|ed|ing)",
	"prun(?:e|es|ed|ing)",
	"purg(?:e|es|ed|ing)",
	"eliminat(?:e|es|ed|ing)",
	"exclud(?:e|es|ed|ing)",
	"omit(?:s|ted|ting)?",
	"discard(?:s|ed|ing)?",
	"shorten(?:s|ed|ing)?",
	"shorter",
	"concise",
	"condens(?:e|es|ed|ing)",
	"summari[sz](?:e|es|ed|ing)",
	"simplif(?:y|ies|ied|ying)",
	"tighten(?:s|ed|ing)?",
	"compress(?:es|ed|ing)?",
	"clean(?:s|ed|ing)?",
	"tid(?:y|ies|ied|ying)",
	"consolidat(?:e|es|ed|ing)",
	"combin(?:e|es|ed|ing)",
	"merg(?:e|es|ed|ing)",
	"join(?:s|ed|ing)?",
	"de-?dup(?:e|es|ed|ing|licat(?:e|es|ed|ing))?",
	"archiv(?:e|es|ed|ing)",
	"mov(?:e|es|ed|ing)",
	"replac(?:e|es|ed|ing)",
	"rewrit(?:e|es|ing|ten)",
	"rewrote",
	"restructur(?:e|es|ed|ing)",
	"reorgani[sz](?:e|es|ed|ing)",
	"split(?:s|ting)?",
	"collaps(?:e|es|ed|ing)",
	"revert(?:s|ed|ing)?",
	"undo(?:es)?",
	"undid",
	"get rid",
	"without",
	"keep only",
	"only keep",
	"reword(?:s|ed|ing)?",
	"rephras(?:e|es|ed|ing)",
	"paraphras(?:e|es|ed|ing)",
	"translat(?:e|es|ed|ing)",
	"convert(?:s|ed|ing)?",
	"reformat(?:s|ted|ting)?",
	"turn(?:s|ed|ing)?\\s+.*\\binto",
];
const REMOVES = new RegExp(String.raw`\b(?:${REMOVING_WORDS.join("|")})\b`, "i");
const DUPLICATES =
	/\b(duplicate[sd]?|duplicating|cop(y|ies|ied|ying)|repeat(s|ed|ing)?|again|twice|clone[sd]?|cloning|another|second)\b/i;
/** A repeated line shorter than this (one short line) is an ordinary line that happens to recur. */
const MIN_REPEATED_CHARS = 40;
/** A vanished line at least this similar to a new one was reworded. */
const REWORDED = 0.5;
/** Past this many comparisons (a rewrite of a long note) lines are not paired, only totals compared. */
const MAX_PAIRINGS = 250_000;

/** Whether the description asks for the note to end up empty. */
export function asksToEmpty(description: string): boolean {
	return EMPTIES.test(description);
}

/** Why this modify output loses or repeats part of the note, or undefined when it does neither; `subject` names the output ("The apply model's output"). */
export function lostOrRepeated(
	fullOriginal: string,
	proposed: string,
	description: string,
	subject: string,
): string | undefined {
	// A dropped frontmatter block is restored afterwards (text-format.ts), so compare bodies then.
	const split = splitFrontmatter(fullOriginal);
	const original = split.frontmatter && !splitFrontmatter(proposed).frontmatter ? split.body : fullOriginal;
	const before = counts(original);
	const after = counts(proposed);
	if (!REMOVES.test(description)) {
		const lost = droppedLines(original, proposed);
		if (lost.length > 0) {
			return (
				`${subject} drops ${lost.length === 1 ? "a line" : `${lost.length} lines`} of the note that nothing replaces (${JSON.stringify(lost[0])}), ` +
				'and the description does not ask to remove anything. Nothing was written. If the removal is intended, declare an intent that says so ("remove ..."), or use executeEdit with edits.'
			);
		}
	}
	if (!DUPLICATES.test(description)) {
		// An extra copy: a line the output has more often than the note (a new line: more than once).
		const copies = [...after].filter(([line, n]) => n > Math.max(before.get(line) ?? 0, 1)).map(([line]) => line);
		const chars = copies.reduce((total, line) => total + line.length, 0);
		if (copies.length >= 2 || chars >= MIN_REPEATED_CHARS) {
			return (
				`${subject} repeats part of the note (${JSON.stringify(copies.join(" / ").slice(0, 80))}), and the description does not ask for a copy. ` +
				"Nothing was written. Use executeEdit with edits to make the change."
			);
		}
	}
	return undefined;
}

/**
 * The note's lines that are gone with nothing in their place. A vanished line with a similar new
 * line was reworded, not dropped. The rest may still have been rewritten into new text in the
 * same place (a list turned into a sentence), so a region of the diff counts when its vanished
 * lines hold more text than its new ones; a line added elsewhere does not make up for it.
 */
function droppedLines(original: string, proposed: string): string[] {
	const a = original.split("\n").map((line) => line.trim());
	const b = proposed.split("\n").map((line) => line.trim());
	const inA = new Set(a);
	const inB = new Set(b);
	const regions = diffLines(a, b).map((r) => ({
		lost: unique(a.slice(r.aStart, r.aEnd).filter((line) => line !== "" && !inB.has(line))),
		added: unique(b.slice(r.bStart, r.bEnd).filter((line) => line !== "" && !inA.has(line))),
	}));
	const lost = regions.flatMap((r) => r.lost);
	const added = regions.flatMap((r) => r.added);
	if (lost.length === 0) return [];
	const reworded = new Set<string>();
	if (lost.length * added.length <= MAX_PAIRINGS) {
		const taken = new Set<string>();
		for (const line of lost) {
			let best: string | undefined;
			let bestScore = REWORDED;
			for (const candidate of added) {
				if (taken.has(candidate)) continue;
				const score = similarity(line, candidate);
				if (score >= bestScore) {
					best = candidate;
					bestScore = score;
				}
			}
			if (best === undefined) continue;
			taken.add(best);
			reworded.add(line).add(best);
		}
	}
	for (const region of regions) {
		const gone = region.lost.filter((line) => !reworded.has(line));
		if (gone.length === 0) continue;
		const gained = region.added.filter((line) => !reworded.has(line));
		if (sum(gone) > sum(gained)) return gone;
	}
	return [];
}

function unique(lines: readonly string[]): string[] {
	return [...new Set(lines)];
}

/** Non-blank lines, trimmed, with how often each occurs. */
function counts(text: string): Map<string, number> {
	const map = new Map<string, number>();
	for (const raw of text.split("\n")) {
		const line = raw.trim();
		if (line !== "") map.set(line, (map.get(line) ?? 0) + 1);
	}
	return map;
}

function sum(lines: readonly string[]): number {
	return lines.reduce((total, line) => total + line.length, 0);
}
