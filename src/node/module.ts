/** Node's module, the part Redline's Node-only code uses (see README.md). */
import * as nodeModule from "node:module";

/** CommonJS require, resolving from where it was created. */
export type NodeRequire = (id: string) => unknown;

export interface NodeModules {
	createRequire: (from: string | URL) => NodeRequire;
	/** Names of Node's built-in modules ("fs", "node:test", …). */
	builtinModules: readonly string[];
}

export const { createRequire, builtinModules } = nodeModule satisfies NodeModules as NodeModules;
