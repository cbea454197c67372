// Generated stand-ins (stand-ins.mjs, a rule with `generate`): the files a rule replaces become
// one module that exports, under each name they export, a stand-in that throws naming what is
// missing when used. Which files: those the rule's importers import (read from their import
// statements) that the rule replaces. How their names are found: by the shape of their export
// lines (`kind`), which is the openai package's generated code; a file out of that shape, or a
// name found twice, fails the build rather than leave a name out.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { resolveAsUsual } from "./lookup.mjs";
import { inPackage, nodeModules, standInFile } from "./paths.mjs";

const exportShapes = {
	// An API area: exactly one exported APIResource class, whose instances the client builds.
	resource: /^export class (\w+) extends APIResource \{$/,
	// Classes and functions.
	value: /^export (?:class (\w+)(?: extends \w+)? \{|function\*? (\w+)\()/,
};

// What the generated modules are made of (the one Proxy of the stand-ins is in unreachable.ts).
const helper = standInFile("openai-api.ts");

/** The files of `rule` that its importers import, and whether one is imported whole (`* as`). */
async function replacedFiles(build, rule) {
	const files = new Set();
	const starred = new Set();
	for (const importer of rule.importers.map(inPackage)) {
		const text = await readFile(importer, "utf8");
		for (const [statement, specifier] of text.matchAll(
			/^(?:import|export) [^;]*? from "(\.[^"]+|openai\/[^"]+)";$/gm,
		)) {
			const resolved = await resolveAsUsual(build, {
				path: specifier,
				kind: "import-statement",
				importer,
				resolveDir: path.dirname(importer),
			});
			if (resolved.errors.length > 0 || !rule.replaces(resolved.path)) continue;
			files.add(resolved.path);
			if (/^(import|export) \*/.test(statement)) starred.add(resolved.path);
		}
	}
	return { files, starred };
}

/** Loads the modules stand-ins.mjs resolves to the "generated-stand-in" namespace. */
export function generatedStandIns(build) {
	build.onLoad({ filter: /.*/, namespace: "generated-stand-in" }, async (args) => {
		const { rule } = args.pluginData;
		const { files, starred } = await replacedFiles(build, rule);
		const names = [];
		for (const file of files) {
			const lines = (await readFile(file, "utf8")).split("\n").filter((line) => line.startsWith("export "));
			const found = lines.map((line) => exportShapes[rule.generate].exec(line)?.slice(1).find(Boolean));
			if (
				found.length === 0 ||
				(rule.generate === "resource" && found.length !== 1) ||
				found.some((name) => !name || names.includes(name))
			) {
				return {
					errors: [
						{
							text: `stand-ins: ${file} no longer has the shape its stand-in expects (${rule.generate}, each name once); review build/cuts/stand-ins.mjs`,
						},
					],
				};
			}
			names.push(...found);
		}
		// A namespace import of one file would see the names of the others.
		if (starred.size > 0 && files.size > 1)
			return {
				errors: [
					{
						text: `stand-ins: ${[...starred].join(", ")} imported whole, with other files of its rule; review build/cuts/stand-ins.mjs`,
					},
				],
			};
		const make = (name) =>
			`export const ${name} = ${rule.generate === "resource" ? "standInResourceClass" : "standInValue"}(${JSON.stringify(name)});`;
		const contents = `import { standInResourceClass, standInValue } from ${JSON.stringify(helper)};\n${names.map(make).join("\n")}\n`;
		return { contents, loader: "js", resolveDir: nodeModules, watchFiles: [...files] };
	});
}
