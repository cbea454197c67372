import type { Plugin } from "esbuild";

/** An exact piece of a package file (path relative to node_modules) replaced at build time: once, or `count` times. */
export interface Rewrite {
	file: string;
	from: string;
	to: string;
	/** How many times `from` is there (every one is replaced); 1 unless given. */
	count?: number;
	/** Only where `from` is a whole name: not inside a longer one, nor after a dot. */
	word?: boolean;
}

/** `modules`, as `importers` import them (paths relative to node_modules), resolve to `shim`. */
export interface StandIn {
	importers: string[];
	modules: string[];
	/** Relative to build/stand-ins/, or absolute. */
	shim?: string;
	/** Or the stand-in's source, resolving its imports beside the module it replaces. */
	contents?: string;
}

/** Methods of a class in a package file whose bodies become a throw naming the method. */
export interface MethodStandIn {
	file: string;
	class: string;
	methods: string[];
	/** What the methods are for (for the reader: why Redline never calls them). */
	why: string;
}

export interface ForbiddenInput {
	pattern: RegExp;
	why: string;
}

export interface Cuts {
	rewrites?: Rewrite[];
	methodStandIns?: MethodStandIn[];
	sideEffectFree?: string[];
	standIns?: StandIn[];
	forbiddenInputs?: ForbiddenInput[];
	/** The largest output (bytes) the build may write. */
	maxBytes?: number;
	/** One licence notice for main.js in place of the bundled files' licence comments. */
	legalNotice?: LegalNotice;
}

/** The packages whose licence comments `text` stands for. */
export interface LegalNotice {
	packages: string[];
	text: string;
}

export const rewrites: Rewrite[];
export const methodStandIns: MethodStandIn[];
export const sideEffectFree: string[];
export const standIns: StandIn[];
export const forbiddenInputs: ForbiddenInput[];
/** main.js's budget in bytes. */
export const maxBytes: number;
export const legalNotice: LegalNotice;

/** `text` with the rule's methods stood in, or what was not found exactly once. */
export function standInMethods(text: string, rule: MethodStandIn): { text: string; error?: undefined } | { error: string; text?: undefined };

/** The esbuild plugin applying the given cuts. */
export function bundleCutsPlugin(cuts: Cuts): Plugin;

/** The cuts main.js is built with. */
export const bundleCuts: Plugin;

/** React's entry modules -> the production builds they pick (absolute paths), for a production main.js's alias. */
export const productionReact: Record<string, string>;
