// Function stand-ins: the body of a package's top-level function Redline never reaches becomes a
// throw naming the function, because the body alone keeps other code in main.js (esbuild then
// leaves out what only that body called). The function stays, so whatever refers to it (a
// dispatcher's table, a switch case that never runs) still finds one. The list is
// build/cuts/function-stand-ins.mjs; package-edits.mjs applies it as a file loads.
//
// A function is found by the line that starts it at the top level, `function name(` or
// `exports.name = function (` (React's formatted builds), to the line closing it at the top level
// (`}` or `};`); a function not found exactly once is an error, so one renamed, moved or
// duplicated by an upgrade fails the build.
import { escapeRegExp } from "./paths.mjs";

/**
 * `text` with the bodies of `functions` replaced by a throw, or an error naming what was not
 * found exactly once.
 */
export function standInFunctions(text, { file, functions }) {
	const lines = text.split("\n");
	for (const name of functions) {
		const start = new RegExp(`^(function ${escapeRegExp(name)}\\(|exports\\.${escapeRegExp(name)} = function \\()`);
		const found = lines.flatMap((line, i) => (start.test(line) ? [i] : []));
		if (found.length !== 1)
			return { error: `expected function ${name} once in ${file}, found it ${found.length} times` };
		const [at] = found;
		// The parameters may take lines of their own, closed by ") {" at the top level.
		const open = lines.findIndex((line, i) => i >= at && (i === at ? line.endsWith(") {") : line === ") {"));
		const closing = lines[at].startsWith("exports.") ? "};" : "}";
		const close = lines.findIndex((line, i) => i > open && /^\S/.test(line));
		if (open < 0 || close < 0 || lines[close] !== closing)
			return { error: `function ${name} in ${file} has no end at the top level` };
		// Short: each is in main.js (the list says why Redline never reaches it).
		const message = `${name}() is not included in Redline's bundle`;
		lines.splice(open + 1, close - open - 1, `  throw new Error(${JSON.stringify(message)});`);
	}
	return { text: lines.join("\n") };
}
