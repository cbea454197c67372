/**
 * An edit's title in words, from the model's description. A card that waits on the user says
 * what will happen ("Remove all headings · 2026-11-28", issue 30), and once the change is in the
 * note what happened ("Removed all headings · 2026-11-28"). The description is the model's, so it
 * may start with a capital ("Remove all headings"), with "to", or not with a verb at all
 * ("Headings cleanup"): only a description that starts with a verb we know is put in the past
 * tense, any other is shown as it was written.
 */
import { titleText } from "./title-parts";

/** Verbs an edit description commonly starts with. */
const VERBS = new Set(
	[
		"add adjust alphabetise alphabetize append apply archive bold bump capitalise capitalize change",
		"check clean clear collapse combine comment complete condense consolidate convert copy correct",
		"create cut dedupe deduplicate delete draft drop duplicate edit expand extend fill fix format",
		"group highlight improve increment indent insert italicize join label link list lowercase make",
		"mark merge modify move normalise normalize number outdent polish prepend put rearrange reformat",
		"remove rename renumber reorder reorganise reorganize rephrase replace restructure retitle revise",
		"reword rewrite set shorten simplify sort split standardise standardize strip summarise summarize",
		"swap tag tidy transform translate trim turn uncheck unlink unwrap update uppercase wrap write",
	]
		.join(" ")
		.split(" "),
);

export type IntentLine =
	/** Starts with a verb: "remove all headings" (a capitalised common verb lower-cased, a leading "to" dropped). */
	| { kind: "verb"; rest: string }
	/** Anything else, as written: "Headings cleanup". */
	| { kind: "other"; description: string };

export function intentLine(description: string): IntentLine {
	const text = description.trim().replace(/^to\s+/i, "");
	const word = /^[A-Za-z]+/.exec(text)?.[0] ?? "";
	if (word === "") return { kind: "other", description: text };
	if (VERBS.has(word.toLowerCase())) {
		// "Remove" becomes "remove"; "README" or "HTML" are left alone (not a capitalised verb anyway).
		const capitalised = word[0] !== word[0].toLowerCase() && word.slice(1) === word.slice(1).toLowerCase();
		return { kind: "verb", rest: capitalised ? word.toLowerCase() + text.slice(word.length) : text };
	}
	// A lower-case start follows the tool's own example ("remove all headings"): a verb we do not list.
	if (word[0] === word[0].toLowerCase()) return { kind: "verb", rest: text };
	return { kind: "other", description: text };
}

/** Verbs whose past tense is not the regular one (or doubles a consonant the rule below misses). */
const IRREGULAR_PAST: Record<string, string> = {
	cut: "cut",
	format: "formatted",
	reformat: "reformatted",
	make: "made",
	put: "put",
	rewrite: "rewrote",
	set: "set",
	split: "split",
	unwrap: "unwrapped",
	write: "wrote",
};

/** The past tense of a listed edit verb ("remove" → "removed", "tidy" → "tidied", "drop" → "dropped"). */
export function pastTense(verb: string): string {
	const lower = verb.toLowerCase();
	const irregular = IRREGULAR_PAST[lower];
	if (irregular) return irregular;
	if (lower.endsWith("e")) return `${lower}d`;
	if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ied`;
	// One short vowel before one final consonant, in a one-syllable verb: the consonant doubles.
	if (/^[^aeiou]*[aeiou][bdgmnpt]$/.test(lower)) return `${lower}${lower.slice(-1)}ed`;
	return `${lower}ed`;
}

/** The description once the edit is in the note: "Removed all headings", or a description without a known verb as it was. */
export type DoneLine = { kind: "verb"; done: string } | { kind: "other"; description: string };

export function doneLine(description: string): DoneLine {
	const line = intentLine(description);
	const rest = line.kind === "verb" ? line.rest : line.description;
	const word = /^[A-Za-z]+/.exec(rest)?.[0] ?? "";
	if (line.kind === "other" || !VERBS.has(word.toLowerCase())) return { kind: "other", description: rest };
	const past = pastTense(word) + rest.slice(word.length);
	return { kind: "verb", done: past.charAt(0).toUpperCase() + past.slice(1) };
}

/** What happened, as a title: "Removed all headings"; a guessed past tense of a word that is not a verb is worse than none. */
export function doneTitle(description: string): string {
	const line = doneLine(description);
	return line.kind === "verb" ? line.done : aheadLine(description);
}

/**
 * What will happen, for a card that waits on the user: the description as a sentence of its own
 * ("Remove all headings"), shown before the note's link. [[Links]] in it stay for the title to draw.
 */
export function aheadLine(description: string): string {
	const line = intentLine(description);
	const text = line.kind === "verb" ? line.rest : line.description;
	return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The same as plain text, for labels: "Remove all headings · Daily.md" (links as their text). */
export function aheadText(description: string, path: string): string {
	return `${titleText(aheadLine(description))} · ${path}`;
}
