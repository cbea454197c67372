/**
 * Stand-in for p-queue in main.js (with its eventemitter3, p-timeout and priority queue: about
 * 8.5 KB; as LangChain's AsyncCaller and callback queue import it, see build/cuts/stand-ins.mjs). LangChain
 * builds a queue with `concurrency` (and `autoStart: true`), adds tasks with no timeout and no
 * priority (`throwOnTimeout` alone does nothing without a timeout), awaits onIdle(), and never
 * listens to the queue's events. For that, this queue runs tasks in the same order and on the same
 * microtask turns as p-queue (test/obsidian/shims/p-queue.test.ts plays the two side by side);
 * intervals, timeouts, priorities, pausing and events, which LangChain does not use, say so instead.
 */
interface QueueOptions {
	concurrency?: number;
	autoStart?: boolean;
}

interface TaskOptions {
	throwOnTimeout?: boolean;
}

const usedFor = "p-queue's intervals, timeouts, priorities, pausing and events";
// The words of unreachable.ts, for an option rather than a name.
const unsupported = (what: string): never => {
	throw new Error(`${what} is not included in Redline's bundle (${usedFor}, which Redline does not use)`);
};
const empty = (): void => {};

export default class PQueue {
	private readonly concurrency: number;
	private readonly waiting: (() => Promise<void>)[] = [];
	private pendingCount = 0;
	private resolveIdle = empty;

	constructor(options: QueueOptions = {}) {
		for (const key of Object.keys(options))
			if (key !== "concurrency" && key !== "autoStart") unsupported(`new PQueue({ ${key} })`);
		if (options.autoStart === false) unsupported("new PQueue({ autoStart: false })");
		const concurrency = options.concurrency ?? Infinity;
		// p-queue's own check, with its words.
		if (!(typeof concurrency === "number" && concurrency >= 1))
			throw new TypeError(
				`Expected \`concurrency\` to be a number from 1 and up, got \`${concurrency}\` (${typeof concurrency})`,
			);
		this.concurrency = concurrency;
	}

	// p-queue's add() is an async function returning a promise, so the caller's promise settles one
	// turn after the task's: kept (the order of callbacks and results is what is compared).
	async add<T>(task: () => T | PromiseLike<T>, options: TaskOptions = {}): Promise<T> {
		for (const key of Object.keys(options)) if (key !== "throwOnTimeout") unsupported(`PQueue.add(task, { ${key} })`);
		return new Promise<T>((resolve, reject) => {
			this.waiting.push(async () => {
				this.pendingCount++;
				try {
					resolve(await task());
				} catch (error) {
					// eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- as p-queue: the caller gets what the task threw, an Error or not
					reject(error);
				}
				this.pendingCount--;
				this.startAnother();
			});
			this.startAnother();
		});
	}

	/** Settles once no task waits or runs (on the next turn when none does, as p-queue's). */
	async onIdle(): Promise<void> {
		if (this.pendingCount === 0 && this.waiting.length === 0) return;
		return new Promise<void>((resolve) => {
			const previous = this.resolveIdle;
			this.resolveIdle = () => {
				previous();
				resolve();
			};
		});
	}

	private startAnother(): void {
		if (this.waiting.length === 0) {
			if (this.pendingCount === 0) {
				this.resolveIdle();
				this.resolveIdle = empty;
			}
			return;
		}
		if (this.pendingCount < this.concurrency) void this.waiting.shift()?.();
	}
}
