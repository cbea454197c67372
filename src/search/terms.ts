/**
 * How text becomes search terms, the same way for notes and for queries: fold case and accents,
 * then split on spaces, punctuation, symbols and control characters (any script; tabs too, which
 * indent lists), so "Café" and "cafe" are one term and a query typed without accents still
 * finds them.
 *
 * The split is a scan over character codes rather than a Unicode regex split: a whole vault goes
 * through it when the index is built, and the scan costs a fraction of the split (the shared
 * corpus, 3.6 MB: about 520 -> 150 ms). The text is folded whole (one pass, and none at all for
 * ASCII text), and characters beyond ASCII are classified once each, by SEPARATOR itself.
 */

/** What separates words: the definition the scan implements. */
export const SEPARATOR = /[\p{Z}\p{P}\p{S}\p{Cc}]/u;
const MARKS = /\p{M}/gu;
const NON_ASCII = /[\u0080-\uffff]/;

/** Lower case without diacritics: "Élan" -> "elan". */
export function fold(text: string): string {
	if (!NON_ASCII.test(text)) return text.toLowerCase();
	return text.normalize("NFD").replace(MARKS, "").toLowerCase();
}

/** ASCII separators: everything but letters and digits. */
const ASCII_SEPARATOR = new Uint8Array(128).map((_, code) => (/[a-z0-9]/i.test(String.fromCharCode(code)) ? 0 : 1));
const wideSeparator = new Map<number, boolean>();

function isWideSeparator(codePoint: number): boolean {
	let separates = wideSeparator.get(codePoint);
	if (separates === undefined) {
		separates = SEPARATOR.test(String.fromCodePoint(codePoint));
		wideSeparator.set(codePoint, separates);
	}
	return separates;
}

/** Calls found(start, end) for each word of folded text. */
function scanWords(folded: string, found: (start: number, end: number) => void): void {
	let start = -1;
	for (let i = 0; i < folded.length; i++) {
		const code = folded.charCodeAt(i);
		let separates: boolean;
		let width = 1;
		if (code < 128) separates = ASCII_SEPARATOR[code] === 1;
		else {
			const point = folded.codePointAt(i) ?? code;
			if (point > 0xffff) width = 2;
			separates = isWideSeparator(point);
		}
		if (separates) {
			if (start >= 0) found(start, i);
			start = -1;
		} else if (start < 0) start = i;
		i += width - 1;
	}
	if (start >= 0) found(start, folded.length);
}

/** The folded terms of text, in order (repeats kept). */
export function termsOf(text: string): string[] {
	const folded = fold(text);
	const terms: string[] = [];
	scanWords(folded, (start, end) => terms.push(folded.slice(start, end)));
	return terms;
}

/** Each distinct folded term of text with how often it occurs (what the index stores). */
export function countTerms(text: string): Map<string, number> {
	const folded = fold(text);
	const counts = new Map<string, number>();
	scanWords(folded, (start, end) => {
		const term = folded.slice(start, end);
		counts.set(term, (counts.get(term) ?? 0) + 1);
	});
	return counts;
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
