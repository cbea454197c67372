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
 * thread's own work in that gap). Where Linux tells a thread's own run time
 * (/proc/<pid>/task/<pid>/schedstat, in ns), the gap is measured in the main thread's CPU time
 * as well: the event loop's own work, its GC pauses included, without the helper threads (file
 * reads, concurrent marking) and without the waits for a core: what an idle machine would block.
 */
import { readFileSync } from "../../src/node/fs";
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
	/** The longest gap between two timer turns, in CPU time of the main thread (NaN where unknown). */
	blockedMainMs: number;
	/** The main thread's CPU time over the whole run (NaN where unknown): work done in slices counts whole. */
	mainMs: number;
}

const SCHEDSTAT = "/proc/thread-self/schedstat";

/** The main thread's CPU time so far, in ms (NaN where the system does not say). */
function mainThreadMs(): number {
	try {
		return Number(readFileSync(SCHEDSTAT, "utf8").split(" ")[0]) / 1e6;
	} catch {
		return NaN;
	}
}

/** Runs fn and measures it: wall time and the longest time the event loop was blocked meanwhile. */
export async function measureBlocking<T>(fn: () => Promise<T>): Promise<Blocking<T>> {
	const start = performance.now();
	const startMain = mainThreadMs();
	let last = start;
	let lastCpu = process.cpuUsage();
	let longest = 0;
	let longestCpu = 0;
	let lastMain = mainThreadMs();
	let longestMain = 0;
	const turn = (): void => {
		const now = performance.now();
		const cpu = process.cpuUsage(lastCpu);
		const main = mainThreadMs();
		longest = Math.max(longest, now - last);
		longestCpu = Math.max(longestCpu, (cpu.user + cpu.system) / 1000);
		longestMain = Math.max(longestMain, main - lastMain);
		last = now;
		lastCpu = process.cpuUsage();
		lastMain = mainThreadMs();
	};
	const interval = setInterval(turn, 1);
	try {
		const result = await fn();
		turn();
		return {
			result,
			ms: performance.now() - start,
			blockedMs: longest,
			blockedCpuMs: longestCpu,
			blockedMainMs: Number.isNaN(lastMain) ? NaN : longestMain,
			mainMs: mainThreadMs() - startMain,
		};
	} finally {
		clearInterval(interval);
	}
}
