/**
 * What a `modify` may not do unless its description says so: empty the note, drop lines it does
 * not replace with anything, or repeat a block of the note. An apply model that loses a section,
 * repeats one in a loop, or answers "Done." produces exactly these, and the user approved a
 * change, not that. The description decides: "clear the note", "remove the old tasks",
 * "duplicate the template" allow them. Texts are model text (LF).
 */
import { diffLines } from "../history/line-diff";
import { splitFrontmatter } from "./text-format";

const EMPTIES = new RegExp(
	[
		String.raw`\b(?:empty|clear|wipe|erase|blank)\b(?:\s+out)?\s+(?:(?:the|this|whole|entire|all)\s+)*(?:note|file|page|contents?|text|it|everything)\b`,
		String.raw`\b(?:delete|remove|drop)\s+(?:everything|all\s+(?:of\s+)?(?:the\s+)?(?:content|contents|text|lines)|the\s+(?:whole|entire)\s+(?:note|text|content))\b`,
		String.raw`\bmake\s+(?:it|the\s+note)\s+empty\b`,
	].join("|"),
	"i",
);
/** Verbs (and their forms) that say a change removes or reshapes text. */
const REMOVING_WORDS = [
	"remov(?:e|es|ed|ing)", "delet(?:e|es|ed|ing)", "drop(?:s|ped|ping)?", "cut(?:s|ting)?", "strip(?:s|ped|ping)?", "trim(?:s|med|ming)?",
	"clear(?:s|ed|ing)?", "eras(?:e|es|ed|ing)", "wip(?:e|es|ed|ing)", "prun(?:e|es|ed|ing)", "purg(?:e|es|ed|ing)", "eliminat(?:e|es|ed|ing)",
	"exclud(?:e|es|ed|ing)", "omit(?:s|ted|ting)?", "discard(?:s|ed|ing)?", "shorten(?:s|ed|ing)?", "shorter", "concise", "condens(?:e|es|ed|ing)",
	"summari[sz](?:e|es|ed|ing)", "simplif(?:y|ies|ied|ying)", "tighten(?:s|ed|ing)?", "compress(?:es|ed|ing)?", "clean(?:s|ed|ing)?", "tid(?:y|ies|ied|ying)",
	"consolidat(?:e|es|ed|ing)", "combin(?:e|es|ed|ing)", "merg(?:e|es|ed|ing)", "join(?:s|ed|ing)?", "de-?dup(?:e|es|ed|ing|licat(?:e|es|ed|ing))?",
	"archiv(?:e|es|ed|ing)", "mov(?:e|es|ed|ing)", "replac(?:e|es|ed|ing)", "rewrit(?:e|es|ing|ten)", "rewrote", "restructur(?:e|es|ed|ing)",
	"reorgani[sz](?:e|es|ed|ing)", "split(?:s|ting)?", "collaps(?:e|es|ed|ing)", "revert(?:s|ed|ing)?", "undo(?:es)?", "undid", "get rid", "without", "keep only", "only keep",
];
const REMOVES = new RegExp(String.raw`\b(?:${REMOVING_WORDS.join("|")})\b`, "i");
const DUPLICATES = /\b(duplicate[sd]?|duplicating|cop(y|ies|ied|ying)|repeat(s|ed|ing)?|again|twice|clone[sd]?|cloning|another|second)\b/i;
/** A repeated run shorter than this (one short line) is an ordinary line that happens to recur. */
const MIN_REPEATED_CHARS = 40;

/** Whether the description asks for the note to end up empty. */
export function asksToEmpty(description: string): boolean {
	return EMPTIES.test(description);
}

/** Why this modify output loses or repeats part of the note, or undefined when it does neither. */
export function lostOrRepeated(fullOriginal: string, proposed: string, description: string): string | undefined {
	// A dropped frontmatter block is restored afterwards (text-format.ts), so compare bodies then.
	const split = splitFrontmatter(fullOriginal);
	const original = split.frontmatter && !splitFrontmatter(proposed).frontmatter ? split.body : fullOriginal;
	const a = original.split("\n");
	const b = proposed.split("\n");
	const regions = diffLines(a, b);
	if (!REMOVES.test(description)) {
		const kept = new Set(b.map((line) => line.trim()));
		const before = new Set(a.map((line) => line.trim()));
		for (const r of regions) {
			const lost = a.slice(r.aStart, r.aEnd).filter((line) => line.trim() !== "" && !kept.has(line.trim()));
			if (lost.length === 0) continue;
			const lostChars = sum(lost);
			const newChars = sum(b.slice(r.bStart, r.bEnd).filter((line) => line.trim() !== "" && !before.has(line.trim())));
			const shortest = Math.min(...lost.map((line) => line.trim().length));
			// Lines reworded into others are replaced; lines that vanish with nothing in their place are lost.
			if (lostChars - newChars >= Math.max(shortest, 1)) {
				return (
					`The apply model's output drops ${describeLines(lost.length)} that the change does not replace (from line ${r.aStart + 1}: ${JSON.stringify(lost[0]?.trim())}), ` +
					"and the description does not ask to remove anything. Nothing was written. If the removal is intended, declare an intent that says so (\"remove ...\"), or use executeEdit with edits."
				);
			}
		}
	}
	if (!DUPLICATES.test(description)) {
		const repeated = repeatedRun(a, b, regions);
		if (repeated) {
			return (
				`The apply model's output repeats part of the note (${JSON.stringify(repeated.trim().slice(0, 80))}), and the description does not ask for a copy. ` +
				"Nothing was written. Use executeEdit with edits to make the change."
			);
		}
	}
	return undefined;
}

/** An inserted run of lines that are extra copies of the note's own lines, long enough to be a block. */
function repeatedRun(a: readonly string[], b: readonly string[], regions: ReturnType<typeof diffLines>): string | undefined {
	const counts = (lines: readonly string[]) => {
		const map = new Map<string, number>();
		for (const line of lines) if (line.trim() !== "") map.set(line.trim(), (map.get(line.trim()) ?? 0) + 1);
		return map;
	};
	const before = counts(a);
	const after = counts(b);
	// An extra copy: a line of the note that the output has more often than the note does.
	const isExtraCopy = (key: string): boolean => (before.get(key) ?? 0) > 0 && (after.get(key) ?? 0) > (before.get(key) ?? 0);
	for (const r of regions) {
		let run: string[] = [];
		const check = (): string | undefined => {
			const text = run.join("\n");
			const found = run.length >= 2 || text.trim().length >= MIN_REPEATED_CHARS ? text : undefined;
			run = [];
			return found;
		};
		for (const line of b.slice(r.bStart, r.bEnd)) {
			const key = line.trim();
			if (key === "") continue;
			if (isExtraCopy(key)) {
				run.push(line);
				continue;
			}
			const found = check();
			if (found) return found;
		}
		const found = check();
		if (found) return found;
	}
	return undefined;
}

function sum(lines: readonly string[]): number {
	return lines.reduce((total, line) => total + line.trim().length, 0);
}

function describeLines(count: number): string {
	return count === 1 ? "a line" : `${count} lines`;
}
