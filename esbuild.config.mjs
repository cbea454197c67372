// Builds the Obsidian bundle: main.js (CommonJS) beside manifest.json and styles.css.
// `node esbuild.config.mjs production` builds once, minified; without it, watches and, when
// REDLINE_VAULT names a vault folder, copies the three files into that vault's plugin folder.
import esbuild from "esbuild";
import { builtinModules } from "node:module";
import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";

const production = process.argv[2] === "production";
const vault = process.env.REDLINE_VAULT;

async function installIntoVault() {
	if (!vault) return;
	const target = path.join(vault, ".obsidian", "plugins", "redline");
	await mkdir(target, { recursive: true });
	for (const file of ["main.js", "manifest.json", "styles.css"]) await copyFile(file, path.join(target, file));
	console.log(`[redline] copied main.js, manifest.json, styles.css to ${target}`);
}

const options = {
	entryPoints: ["src/main.ts"],
	bundle: true,
	format: "cjs",
	platform: "browser",
	target: "es2022",
	outfile: "main.js",
	minify: production,
	sourcemap: production ? false : "inline",
	treeShaking: true,
	logLevel: "info",
	jsx: "automatic",
	define: { "process.env.NODE_ENV": production ? '"production"' : '"development"' },
	// Node built-ins stay external: they are only ever required lazily, on desktop.
	external: ["obsidian", "electron", "@codemirror/*", "@lezer/*", ...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
	plugins: [
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

if (production) {
	await esbuild.build(options);
} else {
	const ctx = await esbuild.context(options);
	await ctx.watch();
}
