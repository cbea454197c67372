/**
 * Runs the TurnDriver for threads: at most one drive per thread at a time; a request while a
 * drive runs sets a "drive again" flag, so nothing the user did meanwhile is left unanswered.
 * A driver that throws (it should not) becomes an error event, never an unhandled rejection.
 * Each drive gets its own handle on the log, fenced when the drive returns: work that outlives
 * its drive (a stopped tool that ignored the signal) can no longer append.
 */
import { isShutdown, ServiceShutdown } from "../log/driver";
import type { ThreadHandle, TurnDriver } from "../log/driver";
import { ThreadClosedError } from "../log/log";
import type { ThreadLog } from "../log/log";

interface Drive {
	controller: AbortController;
	again: boolean;
	done: Promise<void>;
}

export class DriveScheduler {
	private readonly drives = new Map<string, Drive>();
	private readonly watchers = new Set<() => void>();

	constructor(
		private readonly driver: TurnDriver | undefined,
		/** Called when a thread's drive has ended (the service may unload idle logs then). */
		private readonly onIdle: (threadId: string) => void = () => undefined,
	) {}

	get available(): boolean {
		return this.driver !== undefined;
	}

	schedule(log: ThreadLog): void {
		const driver = this.driver;
		if (!driver) return;
		const running = this.drives.get(log.threadId);
		if (running) {
			running.again = true;
			return;
		}
		const drive: Drive = { controller: new AbortController(), again: true, done: Promise.resolve() };
		this.drives.set(log.threadId, drive);
		this.notify();
		drive.done = (async () => {
			// Let the caller answer first (sendMessage is acknowledged before the drive starts).
			await Promise.resolve();
			try {
				while (drive.again) {
					drive.again = false;
					if (drive.controller.signal.aborted) drive.controller = new AbortController();
					await runOnce(driver, log, drive.controller.signal);
				}
			} finally {
				this.drives.delete(log.threadId);
				this.notify();
				this.onIdle(log.threadId);
			}
		})();
	}

	/** Threads with a drive in flight (a turn running), for the host's "working" indicator. */
	driving(): string[] {
		return [...this.drives.keys()];
	}

	/** Calls back whenever a drive starts or ends; returns an unsubscribe. */
	onDrivingChange(listener: () => void): () => void {
		this.watchers.add(listener);
		return () => this.watchers.delete(listener);
	}

	private notify(): void {
		for (const listener of [...this.watchers]) {
			try {
				listener();
			} catch (error) {
				console.error("Redline: a drive watcher failed", error);
			}
		}
	}

	/** Aborts the drive in flight (the driver records the status change, unless it is a shutdown). */
	stop(threadId: string, reason?: ServiceShutdown): void {
		const drive = this.drives.get(threadId);
		if (!drive) return;
		drive.again = false;
		drive.controller.abort(reason);
	}

	isDriving(threadId: string): boolean {
		return this.drives.has(threadId);
	}

	/** Resolves when no drive runs for the thread. */
	async idle(threadId: string): Promise<void> {
		for (let drive = this.drives.get(threadId); drive; drive = this.drives.get(threadId)) await drive.done;
	}

	/** Aborts the drive in flight, and any started while it winds down; resolves when none runs. */
	async halt(threadId: string, reason?: ServiceShutdown): Promise<void> {
		for (let drive = this.drives.get(threadId); drive; drive = this.drives.get(threadId)) {
			this.stop(threadId, reason);
			await drive.done;
		}
	}

	/** The service shuts down: every drive is aborted with ServiceShutdown, and awaited. */
	async shutdown(): Promise<void> {
		const reason = new ServiceShutdown();
		await Promise.all([...this.drives.keys()].map((id) => this.halt(id, reason)));
	}
}

/** The log as one drive sees it: the same log, until the drive returns. */
function fencedHandle(log: ThreadLog): { handle: ThreadHandle; fence: () => void } {
	let open = true;
	const handle: ThreadHandle = {
		threadId: log.threadId,
		events: () => log.events(),
		state: () => log.state(),
		append(event) {
			if (!open)
				throw new ThreadClosedError(`A drive of thread ${log.threadId} has ended; nothing more can be appended by it`);
			return log.append(event);
		},
		flush: () => log.flush(),
	};
	return { handle, fence: () => (open = false) };
}

async function runOnce(driver: TurnDriver, log: ThreadLog, signal: AbortSignal): Promise<void> {
	const { handle, fence } = fencedHandle(log);
	try {
		await driver.drive(handle, signal);
	} catch (error) {
		fence();
		if (isShutdown(signal)) return;
		const message = error instanceof Error ? error.message : String(error);
		try {
			log.append({ type: "error", message: `The agent failed: ${message}`, retryable: true });
			log.append({ type: "status", status: "error", detail: message });
		} catch {
			// the thread was deleted meanwhile: nothing to record
		}
		return;
	}
	fence();
	// A driver stopped by the signal should have recorded it; make sure the thread is not left busy.
	// Not at shutdown: the next open recovers the turn as interrupted.
	const status = log.state().status;
	if (signal.aborted && !isShutdown(signal) && (status === "thinking" || status === "running_tool")) {
		try {
			log.append({ type: "status", status: "idle", detail: "Stopped" });
		} catch {
			// deleted meanwhile
		}
	}
}
