// Builds the Obsidian bundle: main.js (CommonJS) beside manifest.json and styles.css.
// `node esbuild.config.mjs production` builds once, minified; without it, watches and, when
// REDLINE_VAULT names a vault folder, copies the three files into that vault's plugin folder.
import esbuild from "esbuild";
import { builtinModules } from "node:module";
import { copyFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleCuts, productionReact } from "./build/cuts.mjs";

const production = process.argv[2] === "production";
const vault = process.env.REDLINE_VAULT;

async function installIntoVault() {
	if (!vault) return;
	// A development vault's plugin folder; REDLINE_CONFIG_DIR names a configuration folder renamed from the default.
	const target = path.join(vault, process.env.REDLINE_CONFIG_DIR ?? ".obsidian", "plugins", "redline");
	await mkdir(target, { recursive: true });
	for (const file of ["main.js", "manifest.json", "styles.css"]) await copyFile(file, path.join(target, file));
	process.stdout.write(`[redline] copied main.js, manifest.json, styles.css to ${target}\n`);
}

const root = path.dirname(fileURLToPath(import.meta.url));
// main.js must load where there are no Node built-ins (Obsidian mobile): async_hooks (LangChain's
// context propagation) is replaced by a shim; any other built-in stays external and is only ever
// required lazily on desktop (src/obsidian/transport/node-fetch.ts).
const shimmed = ["async_hooks", "node:async_hooks"];
const asyncHooksShim = path.join(root, "build/stand-ins/async-hooks.ts");

// zod re-exports all its locales as `z.locales` (a quarter of a megabyte); only English is used.
const zodLocales = {
	name: "zod-english-only",
	setup(build) {
		build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
			/[\\/]zod[\\/]/.test(args.importer) ? { path: path.join(root, "build/stand-ins/zod-locales.ts") } : undefined,
		);
	},
};

// LangSmith (about 240 KB) is only needed for LangSmith tracing, which Redline never enables:
// `langsmith` and its subpaths resolve to a small faithful stand-in (see the file for why that is
// safe). esbuild fails the build if core ever imports a name the stand-in does not export.
const langsmithShim = path.join(root, "build/stand-ins/langsmith.ts");
export const langsmithStandIn = {
	name: "langsmith-stand-in",
	setup(build) {
		build.onResolve({ filter: /^langsmith(\/.*)?$/ }, () => ({ path: langsmithShim }));
	},
};

// Safari's engine before iOS 16.4 cannot parse a regex literal with a lookbehind: one in main.js
// and the plugin fails to load on those iPhones and iPads. The openai package's path helper has
// one, rewritten here to an equivalent that matches the separator instead of looking behind for
// it (test/obsidian/shims/no-lookbehind.test.ts compares the two; the bundle test fails on any
// lookbehind left). If the helper changes shape, the build fails rather than ship the old regex.
const openaiPathHelper = /[\\/]openai[\\/]internal[\\/]utils[\\/]path\.m?js$/;
// Each text must occur exactly once. The new pattern captures the "/" (or start) before the
// segment and the segment itself, so the segment starts match[1].length after match.index.
const pathHelperEdits = [
	[String.raw`/(?<=^|\/)(?:\.|%2e){1,2}(?=\/|$)/gi`, String.raw`/(^|\/)((?:\.|%2e){1,2})(?=\/|$)/gi`],
	["start: match.index,", "start: match.index + match[1].length,"],
	["length: match[0].length,", "length: match[2].length,"],
	['`Value "${match[0]}"', '`Value "${match[2]}"'],
];
export const noLookbehind = {
	name: "no-lookbehind",
	setup(build) {
		build.onLoad({ filter: openaiPathHelper }, async (args) => {
			let contents = await readFile(args.path, "utf8");
			for (const [from, to] of pathHelperEdits) {
				if (contents.split(from).length !== 2) {
					return { errors: [{ text: `no-lookbehind: ${args.path} no longer has "${from}" once; review the rewrite in esbuild.config.mjs` }] };
				}
				contents = contents.replace(from, () => to);
			}
			return { contents, loader: "js" };
		});
	},
};

