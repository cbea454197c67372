/**
 * The layering rules of docs/development.md as a function, so a test can run them over src/ and
 * over planted violations. Imports are found with TypeScript's own pre-processor (which sees
 * `import`, `import type`, `export … from`, `import()` and `require()`, and ignores comments and
 * strings), not with regular expressions.
 */
import ts from "typescript";
import { builtinModules } from "../../src/node/module";
import { posix } from "../../src/node/path";

export interface SourceFile {
	/** Repository-relative path with "/", e.g. "src/vault/paths.ts". */
	path: string;
	source: string;
}

const CORE_FOLDERS = ["thread", "agent", "llm", "tools", "composer", "history", "vault", "store", "search", "check"];
const CORE_FILES = ["src/settings.ts", "src/redline.ts"];
/** Layers the core must not reach even through a relative import. */
const OUTER_FOLDERS = ["src/ui/", "src/obsidian/", "src/sandbox/", "src/rpc/", "src/node/"];
const NODE_BUILTINS = new Set(builtinModules.map((name) => name.replace(/^node:/, "")));

export function isCore(path: string): boolean {
	return CORE_FILES.includes(path) || CORE_FOLDERS.some((folder) => path.startsWith(`src/${folder}/`));
}

function isObsidianHost(path: string): boolean {
	return path.startsWith("src/obsidian/") || path === "src/main.ts";
}

function mayImportReact(path: string): boolean {
	return ["src/ui/", "src/obsidian/", "src/sandbox/"].some((folder) => path.startsWith(folder));
}

function mayImportNode(path: string): boolean {
	// src/obsidian/transport/ is the desktop-only Node http transport: it names Node's types and
	// requires the modules lazily behind Platform.isDesktopApp (the bundle smoke test proves that
	// nothing needs a built-in at load time).
	// src/node/ holds Node's modules typed for the Node-only code (see its README.md).
	return path.startsWith("src/node/") || path.startsWith("src/sandbox/") || path.startsWith("src/rpc/server/") || path.startsWith("src/obsidian/transport/");
}

/** Modules that exist only inside Obsidian (it supplies them at run time). */
function isObsidianModule(spec: string): boolean {
	return spec === "obsidian" || spec === "electron" || spec.startsWith("@codemirror/");
}

function isReactModule(spec: string): boolean {
	return /^react(-dom)?(\/|$)/.test(spec);
}

export function isNodeBuiltin(spec: string): boolean {
	if (spec.startsWith("node:")) return true;
	return NODE_BUILTINS.has(spec) || NODE_BUILTINS.has(spec.split("/")[0]);
}

/** Every module specifier a source file imports, in order. */
export function importsOf(source: string): string[] {
	const info = ts.preProcessFile(source, true, true);
	return info.importedFiles.map((ref) => ref.fileName);
}

/** The layering rule an import breaks, or null. */
function violation(path: string, spec: string): string | null {
	if (isObsidianModule(spec) && !isObsidianHost(path)) {
		return "only src/obsidian/ and src/main.ts may import obsidian";
	}
	if (isReactModule(spec) && (isCore(path) || !mayImportReact(path))) {
		return "only src/ui/, src/obsidian/ and src/sandbox/ may import react";
	}
	if (isNodeBuiltin(spec) && (isCore(path) || !mayImportNode(path))) {
		return "only src/node/, src/sandbox/, src/rpc/server/ and src/obsidian/transport/ may import Node built-ins";
	}
	if (spec.startsWith(".")) {
		const target = posix.normalize(posix.join(posix.dirname(path), spec));
		if (isCore(path) && OUTER_FOLDERS.some((folder) => (target + "/").startsWith(folder))) {
			return "the core may not import the ui, hosts or rpc layers";
		}
		if (!isObsidianHost(path) && (target.startsWith("src/obsidian/") || target === "src/obsidian" || /^src\/main(\.tsx?)?$/.test(target))) {
			return "only src/obsidian/ and src/main.ts may import the Obsidian host";
		}
	}
	return null;
}

/** One message per broken rule: `<path>: imports "<module>": <rule>`. */
export function findLayeringViolations(files: readonly SourceFile[]): string[] {
	const found: string[] = [];
	for (const file of files) {
		const path = file.path.split("\\").join("/");
		for (const spec of importsOf(file.source)) {
			const rule = violation(path, spec);
			if (rule) found.push(`${path}: imports "${spec}": ${rule}`);
		}
	}
	return found;
}
