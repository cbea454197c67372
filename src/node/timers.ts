/**
 * Node's timers, for Node-only code (see README.md). Imported, they are Node's own functions
 * rather than the globals that Obsidian's lint asks plugin code to call on window (there is no
 * window in Node). Method signatures with `this: void`: callable alone, and a timer handed back
 * is Node's Timeout, whatever our interface names of it.
 */
import * as nodeTimers from "node:timers";
import * as nodeTimersPromises from "node:timers/promises";

/** A pending timer (Node's Timeout). */
export interface Timer {
	/** Lets the process exit while the timer is pending. */
	unref(): Timer;
	hasRef(): boolean;
}

export interface NodeTimers {
	setTimeout(this: void, callback: (...args: unknown[]) => void, ms?: number): Timer;
	clearTimeout(this: void, timer: Timer | number | string | undefined): void;
	setInterval(this: void, callback: (...args: unknown[]) => void, ms?: number): Timer;
	clearInterval(this: void, timer: Timer | number | string | undefined): void;
	/** Runs the callback after pending I/O callbacks (later than a microtask, sooner than a timeout). */
	setImmediate(this: void, callback: (...args: unknown[]) => void): unknown;
}

export interface NodeTimerPromises {
	setTimeout(this: void, ms?: number): Promise<void>;
	setImmediate(this: void): Promise<void>;
}

export const { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate } =
	nodeTimers satisfies NodeTimers as NodeTimers;

const timerPromises = nodeTimersPromises satisfies NodeTimerPromises as NodeTimerPromises;
/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => timerPromises.setTimeout(ms);
/** Resolves after the I/O callbacks pending now have run. */
export const nextImmediate = (): Promise<void> => timerPromises.setImmediate();
