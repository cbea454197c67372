// Text rewrites: a piece of a package file's source replaced by an equivalent one as the file
// loads. The list is build/cuts/rewrites.mjs; package-edits.mjs applies it. A rewrite is found by
// - `from`: an exact piece of text, there exactly once (or `count` times; `word`: as a whole name);
// - `pattern`: a regular expression anchored on the code's structure (a name, a helper call),
//   every match replaced, at least one; `noneLeft`, a wider expression, must then find nothing in
//   the file as it goes into main.js (after all its edits), so code the rewrite's reason does not
//   cover cannot slip through. An upgrade that adds one more use of the same structure needs no
//   new number; one whose code no longer fits fails the build instead of changing main.js unseen.
import { escapeRegExp } from "./paths.mjs";

/** `name` where it stands as a whole name: not part of a longer one, nor a property (after a dot, unless the dots spread it). */
export function wholeName(name) {
	return new RegExp(`(?<=^|[^\\w$.]|\\.\\.\\.)${escapeRegExp(name)}(?![\\w$])`, "g");
}

// Fresh copies, so that no search starts where one of an earlier build stopped (a global regex's lastIndex).
const everywhere = (pattern) => new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`);
const first = (pattern) => new RegExp(pattern.source, pattern.flags.replace("g", ""));

/** `text` with `rule` applied, or an error saying what was not found as expected. */
export function rewrite(text, rule) {
	const { file, to } = rule;
	if (rule.pattern) {
		const pattern = everywhere(rule.pattern);
		if (!first(pattern).test(text))
			return {
				error: `expected the pattern to rewrite at least once in ${file}, found it 0 times`,
				detail: String(rule.pattern),
			};
		return { text: text.replace(pattern, () => to) };
	}
	const { from, count = 1, word = false } = rule;
	const pattern = word ? wholeName(from) : new RegExp(escapeRegExp(from), "g");
	const found = text.match(pattern)?.length ?? 0;
	if (found !== count)
		return {
			error: `expected the text to rewrite ${count === 1 ? "exactly once" : `${count} times`} in ${file}, found it ${found} times`,
			detail: from,
		};
	return { text: text.replace(pattern, () => to) };
}

/** An error when `rule.noneLeft` still finds something in `text`, the file's final text. */
export function leftOver(text, { file, pattern, noneLeft }) {
	const found = noneLeft && first(noneLeft).exec(text);
	if (!found) return undefined;
	const line = text.slice(0, found.index).split("\n").length;
	return {
		error: `after rewriting ${pattern ?? "its text"}, ${file} still has ${JSON.stringify(found[0])} (line ${line}), which the rewrite's reason does not cover`,
		detail: String(noneLeft),
	};
}
