// Package edits: the one esbuild plugin that changes a package file's source as it loads, with
// the two kinds of edit that do (esbuild loads a file through one plugin only, so the kinds that
// edit the same file share it): text rewrites (rewrite.mjs, build/cuts/rewrites.mjs), method
// stand-ins (method-stand-in.mjs, build/cuts/method-stand-ins.mjs) and function stand-ins
// (function-stand-in.mjs, build/cuts/function-stand-ins.mjs). An edit that no longer fits its
// file fails the build, naming the list to review.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { standInFunctions } from "./function-stand-in.mjs";
import { standInMethods } from "./method-stand-in.mjs";
import { escapeRegExp, inPackage } from "./paths.mjs";
import { leftOver, rewrite } from "./rewrite.mjs";

/**
 * Applies `rewrites`, then `methodStandIns`, then `functionStandIns`, to the package files they
 * name, then checks that no rewrite's `noneLeft` finds anything in what the file has become.
 */
export function packageEditsPlugin({ rewrites = [], methodStandIns = [], functionStandIns = [] }) {
	const edits = new Map();
	const add = (file, edit) => edits.set(inPackage(file), [...(edits.get(inPackage(file)) ?? []), edit]);
	const review = (list) => (result) => ({ review: `build/cuts/${list}`, ...result });
	for (const rule of rewrites) add(rule.file, (text) => review("rewrites.mjs")(rewrite(text, rule)));
	for (const rule of methodStandIns)
		add(rule.file, (text) => review("method-stand-ins.mjs")(standInMethods(text, rule)));
	for (const rule of functionStandIns)
		add(rule.file, (text) => review("function-stand-ins.mjs")(standInFunctions(text, rule)));
	for (const rule of rewrites)
		if (rule.noneLeft) add(rule.file, (text) => review("rewrites.mjs")(leftOver(text, rule) ?? { text }));
	return {
		name: "package-edits",
		setup(build) {
			if (edits.size === 0) return;
			build.onLoad({ filter: new RegExp(`^(${[...edits.keys()].map(escapeRegExp).join("|")})$`) }, async (args) => {
				let text = await readFile(args.path, "utf8");
				for (const edit of edits.get(args.path)) {
					const result = edit(text);
					if (result.error)
						return {
							errors: [{ text: `package-edits: ${result.error}; review ${result.review}`, detail: result.detail }],
						};
					text = result.text;
				}
				return { contents: text, loader: "js", resolveDir: path.dirname(args.path) };
			});
		},
	};
}
