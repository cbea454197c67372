// Builds the Obsidian bundle: main.js (CommonJS) beside manifest.json and styles.css.
// `node esbuild.config.mjs production` builds once, minified; without it, watches and, when
// REDLINE_VAULT names a vault folder, copies the three files into that vault's plugin folder.
import esbuild from "esbuild";
import { builtinModules } from "node:module";
import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const production = process.argv[2] === "production";
const vault = process.env.REDLINE_VAULT;

async function installIntoVault() {
	if (!vault) return;
	const target = path.join(vault, ".obsidian", "plugins", "redline");
	await mkdir(target, { recursive: true });
	for (const file of ["main.js", "manifest.json", "styles.css"]) await copyFile(file, path.join(target, file));
	console.log(`[redline] copied main.js, manifest.json, styles.css to ${target}`);
}

const root = path.dirname(fileURLToPath(import.meta.url));
// main.js must load where there are no Node built-ins (Obsidian mobile): async_hooks (LangChain's
// context propagation) is replaced by a shim; any other built-in stays external and is only ever
// required lazily on desktop (src/obsidian/transport/node-fetch.ts).
const shimmed = ["async_hooks", "node:async_hooks"];
const asyncHooksShim = path.join(root, "src/obsidian/shims/async-hooks.ts");

// zod re-exports all its locales as `z.locales` (a quarter of a megabyte); only English is used.
const zodLocales = {
	name: "zod-english-only",
	setup(build) {
		build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
			/[\\/]zod[\\/]/.test(args.importer) ? { path: path.join(root, "src/obsidian/shims/zod-locales.ts") } : undefined,
		);
	},
};

/** The build options (the bundle smoke test and the bench build with them into a temp file). */
export function buildOptions({ production: prod = true, outfile = "main.js" } = {}) {
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
	define: { "process.env.NODE_ENV": prod ? '"production"' : '"development"' },
	alias: Object.fromEntries(shimmed.map((m) => [m, asyncHooksShim])),
	plugins: [zodLocales],
	external: [
		"obsidian",
		"electron",
		"@codemirror/*",
		"@lezer/*",
		...[...builtinModules, ...builtinModules.map((m) => `node:${m}`)].filter((m) => !shimmed.includes(m)),
	],
	};
}

const options = {
	...buildOptions({ production }),
	plugins: [
		...buildOptions().plugins,
		{
			name: "install-into-vault",
			setup(build) {
				build.onEnd(async (result) => {
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
