/**
 * Time slicing for indexing: work runs in slices of about SLICE_MS and then yields a macrotask,
 * so a pane (or Obsidian itself) gets frames in between. A microtask (an awaited in-memory read)
 * does not yield, which is why the index asks the pacer rather than relying on its awaits.
 */
export interface Pacer {
	now(): number;
	/** Gives the host's event loop a turn (timers, input, rendering). */
	yield(): Promise<void>;
}

/** Work per slice before yielding; well under a 50 ms long-frame budget. */
export const SLICE_MS = 12;

/**
 * The global timers, looked up at each use (as the thread log does): the core also runs in Node,
 * where there is no window, and test clocks installed later must apply.
 */
export const timers = {
	get set() {
		return setTimeout;
	},
	get clear() {
		return clearTimeout;
	},
};

export const realPacer: Pacer = {
	now: () => performance.now(),
	yield: () => new Promise((resolve) => timers.set(resolve, 0)),
};

/** Tracks slices: call tick() between units of work; it yields once a slice is used up. */
export class Slicer {
	private start: number;
	/** The longest stretch between two yields so far, in ms (what a frame could have waited). */
	longestMs = 0;

	constructor(private readonly pacer: Pacer) {
		this.start = pacer.now();
	}

	async tick(): Promise<void> {
		const spent = this.pacer.now() - this.start;
		if (spent < SLICE_MS) return;
		this.longestMs = Math.max(this.longestMs, spent);
		await this.pacer.yield();
		this.start = this.pacer.now();
	}

	/** Call when the work is done, so the last slice counts too. */
	finish(): void {
		this.longestMs = Math.max(this.longestMs, this.pacer.now() - this.start);
	}
}
