/**
 * Runs the TurnDriver for threads: at most one drive per thread at a time; a request while a
 * drive runs sets a "drive again" flag, so nothing the user did meanwhile is left unanswered.
 * A driver that throws (it should not) becomes an error event, never an unhandled rejection.
 */
import type { TurnDriver } from "./driver";
import type { ThreadLog } from "./log";

interface Drive {
	controller: AbortController;
	again: boolean;
	done: Promise<void>;
}

export class DriveScheduler {
	private readonly drives = new Map<string, Drive>();

	constructor(private readonly driver: TurnDriver | undefined) {}

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
			}
		})();
	}

	/** Aborts the drive in flight (the driver records the status change). */
	stop(threadId: string): void {
		const drive = this.drives.get(threadId);
		if (!drive) return;
		drive.again = false;
		drive.controller.abort();
	}

	isDriving(threadId: string): boolean {
		return this.drives.has(threadId);
	}

	/** Resolves when no drive runs for the thread. */
	async idle(threadId: string): Promise<void> {
		for (let drive = this.drives.get(threadId); drive; drive = this.drives.get(threadId)) await drive.done;
	}

	/** Aborts the drive in flight, and any started while it winds down; resolves when none runs. */
	async halt(threadId: string): Promise<void> {
		for (let drive = this.drives.get(threadId); drive; drive = this.drives.get(threadId)) {
			this.stop(threadId);
			await drive.done;
		}
	}

	async stopAll(): Promise<void> {
		await Promise.all([...this.drives.keys()].map((id) => this.halt(id)));
	}
}

async function runOnce(driver: TurnDriver, log: ThreadLog, signal: AbortSignal): Promise<void> {
	try {
		await driver.drive(log, signal);
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		try {
			log.append({ type: "error", message: `The agent failed: ${message}`, retryable: true });
			log.append({ type: "status", status: "error", detail: message });
		} catch {
			// the thread was deleted meanwhile: nothing to record
		}
		return;
	}
	// A driver stopped by the signal should have recorded it; make sure the thread is not left busy.
	const status = log.state().status;
	if (signal.aborted && (status === "thinking" || status === "running_tool")) {
		try {
			log.append({ type: "status", status: "idle", detail: "Stopped" });
		} catch {
			// deleted meanwhile
		}
	}
}
