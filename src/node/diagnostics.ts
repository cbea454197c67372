/**
 * Node's perf_hooks and v8, the part Redline's benchmarks use to see what a run cost the process
 * (see README.md): how long the event loop was blocked, and V8's collector on demand.
 */
import * as nodePerfHooks from "node:perf_hooks";
import * as nodeV8 from "node:v8";
import { runInNewContext } from "./vm";

/** Event-loop delays sampled while enabled; values in nanoseconds. */
export interface EventLoopDelay {
	enable(): boolean;
	disable(): boolean;
	readonly max: number;
}

export interface NodePerfHooks {
	monitorEventLoopDelay: (options?: { resolution?: number }) => EventLoopDelay;
}

export interface NodeV8 {
	setFlagsFromString: (flags: string) => void;
}

export const { monitorEventLoopDelay } = nodePerfHooks satisfies NodePerfHooks as NodePerfHooks;
export const { setFlagsFromString } = nodeV8 satisfies NodeV8 as NodeV8;

/** V8's garbage collector, also without --expose-gc (the flag set at run time, gc taken from a new context). */
export function garbageCollector(): () => void {
	setFlagsFromString("--expose-gc");
	return runInNewContext("gc") as () => void;
}
