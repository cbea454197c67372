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

const CORE_FOLDERS = [
	"log",
	"thread",
	"agent",
	"llm",
	"tools",
	"composer",
	"history",
	"vault",
	"store",
	"search",
	"check",
];
const CORE_FILES = ["src/settings.ts", "src/redline.ts"];
/** Layers the core must not reach even through a relative import. */
const OUTER_FOLDERS = ["src/ui/", "src/editor/", "src/obsidian/", "src/sandbox/", "src/rpc/", "src/node/"];
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
	return (
		path.startsWith("src/node/") ||
		path.startsWith("src/sandbox/") ||
		path.startsWith("src/rpc/server/") ||
		path.startsWith("src/obsidian/transport/")
	);
}

/** Modules that exist only inside Obsidian (it supplies them at run time). */
function isObsidianModule(spec: string): boolean {
	return spec === "obsidian" || spec === "electron";
}

/** CodeMirror: Obsidian supplies it to plugins (main.js keeps it external); the sandbox page bundles it. */
function isCodeMirrorModule(spec: string): boolean {
	return spec.startsWith("@codemirror/") || spec.startsWith("@lezer/");
}

/** src/editor/ (the editor extensions) and the hosts that run them: Obsidian, the sandbox's page. */
function mayImportCodeMirror(path: string): boolean {
	return path.startsWith("src/editor/") || path.startsWith("src/sandbox/page/") || isObsidianHost(path);
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

/**
 * The floors of src/, lowest first (../shared/ARCHITECTURE.md, "Layers"): a unit (a folder, or a
 * file at the top of src/) may import only from its own floor or those below it, type imports
 * included. Units on one floor may not import each other, except the hosts' entry (main.ts loads
 * the Obsidian plugin). So no two units import each other, and there are no cycles between them.
 * - node: typed facades of Node's modules (who may use them is the Node rule above);
 * - store, log: the Store port, and the ground floor (events, state, the fold, the log, ToolResult);
 * - settings.ts: the settings as the core sees them; llm reads a model's endpoint from them;
 * - search sits above composer because it reads notes with composer's Markdown helpers;
 * - check asks the agent's model-error and token helpers; thread asks none of it;
 * - redline.ts wires the core for both hosts;
 * - editor: the note editor's extensions (@codemirror only), above the ui because the inline
 *   review shares the pane's store of choices (ui/review-decisions.ts); only the hosts use it.
 */
export const FLOORS: readonly (readonly string[])[] = [
	["node"],
	["store"],
	["log"],
	["vault"],
	["history"],
	["settings.ts"],
	["llm"],
	["composer"],
	["search"],
	["tools"],
	["agent"],
	["check"],
	["thread"],
	["redline.ts"],
	["rpc"],
	["ui"],
	["editor"],
	["obsidian", "sandbox", "main.ts"],
];
/** Imports allowed between two units of one floor. */
const SAME_FLOOR_ALLOWED = new Set(["main.ts -> obsidian"]);

/** The unit of a path under src/: its first folder, or the file itself at the top (a folder's own name: its index). */
export function unitOf(path: string): string | null {
	if (!path.startsWith("src/")) return null;
	const rest = path.slice("src/".length);
	const slash = rest.indexOf("/");
	if (slash >= 0) return rest.slice(0, slash);
	if (/\.tsx?$/.test(rest)) return rest.replace(/\.tsx$/, ".ts");
	return FLOORS.some((floor) => floor.includes(rest)) ? rest : `${rest}.ts`;
}

function floorOf(unit: string): number {
	return FLOORS.findIndex((floor) => floor.includes(unit));
}

/** The floor rule a relative import breaks, or null. */
function floorViolation(path: string, target: string): string | null {
	const from = unitOf(path);
	const to = unitOf(target);
	if (from === null || to === null || from === to) return null;
	const a = floorOf(from);
	const b = floorOf(to);
	if (a < 0) return `src/${from} is on no floor: add it to FLOORS in test/support/layering.ts`;
	if (b < 0) return `src/${to} is on no floor: add it to FLOORS in test/support/layering.ts`;
	if (b > a)
		return `${from} may not import ${to}, a floor above it (floors, lowest first: ${FLOORS.map((f) => f.join(" ")).join(" < ")})`;
	if (b === a && !SAME_FLOOR_ALLOWED.has(`${from} -> ${to}`))
		return `${from} and ${to} share a floor and may not import each other`;
	return null;
}

/** The layering rule an import breaks, or null. */
function violation(path: string, spec: string): string | null {
	if (isObsidianModule(spec) && !isObsidianHost(path)) {
		return "only src/obsidian/ and src/main.ts may import obsidian";
	}
	if (isCodeMirrorModule(spec) && !mayImportCodeMirror(path)) {
		return "only src/editor/, src/sandbox/page/, src/obsidian/ and src/main.ts may import @codemirror";
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
			return "the core may not import the ui, editor, hosts or rpc layers";
		}
		if (
			!isObsidianHost(path) &&
			(target.startsWith("src/obsidian/") || target === "src/obsidian" || /^src\/main(\.tsx?)?$/.test(target))
		) {
			return "only src/obsidian/ and src/main.ts may import the Obsidian host";
		}
		const floor = floorViolation(path, target);
		if (floor) return floor;
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
