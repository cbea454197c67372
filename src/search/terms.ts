/**
 * How text becomes search terms, the same way for notes and for queries: split on spaces and
 * punctuation (any script), then fold case and accents, so "Café" and "cafe" are one term and a
 * query typed without accents still finds them.
 */

// Unicode spaces and punctuation, as minisearch's default tokenizer splits; "#" and "/" split too,
// so "#project/alpha" gives "project" and "alpha".
const SEPARATOR = /[\n\r\p{Z}\p{P}\p{S}]+/u;
const MARKS = /\p{M}/gu;

/** Lower case without diacritics: "Élan" -> "elan". */
export function fold(text: string): string {
	return text.normalize("NFD").replace(MARKS, "").toLowerCase();
}

/** The raw words of text (not folded). */
export function tokenize(text: string): string[] {
	return text.split(SEPARATOR).filter((word) => word.length > 0);
}

/** The folded terms of text, in order (repeats kept). */
export function termsOf(text: string): string[] {
	return tokenize(text).map(fold);
}

/**
 * Words too common to say anything about which note is meant. They are still searched and
 * scored, but do not count when ranking "notes that contain every word first".
 */
const COMMON = new Set(
	(
		"a an and are as at be by for from has have in is it of on or that the this to was were with about into not no my our your " +
		"le la les un une des de du et en est au aux pour par sur dans der die das ein eine und ist im zu von el los las y del con"
	).split(" "),
);

export function isCommonTerm(term: string): boolean {
	return COMMON.has(term);
}
