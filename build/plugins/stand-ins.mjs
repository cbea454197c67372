// Module stand-ins: an import resolves to a stand-in instead of the module it names. A rule says
// which imports: as any importer writes them (`specifier`), or, resolved, the `modules` (package
// files, or folders ending in "/", bar `except`) as the named `importers` import them (the same
// module imported from elsewhere stays real). The stand-in is a TypeScript file of
// build/stand-ins/ (`shim`), a few lines of the rule (`contents`, resolving its imports beside the
// module it replaces), or made from the replaced files' exports (`generate`,
// generated-stand-ins.mjs). The rules are build/cuts/stand-ins.mjs. A stand-in that lacks a name
// its importer imports fails the build (esbuild.config.mjs raises import-is-undefined to an error).
import path from "node:path";
import { generatedStandIns } from "./generated-stand-ins.mjs";
import { isLookup, resolveAsUsual } from "./lookup.mjs";
import { inPackage, nodeModules, standInFile } from "./paths.mjs";

/** Whether an absolute path is one of `names` (package files, or folders ending in "/"). */
function oneOf(names = []) {
	const files = new Set(names.filter((name) => !name.endsWith("/")).map(inPackage));
	const folders = names.filter((name) => name.endsWith("/")).map(inPackage);
	return (file) => files.has(file) || folders.some((folder) => file.startsWith(folder));
}

/** Resolves the imports `rules` name to their stand-ins. */
export function standInsPlugin(rules) {
	const bySpecifier = rules.filter((rule) => rule.specifier);
	const byModule = rules
		.filter((rule) => !rule.specifier)
		.map((rule) => {
			const [listed, excepted] = [oneOf(rule.modules), oneOf(rule.except)];
			return { ...rule, importedBy: oneOf(rule.importers), replaces: (file) => listed(file) && !excepted(file) };
		});
	return {
		name: "stand-ins",
		setup(build) {
			for (const rule of bySpecifier)
				build.onResolve({ filter: rule.specifier }, () => ({ path: standInFile(rule.shim) }));
			build.onResolve({ filter: /.*/ }, async (args) => {
				if (isLookup(args) || !args.importer.startsWith(nodeModules)) return undefined;
				const candidates = byModule.filter((rule) => rule.importedBy(args.importer));
				if (candidates.length === 0) return undefined;
				const resolved = await resolveAsUsual(build, args);
				const rule =
					resolved.errors.length > 0 ? undefined : candidates.find((candidate) => candidate.replaces(resolved.path));
				if (!rule) return undefined;
				if (rule.shim) return { path: standInFile(rule.shim) };
				if (rule.contents !== undefined)
					return { path: resolved.path, namespace: "inline-stand-in", pluginData: { contents: rule.contents } };
				// Every file a generated rule replaces is one module (one lazy initializer in main.js).
				return { path: rule.name, namespace: "generated-stand-in", pluginData: { rule } };
			});
			build.onLoad({ filter: /.*/, namespace: "inline-stand-in" }, (args) => ({
				contents: args.pluginData.contents,
				loader: "js",
				resolveDir: path.dirname(args.path),
			}));
			generatedStandIns(build);
		},
	};
}
