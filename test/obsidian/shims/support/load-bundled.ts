/**
 * A module bundled as main.js bundles it (build/'s plugins: stand-ins and cuts), then run as
 * CommonJS in this process, for tests that check a cut part through the code main.js would hold;
 * and the run alone (runCommonJs), for tests that bundle their own way.
 */
import esbuild from "esbuild";
import { bundlePlugins } from "../../../../esbuild.config.mjs";
import { createRequire, type NodeRequire } from "../../../../src/node/module";
import * as vm from "../../../../src/node/vm";

export async function loadBundled<T>(
	options: Pick<esbuild.BuildOptions, "entryPoints" | "stdin" | "logOverride">,
	requireFrom: string,
): Promise<{ exports: T; metafile: esbuild.Metafile }> {
	const built = await bundleForTest(options);
	return { exports: runCommonJs<T>(built.outputFiles[0].text, requireFrom), metafile: built.metafile };
}

/**
 * One bundle in memory, in main.js's format and target (CommonJS, a browser, ES2022), with its
 * metafile, and with build/'s plugins unless the test gives its own.
 */
export function bundleForTest(
	options: Omit<esbuild.BuildOptions, "write" | "metafile">,
): Promise<esbuild.BuildResult<{ write: false; metafile: true }>> {
	return esbuild.build({
		bundle: true,
		format: "cjs",
		platform: "browser",
		target: "es2022",
		logLevel: "silent",
		plugins: bundlePlugins({ production: false }),
		...options,
		write: false,
		metafile: true,
	});
}

/**
 * Bundled code run as CommonJS in this process, as Obsidian runs main.js (the body of a function
 * given module, exports and require); require resolves from requireFrom. Returns its exports.
 */
export function runCommonJs<T>(code: string, requireFrom: string): T {
	const module = { exports: {} as T };
	const run = vm.runInThisContext(`(function (module, exports, require) {${code}\n})`) as (
		m: unknown,
		e: unknown,
		r: NodeRequire,
	) => void;
	run(module, module.exports, createRequire(requireFrom));
	return module.exports;
}
