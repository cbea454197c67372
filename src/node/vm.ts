/** Node's vm, the part Redline's tests use to load bundles as Obsidian does (see README.md). */
import * as nodeVm from "node:vm";

/** A context object: its properties are the globals of code run in it. */
export type VmContext = Record<string, unknown>;

export interface NodeVm {
	createContext: (sandbox: Record<string, unknown>) => VmContext;
	runInContext: (code: string, context: VmContext, options?: { filename?: string }) => unknown;
	runInThisContext: (code: string, options?: { filename?: string }) => unknown;
	runInNewContext: (code: string) => unknown;
}

export const { createContext, runInContext, runInThisContext, runInNewContext } = nodeVm satisfies NodeVm as NodeVm;
