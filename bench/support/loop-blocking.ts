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

/** Time the bench's own work took (excludeFromBlocks), not yet taken off a gap: wall, process CPU, main thread. */
const excluded = { wall: 0, cpu: 0, main: 0 };

/**
 * Runs the bench's own work (the peak sampler's forced full GC: 60–90 ms at 20k notes, a
 * non-incremental mark-compact no index would cause) so its time is taken off the gap it falls
 * in: the blocks measured are the index's.
 */
export function excludeFromBlocks<T>(work: () => T): T {
	const wall = performance.now();
	const cpu = process.cpuUsage();
	const main = mainThreadMs();
	try {
		return work();
	} finally {
		const used = process.cpuUsage(cpu);
		excluded.wall += performance.now() - wall;
		excluded.cpu += (used.user + used.system) / 1000;
		excluded.main += mainThreadMs() - main;
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
	excluded.wall = excluded.cpu = excluded.main = 0;
	const turn = (): void => {
		const now = performance.now();
		const cpu = process.cpuUsage(lastCpu);
		const main = mainThreadMs();
		longest = Math.max(longest, now - last - excluded.wall);
		longestCpu = Math.max(longestCpu, (cpu.user + cpu.system) / 1000 - excluded.cpu);
		longestMain = Math.max(longestMain, main - lastMain - excluded.main);
		excluded.wall = excluded.cpu = excluded.main = 0;
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
