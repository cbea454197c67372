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

let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

/**
 * One turn of the host's event loop without a timer's minimum delay: browsers clamp nested
 * timeouts to 4 ms and Node to 1 ms, which over the few hundred slices of a large build adds up
 * to most of a second of doing nothing. A message on a MessageChannel (Node and browsers alike;
 * React's scheduler yields this way) is a task of its own, so input and frames get their turn.
 * One channel serves every yield: a new one each time costs several times the CPU.
 */
function yieldToHost(): Promise<void> {
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

	/** Call when the work is done, so the last slice counts too. */
	finish(): void {
		this.longestMs = Math.max(this.longestMs, this.pacer.now() - this.start);
	}
}
