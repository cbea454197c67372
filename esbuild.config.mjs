// Builds the Obsidian bundle: main.js (CommonJS) beside manifest.json and styles.css.
// `node esbuild.config.mjs production` builds once, minified; without it, watches and, when
// REDLINE_VAULT names a vault folder, copies the three files into that vault's plugin folder.
import esbuild from "esbuild";
import { builtinModules } from "node:module";
import { copyFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const production = process.argv[2] === "production";
const vault = process.env.REDLINE_VAULT;

async function installIntoVault() {
	if (!vault) return;
	const target = path.join(vault, ".obsidian", "plugins", "redline");
	await mkdir(target, { recursive: true });
	for (const file of ["main.js", "manifest.json", "styles.css"]) await copyFile(file, path.join(target, file));
	process.stdout.write(`[redline] copied main.js, manifest.json, styles.css to ${target}\n`);
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

// LangSmith (about 240 KB) is only needed for LangSmith tracing, which Redline never enables:
// `langsmith` and its subpaths resolve to a small faithful stand-in (see the file for why that is
// safe). esbuild fails the build if core ever imports a name the stand-in does not export.
const langsmithShim = path.join(root, "src/obsidian/shims/langsmith.ts");
const langsmithStandIn = {
	name: "langsmith-stand-in",
	setup(build) {
		build.onResolve({ filter: /^langsmith(\/.*)?$/ }, () => ({ path: langsmithShim }));
	},
};

// The OpenAI client constructs one object per API area (admin, audio, batches, beta, files,
// realtime, vector stores...: about 250 KB with the helpers they pull in). ChatOpenAI only calls
// `client.chat.completions`, so every other area is replaced by a stand-in class whose instances
// throw a clear error when used. Only the client's own imports (client.mjs, resources/index.mjs)
// are redirected; a resource file must have the generated shape (one exported APIResource class)
// or the build fails, so an openai upgrade cannot silently stub something else.
const openaiDir = path.join(root, "node_modules", "openai");
const openaiResources = path.join(openaiDir, "resources");
const openaiKept = new Set(["index.mjs", "shared.mjs", "chat/index.mjs", "chat/chat.mjs"]);
const openaiImporters = new Set([path.join(openaiDir, "client.mjs"), path.join(openaiResources, "index.mjs")]);
const openaiStubHelper = `export function standIn(area, client) {
	const resource = { _client: client };
	return new Proxy(resource, {
		get(target, key) {
			if (typeof key !== "string" || key in target || key === "then" || key === "toJSON") return Reflect.get(target, key);
			throw new Error("openai: " + area + "." + key + " is not included in Redline's bundle (only chat.completions is)");
		},
	});
}`;
const openaiChatOnly = {
	name: "openai-chat-only",
	setup(build) {
		build.onResolve({ filter: /^\.\.?\// }, (args) => {
			if (!openaiImporters.has(args.importer)) return undefined;
			const file = path.resolve(path.dirname(args.importer), args.path);
			const area = path.relative(openaiResources, file).split(path.sep).join("/");
			if (area.startsWith("..") || openaiKept.has(area)) return undefined;
			return { path: file, namespace: "openai-stand-in" };
		});
		build.onResolve({ filter: /^openai-stand-in-helper$/ }, () => ({ path: "helper", namespace: "openai-stand-in-helper" }));
		build.onLoad({ filter: /.*/, namespace: "openai-stand-in-helper" }, () => ({ contents: openaiStubHelper, loader: "js" }));
		build.onLoad({ filter: /.*/, namespace: "openai-stand-in" }, async (args) => {
			const source = await readFile(args.path, "utf8");
			const exports = source.split("\n").filter((line) => line.startsWith("export "));
			const names = exports.map((line) => /^export class (\w+) extends APIResource \{$/.exec(line)?.[1]);
			if (names.length === 0 || names.some((name) => !name)) {
				return { errors: [{ text: `openai-chat-only: ${args.path} is not one exported APIResource class; update the stand-in list in esbuild.config.mjs` }] };
			}
			const contents = `import { standIn } from "openai-stand-in-helper";\n${names.map((name) => `export class ${name} { constructor(client) { return standIn(${JSON.stringify(name)}, client); } }`).join("\n")}\n`;
			return { contents, loader: "js", resolveDir: path.dirname(args.path), watchFiles: [args.path] };
		});
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
	plugins: [zodLocales, langsmithStandIn, openaiChatOnly],
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
