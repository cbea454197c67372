// Side-effect-free modules: package files whose top level only declares things but which esbuild
// cannot prove pure. Marked so, esbuild leaves one out when nothing uses its exports (and keeps
// it, unchanged, when something does). The list is build/cuts/side-effect-free.mjs; a forbidden
// input checks the one that matters most (sax-js), the budget the rest.
import path from "node:path";
import { isLookup, resolveAsUsual } from "./lookup.mjs";
import { inPackage, nodeModules } from "./paths.mjs";

/** Marks the package files `files` (paths under node_modules) as free of side effects. */
export function sideEffectFreePlugin(files) {
	const pure = new Set(files.map(inPackage));
	// Only an import whose last segment names one of them is resolved twice.
	const names = new Set([...pure].map((file) => path.basename(file)));
	return {
		name: "side-effect-free",
		setup(build) {
			build.onResolve({ filter: /.*/ }, async (args) => {
				if (isLookup(args) || !args.importer.startsWith(nodeModules) || !names.has(path.basename(args.path)))
					return undefined;
				const resolved = await resolveAsUsual(build, args);
				return resolved.errors.length === 0 && pure.has(resolved.path)
					? { ...resolved, sideEffects: false }
					: undefined;
			});
		},
	};
}
