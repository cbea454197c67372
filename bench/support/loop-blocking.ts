/**
 * How long the event loop was kept from running a timer while some work ran: the longest gap
 * between turns of a 1 ms interval, counted from the start, with the stretch from its last turn
 * to the end counted too. Node's monitorEventLoopDelay records a delay only between two of its
 * own samples, so a block that starts the run, or that its timer never got a turn around (work
 * that yields only through microtasks or MessagePort messages), showed as 0 ms.
 *
 * A gap in wall-clock time also holds the time the process waited for a core, which on a shared,
 * loaded machine is most of it; so the longest gap is also measured in this process's CPU time
 * (user + system, which includes V8's and libuv's helper threads: an upper bound for the main
 * thread's own work in that gap).
 */
import { process } from "../../src/node/process";
import { clearInterval, setInterval } from "../../src/node/timers";

export interface Blocking<T> {
	result: T;
	/** Wall-clock time of the whole run. */
	ms: number;
	/** The longest gap between two timer turns, wall clock. */
	blockedMs: number;
	/** The longest gap between two timer turns, in CPU time of this process. */
	blockedCpuMs: number;
}

/** Runs fn and measures it: wall time and the longest time the event loop was blocked meanwhile. */
export async function measureBlocking<T>(fn: () => Promise<T>): Promise<Blocking<T>> {
	const start = performance.now();
	let last = start;
	let lastCpu = process.cpuUsage();
	let longest = 0;
	let longestCpu = 0;
	const turn = (): void => {
		const now = performance.now();
		const cpu = process.cpuUsage(lastCpu);
		longest = Math.max(longest, now - last);
		longestCpu = Math.max(longestCpu, (cpu.user + cpu.system) / 1000);
		last = now;
		lastCpu = process.cpuUsage();
	};
	const interval = setInterval(turn, 1);
	try {
		const result = await fn();
		turn();
		return { result, ms: performance.now() - start, blockedMs: longest, blockedCpuMs: longestCpu };
	} finally {
		clearInterval(interval);
	}
}
