// Text rewrites: a piece of a package file's source replaced by an equivalent one as the file
// loads. The list is build/cuts/rewrites.mjs; package-edits.mjs applies it. A rewrite whose text
// is not there as expected (an upgrade changed it) is an error, so it fails the build instead of
// leaving the original code in main.js unseen.
import { escapeRegExp } from "./paths.mjs";

/** `text` with `rule` applied, or an error saying what was not found as expected. */
export function rewrite(text, { file, from, to, count = 1, word = false }) {
	// `word`: only where `from` stands as a whole name: not part of a longer one, nor a property
	// (after a dot, unless the dots spread it).
	const pattern = new RegExp(word ? `(?<=^|[^\\w$.]|\\.\\.\\.)${escapeRegExp(from)}(?![\\w$])` : escapeRegExp(from), "g");
	const found = text.match(pattern)?.length ?? 0;
	if (found !== count) return { error: `expected the text to rewrite ${count === 1 ? "exactly once" : `${count} times`} in ${file}, found it ${found} times`, detail: from };
	return { text: text.replace(pattern, () => to) };
}
