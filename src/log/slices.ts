/**
 * Long work in slices (issue 32): opening a long thread's log (parsing, folding) or sending its
 * history took seconds of one synchronous run, in which the host answered nothing else (the
 * sandbox's server froze for 4 s on a 20,000-call thread). Work split by `slices` runs a few
 * milliseconds at a time and lets timers, I/O and other requests run in between.
 */

/** How long one slice runs before the host's other work gets a turn. */
export const SLICE_MS = 8;

/**
 * The host's own timer, taken when this module loads: a test that installs a fake clock later
 * (to drive the model's timeouts) must not stop a long log from opening.
 */
const hostSetTimeout: (callback: () => void, ms: number) => unknown = setTimeout;

/** A macrotask later: timers, I/O and other requests run first. */
export function nextTurn(): Promise<void> {
	return new Promise((resolve) => hostSetTimeout(resolve, 0));
}

/**
 * Calls each(i) for i in [0, count), yielding to the host whenever a slice has run SLICE_MS;
 * stops early (resolving false) when `stopped()` turns true at a yield.
 */
export async function inSlices(
	count: number,
	each: (index: number) => void,
	stopped: () => boolean = () => false,
): Promise<boolean> {
	let start = Date.now();
	for (let i = 0; i < count; i++) {
		if ((i & 63) === 63 && Date.now() - start >= SLICE_MS) {
			await nextTurn();
			if (stopped()) return false;
			start = Date.now();
		}
		each(i);
	}
	return true;
}
