/**
 * Saving the thread at a decision point. A failed save is a store error, never a model or tool
 * error: it ends the drive with its own message (no second model call, no tool run that the log
 * could not record), while the log keeps the events queued and retries writing them.
 */
import type { ThreadHandle } from "../log/driver";

export class StoreFailure extends Error {
	constructor(override readonly cause: unknown) {
		super(cause instanceof Error ? cause.message : String(cause));
		this.name = "StoreFailure";
	}
}

/** Waits until everything appended so far is saved; throws StoreFailure when it cannot be. */
export async function persist(thread: ThreadHandle): Promise<void> {
	try {
		await thread.flush();
	} catch (error) {
		throw new StoreFailure(error);
	}
}

export function saveFailedMessage(failure: StoreFailure): string {
	return `Redline could not save this chat (${failure.message}), so it stopped here. What you see is kept and saved as soon as saving works again; Retry to go on.`;
}
