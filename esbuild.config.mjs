// Builds the Obsidian bundle: main.js (CommonJS) beside manifest.json and styles.css.
// `node esbuild.config.mjs production` builds once, minified; without it, watches and, when
// REDLINE_VAULT names a vault folder, copies the three files into that vault's plugin folder.
// What main.js leaves out, and how, is build/ (build/README.md lists every cut); this file only
// composes its plugins.
import esbuild from "esbuild";
import { builtinModules } from "node:module";
import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as build from "./build/index.mjs";

const production = process.argv[2] === "production";
const vault = process.env.REDLINE_VAULT;
const root = path.dirname(fileURLToPath(import.meta.url));

async function installIntoVault() {
	if (!vault) return;
	// A development vault's plugin folder; REDLINE_CONFIG_DIR names a configuration folder renamed from the default.
	const target = path.join(vault, process.env.REDLINE_CONFIG_DIR ?? ".obsidian", "plugins", "redline");
	await mkdir(target, { recursive: true });
	for (const file of ["main.js", "manifest.json", "styles.css"]) await copyFile(file, path.join(target, file));
	process.stdout.write(`[redline] copied main.js, manifest.json, styles.css to ${target}\n`);
}

/**
 * The plugins main.js is built with: one per kind of cut, each with its cuts. `budget: false`
 * leaves the budget out, for what measures main.js (bench/support/bundle-composition.ts), which
 * must still answer when main.js is over it; every build that makes main.js keeps it.
 */
export function bundlePlugins({ production: prod = true, budget = true } = {}) {
	return [
		build.standInsPlugin(build.standIns),
		build.sideEffectFreePlugin(build.sideEffectFree),
		build.packageEditsPlugin({
			rewrites: build.rewrites,
			methodStandIns: build.methodStandIns,
			functionStandIns: build.functionStandIns,
		}),
		...(prod ? [build.productionReactPlugin(build.productionReact)] : []),
		build.forbiddenInputsPlugin(build.forbiddenInputs),
		build.legalNoticePlugin(build.legalNotice),
		...(budget ? [build.budgetPlugin(build.maxBytes)] : []),
	];
}

// Node's built-ins stay external (required only lazily, on desktop), but those stood in.
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const standingIn = (m) => build.standIns.some((rule) => rule.specifier?.test(m));

/** The build options (the bundle smoke test and the bench build with them into a temp file). */
export function buildOptions({ production: prod = true, outfile = "main.js", budget = true } = {}) {
	return {
		entryPoints: [path.join(root, "src/main.ts")],
		bundle: true,
		format: "cjs",
		platform: "browser",
		target: "es2022",
		outfile,
		minify: prod,
		sourcemap: prod ? false : "inline",
		treeShaking: true,
		logLevel: "info",
		jsx: "automatic",
		// One "use strict" for the whole file instead of one per TypeScript module (see the tsconfig):
		// Obsidian runs main.js as the body of a function, so the directive covers every module in it.
		tsconfig: path.join(root, "build/tsconfig.bundle.json"),
		banner: { js: '"use strict";' },
		define: { "process.env.NODE_ENV": prod ? '"production"' : '"development"' },
		plugins: bundlePlugins({ production: prod, budget }),
		// A cut that removed a name some code still reads must fail the build (see build/README.md).
		logOverride: { "import-is-undefined": "error" },
		external: ["obsidian", "electron", "@codemirror/*", "@lezer/*", ...nodeBuiltins.filter((m) => !standingIn(m))],
	};
}

const base = buildOptions({ production });
const options = {
	...base,
	plugins: [
		...base.plugins,
		{
			name: "install-into-vault",
			setup(b) {
				b.onEnd(async (result) => {
					if (result.errors.length === 0) await installIntoVault();
				});
			},
		},
	],
};

// Run as a script (npm run build / dev), not when imported for its options.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	if (production) {
		await esbuild.build(options);
	} else {
		const ctx = await esbuild.context(options);
		await ctx.watch();
	}
}
