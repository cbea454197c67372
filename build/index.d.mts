// The types of build/index.mjs, for the TypeScript that imports it (tests, benchmarks).
import type { Plugin } from "esbuild";

interface RewriteCommon {
	/** The package file, its path under node_modules. */
	file: string;
	to: string;
	/** Found nowhere in the file once all its edits are made (else the build fails). */
	noneLeft?: RegExp;
}

/** An exact piece of a package file replaced as it loads: exactly once, or `count` times. */
export interface TextRewrite extends RewriteCommon {
	from: string;
	/** How many times `from` is there (every one is replaced); 1 unless given. */
	count?: number;
	/** Only where `from` is a whole name: not inside a longer one, nor after a dot. */
	word?: boolean;
	pattern?: undefined;
}

/** Every match of a pattern anchored on the code's structure replaced as the file loads: at least one. */
export interface PatternRewrite extends RewriteCommon {
	pattern: RegExp;
	from?: undefined;
}

export type Rewrite = TextRewrite | PatternRewrite;

/** Methods of a class in a package file whose bodies become a throw naming the method. */
export interface MethodStandIn {
	file: string;
	class: string;
	methods: string[];
	/** What the methods are for (for the reader: why Redline never calls them). */
	why: string;
}

/** Top-level functions of a package file whose bodies become a throw naming the function. */
export interface FunctionStandIn {
	file: string;
	functions: string[];
	/** What the functions are for (for the reader: why Redline never reaches them). */
	why: string;
}

/** An import that resolves to a stand-in (see build/plugins/stand-ins.mjs). */
export interface StandIn {
	/** Imports written so, from any importer (or else `importers` and `modules`). */
	specifier?: RegExp;
	/** Package files (or folders ending in "/") whose imports of `modules` are stood in. */
	importers?: string[];
	/** Package files (or folders ending in "/") stood in, bar `except`. */
	modules?: string[];
	except?: string[];
	/** A file of build/stand-ins/, or an absolute path. */
	shim?: string;
	/** Or the stand-in's source, resolving its imports beside the module it replaces. */
	contents?: string;
	/** Or one module generated from the replaced files' exports, called `name`. */
	generate?: "resource" | "value";
	name?: string;
}

export interface ForbiddenInput {
	pattern: RegExp;
	why: string;
}

/** The packages whose licence comments `text` stands for. */
export interface LegalNotice {
	packages: string[];
	text: string;
}

export const rewrites: Rewrite[];
/** The rewrite of the openai path helper's lookbehind regex (iOS before 16.4 cannot parse one). */
export const noLookbehind: Rewrite[];
export const methodStandIns: MethodStandIn[];
export const functionStandIns: FunctionStandIn[];
export const standIns: StandIn[];
export const asyncHooks: StandIn;
export const langsmith: StandIn;
export const sideEffectFree: string[];
export const forbiddenInputs: ForbiddenInput[];
export const legalNotice: LegalNotice;
/** main.js's budget in bytes. */
export const maxBytes: number;
/** React's entry modules -> the production builds they pick (paths under node_modules). */
export const productionReact: Record<string, string>;

/** `text` with the rule's methods stood in, or what was not found exactly once. */
export function standInMethods(
	text: string,
	rule: MethodStandIn,
): { text: string; error?: undefined } | { error: string; text?: undefined };

/** `text` with the rule's functions stood in, or what was not found exactly once. */
export function standInFunctions(
	text: string,
	rule: FunctionStandIn,
): { text: string; error?: undefined } | { error: string; text?: undefined };

export function packageEditsPlugin(edits: {
	rewrites?: Rewrite[];
	methodStandIns?: MethodStandIn[];
	functionStandIns?: FunctionStandIn[];
}): Plugin;
export function standInsPlugin(rules: StandIn[]): Plugin;
export function sideEffectFreePlugin(files: string[]): Plugin;
export function forbiddenInputsPlugin(forbidden: ForbiddenInput[]): Plugin;
export function legalNoticePlugin(notice: LegalNotice): Plugin;
export function budgetPlugin(maxBytes: number): Plugin;
export function productionReactPlugin(entries: Record<string, string>): Plugin;
