import type { ThreadHandle } from "../log/driver";
import type { ThreadStatus } from "../log/events";

/** Appends a status event unless the thread already shows exactly that status. */
export function setStatus(thread: ThreadHandle, status: ThreadStatus, detail?: string): void {
	const state = thread.state();
	if (state.status === status && state.statusDetail === detail) return;
	thread.append({ type: "status", status, ...(detail !== undefined ? { detail } : {}) });
}
