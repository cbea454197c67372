// Method stand-ins: the body of a method Redline never calls becomes a throw naming the method,
// because the body alone keeps other code in main.js. The method stays, so a subclass, an
// override or a `typeof x.pipe === "function"` check sees what it saw. The list is
// build/cuts/method-stand-ins.mjs; package-edits.mjs applies it as a file loads.
//
// A method is found by its signature line inside its class, from there to the line closing it at
// the same indentation (the packages ship formatted code); a signature or a class not found
// exactly once is an error, so a method renamed, moved or duplicated by an upgrade fails the build.

/**
 * `text` with the bodies of `methods` of `className` replaced by a throw, or an error naming what
 * was not found exactly once.
 */
export function standInMethods(text, { file, class: className, methods }) {
	const lines = text.split("\n");
	for (const method of methods) {
		// The class's lines, found again for each method (standing one in shortens the class).
		// LangChain's bundled classes are `var Name = class` (tabs), the openai package's `export class Name` (4 spaces).
		const starts = lines.flatMap((line, i) =>
			new RegExp(`^((var|let|const) ${className} = class|(export )?class ${className})\\b`).test(line) ? [i] : [],
		);
		if (starts.length !== 1)
			return { error: `expected class ${className} once in ${file}, found it ${starts.length} times` };
		const end = lines.findIndex((line, i) => i > starts[0] && (line === "};" || line === "}"));
		if (end < 0) return { error: `class ${className} in ${file} has no end` };
		const signature = new RegExp(`^(\\t| {4})(?:static )?(?:async )?\\*?${method.replace(/\$/g, "\\$")}\\(.*\\) \\{$`);
		const found = lines.flatMap((line, i) => (i > starts[0] && i < end && signature.test(line) ? [i] : []));
		if (found.length !== 1)
			return { error: `expected method ${className}.${method} once in ${file}, found it ${found.length} times` };
		const [at] = found;
		const indent = signature.exec(lines[at])[1];
		const close = lines.findIndex((line, i) => i > at && line === `${indent}}`);
		if (close < 0 || close > end) return { error: `method ${className}.${method} in ${file} has no end` };
		// Short: each is in main.js (the list says why Redline never calls it).
		const message = `${className}.${method}() is not included in Redline's bundle`;
		lines.splice(at + 1, close - at - 1, `${indent}${indent}throw new Error(${JSON.stringify(message)});`);
	}
	return { text: lines.join("\n") };
}
