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

/** Node's ports have these (an open port keeps the process alive); a browser's do not need them. */
interface RefCounted {
	ref?: () => void;
	unref?: () => void;
}

type Immediate = (callback: () => void) => unknown;

/**
 * Node's setImmediate, where the host is Node without a page (the sandbox, tests, benchmarks).
 * Node's MessagePort delivers a message posted while it is delivering within the same turn, up to
 * a thousand of them, so there a MessageChannel yield let no timer, socket or file callback in
 * for a whole build (the sandbox answered nothing for 1.7 s). An immediate runs once per turn
 * of the loop, after I/O. A page (a browser, Obsidian's window) has no such quirk: it keeps the
 * MessageChannel, whose messages are tasks of their own between frames and input.
 */
function nodeImmediate(): Immediate | null {
	return typeof setImmediate === "function" && typeof document === "undefined" ? setImmediate : null;
}

/** Node's global, where there is one (declared here: the core is typed without Node's globals). */
declare const setImmediate: Immediate | undefined;

/** Taken once, at load: a test's fake clock must not freeze the index's yields (nor does it a MessageChannel). */
const immediate = nodeImmediate();
let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

/**
 * One turn of the host's event loop without a timer's minimum delay: browsers clamp nested
 * timeouts to 4 ms and Node to 1 ms, which over the few hundred slices of a large build adds up
 * to most of a second of doing nothing. In a page, a message on a MessageChannel (React's
 * scheduler yields this way) is a task of its own, so input and frames get their turn; in Node,
 * setImmediate (see nodeImmediate). One channel serves every yield: a new one each time costs
 * several times the CPU.
 */
function yieldToHost(): Promise<void> {
	if (immediate) return new Promise((resolve) => void immediate(resolve));
	if (typeof MessageChannel !== "function") return new Promise((resolve) => timers.set(resolve, 0));
	if (!channel) {
		channel = new MessageChannel();
		const port = channel.port1;
		port.onmessage = () => {
			waiting.shift()?.();
			if (waiting.length === 0) (port as RefCounted).unref?.();
		};
	}
	const { port1, port2 } = channel;
	return new Promise((resolve) => {
		if (waiting.length === 0) (port1 as RefCounted).ref?.();
		waiting.push(resolve);
		port2.postMessage(null);
	});
}

export const realPacer: Pacer = {
	now: () => performance.now(),
	yield: yieldToHost,
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

	/**
	 * Runs check on each item, yielding whenever a slice is used up; false at the first item it
	 * fails (the rest are not checked). For loops over a whole vault's notes, where awaiting
	 * tick() per item would cost more than the item.
	 */
	async every<T>(items: Iterable<T>, check: (item: T) => boolean): Promise<boolean> {
		for (const item of items) {
			if (!check(item)) return false;
			if (this.pacer.now() - this.start >= SLICE_MS) await this.tick();
		}
		return true;
	}

	/** Runs work on each item, yielding whenever a slice is used up. */
	async forEach<T>(items: Iterable<T>, work: (item: T) => void): Promise<void> {
		await this.every(items, (item) => (work(item), true));
	}

	/**
	 * Starts a new slice after an await of I/O the slicer did not drive (the store's read of a
	 * saved file): while it was pending the host had its event loop, so that wait is no slice.
	 */
	restart(): void {
		this.start = this.pacer.now();
	}

	/** Call when the work is done, so the last slice counts too. */
	finish(): void {
		this.longestMs = Math.max(this.longestMs, this.pacer.now() - this.start);
	}
}
