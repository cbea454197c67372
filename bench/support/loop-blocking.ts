/**
 * How long the event loop was kept from running a timer while some work ran: the longest gap
 * between turns of a 1 ms interval, counted from the start, with the stretch from its last turn
 * to the end counted too. Node's monitorEventLoopDelay records a delay only between two of its
 * own samples, so a block that starts the run, or that its timer never got a turn around (work
 * that yields only through microtasks or MessagePort messages), showed as 0 ms.
 * A gap also holds the time the process waited for a core on a loaded machine.
 */
import { clearInterval, setInterval } from "../../src/node/timers";

/** Runs fn and measures it: wall time and the longest time the event loop was blocked meanwhile. */
export async function measureBlocking<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number; blockedMs: number }> {
	const start = performance.now();
	let last = start;
	let longest = 0;
	const turn = (): void => {
		const now = performance.now();
		longest = Math.max(longest, now - last);
		last = now;
	};
	const interval = setInterval(turn, 1);
	try {
		const result = await fn();
		turn();
		return { result, ms: performance.now() - start, blockedMs: longest };
	} finally {
		clearInterval(interval);
	}
}
