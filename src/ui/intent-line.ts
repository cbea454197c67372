/**
 * The intent line of an edit: "Planning to remove all headings in Daily.md". The description is
 * the model's, so it may start with a capital ("Remove all headings"), or not with a verb at all
 * ("Headings cleanup"). A description that starts with a verb reads as the rest of "Planning to
 * …" (a capitalised common verb is lower-cased); any other is quoted after "Planning a change to
 * <note>:", which reads whatever the model wrote.
 */

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
	/** "Planning to {rest} in {path}" */
	| { kind: "verb"; rest: string }
	/** "Planning a change to {path}: {description}" */
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

/** The intent line as plain text (titles, labels, the reasoning steps). */
export function intentText(description: string, path: string): string {
	const line = intentLine(description);
	return line.kind === "verb" ? `Planning to ${line.rest} in ${path}` : `Planning a change to ${path}: ${line.description}`;
}
