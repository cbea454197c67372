/**
 * A module bundled as main.js bundles it (build/'s plugins: stand-ins and cuts), then run as
 * CommonJS in this process, for tests that check a cut part through the code main.js would hold.
 */
import esbuild from "esbuild";
import { bundlePlugins } from "../../../../esbuild.config.mjs";
import { createRequire, type NodeRequire } from "../../../../src/node/module";
import * as vm from "../../../../src/node/vm";

export async function loadBundled<T>(
	options: Pick<esbuild.BuildOptions, "entryPoints" | "stdin" | "logOverride">,
	requireFrom: string,
): Promise<{ exports: T; metafile: esbuild.Metafile }> {
	const built = await esbuild.build({
		...options,
		bundle: true,
		format: "cjs",
		platform: "browser",
		target: "es2022",
		write: false,
		logLevel: "silent",
		plugins: bundlePlugins({ production: false }),
		metafile: true,
	});
	const module = { exports: {} as T };
	const run = vm.runInThisContext(`(function (module, exports, require) {${built.outputFiles[0].text}\n})`) as (
		m: unknown,
		e: unknown,
		r: NodeRequire,
	) => void;
	run(module, module.exports, createRequire(requireFrom));
	return { exports: module.exports, metafile: built.metafile };
}
