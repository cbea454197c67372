/**
 * Stand-in for @langchain/core's tracers in main.js (tracers/base.js, root_listener.js,
 * console.js and tracer_langchain.js, about 16 KB; as the callback manager and runnables import
 * them, see build/cuts/stand-ins.mjs).
 *
 * Every model call configures callbacks, which asks for the current LangSmith run tree and tests
 * handlers with `isBaseTracer` and `instanceof LangChainTracer`: those are the real ones (same
 * tests as @langchain/core 1.4). The tracers themselves are only created when the environment
 * asks for them (LANGSMITH_TRACING / LANGCHAIN_TRACING_V2, LANGCHAIN_VERBOSE), which Obsidian's
 * environment does not, and LangSmith itself is not in main.js (langsmith.ts): if it does, the
 * chat still works with inert handlers instead, and a warning says why nothing is traced.
 */
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { getCurrentRunTree } from "./langsmith";
import { unreachable } from "./unreachable";

export function isBaseTracer(handler: { _addRunToRunMap?: unknown }): boolean {
	return typeof handler._addRunToRunMap === "function";
}

export const BaseTracer = unreachable("BaseTracer", "LangChain's tracers");
export const RootListenersTracer = unreachable("RootListenersTracer", "LangChain's withListeners()");

let warned = false;
function warnOnce(what: string): void {
	if (warned) return;
	warned = true;
	console.warn(
		`Redline: ${what} is not included in Redline's bundle; the environment variable asking for it is ignored.`,
	);
}

export class LangChainTracer extends BaseCallbackHandler {
	name = "langchain_tracer";

	constructor() {
		super();
		warnOnce("LangSmith tracing");
	}

	static getTraceableRunTree(): unknown {
		try {
			return getCurrentRunTree(true);
		} catch {
			return undefined;
		}
	}

	static override [Symbol.hasInstance](instance: unknown): boolean {
		if (typeof instance !== "object" || instance === null) return false;
		const candidate = instance as Record<string, unknown>;
		return (
			candidate.name === "langchain_tracer" &&
			typeof candidate.copyWithTracingConfig === "function" &&
			typeof candidate.getRunTreeWithTracingConfig === "function"
		);
	}

	/** Called with the current run tree when tracing is on; there is nothing to update. */
	updateFromRunTree(): void {}
}

export class ConsoleCallbackHandler extends BaseCallbackHandler {
	name = "console_callback_handler";

	constructor() {
		super();
		warnOnce("LangChain's verbose console logging");
	}
}