// Parts of the `openai` package that ChatOpenAI never reaches are replaced by stand-ins that throw
// a clear error if used. Each rule names the importer whose import is redirected (the same module
// imported from anywhere else stays real) and the modules replaced, and says why it is safe:
const modules = path.join(root, "node_modules");
const openaiResources = path.join(modules, "openai/resources");
const openaiKeptResources = new Set(["index.mjs", "shared.mjs", "chat/index.mjs", "chat/chat.mjs"]);
const standInRules = [
	{
		// The client constructs one object per API area (admin, audio, batches, beta, files,
		// realtime, vector stores... about 250 KB with the helpers they pull in); ChatOpenAI only
		// calls `client.chat.completions` (and `client.responses` with useResponsesApi, never set
		// by Redline). The stand-in objects are built as before and throw when used.
		importers: ["openai/client.mjs", "openai/resources/index.mjs"],
		replaces: (file) => file.startsWith(openaiResources + path.sep) && !openaiKeptResources.has(path.relative(openaiResources, file).split(path.sep).join("/")),
		kind: "resource",
	},
	{
		// chat.completions.runTools() and .stream() (about 60 KB); LangChain calls create and parse.
		importers: ["openai/resources/chat/completions/completions.mjs"],
		replaces: ["openai/lib/ChatCompletionRunner.mjs", "openai/lib/ChatCompletionStreamingRunner.mjs", "openai/lib/ChatCompletionStream.mjs"],
		kind: "value",
	},
	{
		// Pages of list results (about 2.5 KB): only list methods (chat.completions.list, stored
		// messages...) and client.getAPIList make them; chat.completions.create returns no page.
		importers: ["openai/client.mjs", "openai/index.mjs", "openai/resources/chat/completions/completions.mjs", "openai/resources/chat/completions/messages.mjs"],
		replaces: ["openai/core/pagination.mjs"],
		kind: "value",
	},
	{
		// zod 3 response formats for withStructuredOutput (about 55 KB); Redline's schemas are zod 4
		// (which @langchain/openai converts itself) and it asks for no structured output.
		importers: ["@langchain/openai/dist/utils/output.js"],
		replaces: ["openai/helpers/zod.mjs"],
		kind: "value",
	},
].map((rule) => ({
	...rule,
	importers: new Set(rule.importers.map((file) => path.join(modules, file))),
	replaces: typeof rule.replaces === "function" ? rule.replaces : ((files) => (file) => files.has(file))(new Set(rule.replaces.map((file) => path.join(modules, file)))),
}));
const standInHelper = `const unavailable = (what) => new Error("openai: " + what + " is not included in Redline's bundle (only chat.completions.create and parse are)");
function standInResource(area, client) {
	return new Proxy({ _client: client }, {
		get(target, key) {
			if (typeof key !== "string" || key in target || key === "then" || key === "toJSON") return Reflect.get(target, key);
			throw unavailable(area + "." + key);
		},
	});
}
// One class per API area, made here rather than written out in each of the thirty stand-in modules.
export function standInResourceClass(area) {
	const Resource = class { constructor(client) { return standInResource(area, client); } };
	Object.defineProperty(Resource, "name", { value: area });
	return Resource;
}
export function standInValue(name) {
	return new Proxy(function () {}, {
		apply() { throw unavailable(name + "()"); },
		construct() { throw unavailable("new " + name + "()"); },
		get(target, key) {
			if (typeof key !== "string" || key === "prototype" || key === "then") return Reflect.get(target, key);
			throw unavailable(name + "." + key);
		},
	});
}`;
const exportShapes = {
	// Generated resource files: exactly one exported APIResource class.
	resource: /^export class (\w+) extends APIResource \{$/,
	value: /^export (?:class (\w+)(?: extends \w+)? \{|function\*? (\w+)\()/,
};
export const openaiStandIns = {
	name: "openai-stand-ins",
	setup(build) {
		// Relative imports (inside openai) and `openai/...` (from @langchain/openai) only.
		build.onResolve({ filter: /^(\.\.?\/|openai\/)/ }, async (args) => {
			if (args.pluginData?.standInLookup) return undefined;
			const rules = standInRules.filter((r) => r.importers.has(args.importer));
			if (rules.length === 0) return undefined;
			const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { standInLookup: true } });
			// Anything else resolves as usual (esbuild resolves it again, unchanged).
			const rule = resolved.errors.length > 0 ? undefined : rules.find((r) => r.replaces(resolved.path));
			if (!rule) return undefined;
			// The files a rule replaces are one module (one lazy initializer in main.js instead of one
			// each: thirty API areas, three chat runners), holding the stand-ins of every file of
			// the rule its importers import.
			return { path: `rule-${standInRules.indexOf(rule)}`, namespace: "openai-stand-in", pluginData: { rule } };
		});
		build.onLoad({ filter: /.*/, namespace: "openai-stand-in" }, async (args) => {
			const { rule } = args.pluginData;
			const { kind } = rule;
			const files = new Set();
			const starred = new Set();
			for (const importer of rule.importers) {
				const text = await readFile(importer, "utf8");
				for (const [statement, spec] of text.matchAll(/^(?:import|export) [^;]*? from "(\.[^"]+|openai\/[^"]+)";$/gm)) {
					const resolved = await build.resolve(spec, { kind: "import-statement", importer, resolveDir: path.dirname(importer), pluginData: { standInLookup: true } });
					const file = resolved.path;
					if (resolved.errors.length > 0 || !rule.replaces(file)) continue;
					files.add(file);
					if (/^(import|export) \*/.test(statement)) starred.add(file);
				}
			}
			const names = [];
			for (const file of files) {
				const lines = (await readFile(file, "utf8")).split("\n").filter((line) => line.startsWith("export "));
				const found = lines.map((line) => exportShapes[kind].exec(line)?.slice(1).find(Boolean));
				if (found.length === 0 || (kind === "resource" && found.length !== 1) || found.some((name) => !name || names.includes(name))) {
					return { errors: [{ text: `openai-stand-ins: ${file} no longer has the shape its stand-in expects (${kind}, each name once); review the rules in esbuild.config.mjs` }] };
				}
				names.push(...found);
			}
			// A namespace import of one file would see the names of the others.
			if (starred.size > 0 && files.size > 1) return { errors: [{ text: `openai-stand-ins: ${[...starred].join(", ")} imported whole, with other files of its rule; review the rules in esbuild.config.mjs` }] };
			const make = (name) => `export const ${name} = ${kind === "resource" ? "standInResourceClass" : "standInValue"}(${JSON.stringify(name)});`;
			const contents = `import { standInResourceClass, standInValue } from "openai-stand-in-helper";\n${names.map(make).join("\n")}\n`;
			return { contents, loader: "js", resolveDir: modules, watchFiles: [...files] };
		});
		build.onResolve({ filter: /^openai-stand-in-helper$/ }, () => ({ path: "helper", namespace: "openai-stand-in-helper" }));
		build.onLoad({ filter: /.*/, namespace: "openai-stand-in-helper" }, () => ({ contents: standInHelper, loader: "js" }));

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
	// One "use strict" for the whole file instead of one per TypeScript module (see the tsconfig):
	// Obsidian runs main.js as the body of a function, so the directive covers every module in it.
	tsconfig: path.join(root, "build/tsconfig.bundle.json"),
	banner: { js: '"use strict";' },
	define: { "process.env.NODE_ENV": prod ? '"production"' : '"development"' },
	alias: { ...Object.fromEntries(shimmed.map((m) => [m, asyncHooksShim])), ...(prod ? productionReact : {}) },
	plugins: [zodLocales, langsmithStandIn, openaiStandIns, bundleCuts, noLookbehind],
	// A cut that removed a name some code still reads must fail the build (see build/cuts.mjs).
	logOverride: { "import-is-undefined": "error" },
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
