/**
 * The ToolContext of one call while it runs. When the run ends (its result is recorded, or it
 * was stopped) the scope closes: whatever the tool still does reaches neither the log nor the
 * note, because emit/progress throw and commit is refused. A commit in progress holds a Stop
 * until it is done, so a note write never lands after the call was answered "Stopped".
 */
import type { ThreadHandle } from "../log/driver";
import { newId } from "../log/ids";
import { ThreadClosedError } from "../log/log";
import { CallStopped } from "../log/call-stopped";
import type { ToolContext } from "../tools/tool";

export class CallScope {
	readonly ctx: ToolContext;
	private open = true;
	private commits = 0;

	constructor(thread: ThreadHandle, callId: string, env: Pick<ToolContext, "vault" | "floor">, signal: AbortSignal) {
		const append: ThreadHandle["append"] = (event) => {
			if (!this.open) throw new ThreadClosedError(`Call ${callId} has ended; nothing more can be recorded for it`);
			return thread.append(event);
		};
		this.ctx = {
			threadId: thread.threadId,
			callId,
			vault: env.vault,
			floor: env.floor,
			state: () => thread.state(),
			emit: (event) => void append(event),
			progress: (phase, fraction, changes) =>
				void append({
					type: "tool_call_progress",
					callId,
					phase,
					...(fraction !== undefined ? { fraction } : {}),
					...(changes !== undefined ? { changes } : {}),
				}),
			signal,
			newId,
			commit: async (write) => {
				if (!this.open) throw new CallStopped("The call had already ended before the write.");
				if (signal.aborted) throw new CallStopped();
				this.commits++;
				try {
					return await write();
				} finally {
					this.commits--;
				}
			},
		};
	}

	/** True while a commit runs: a Stop then waits for the call's own outcome. */
	get committing(): boolean {
		return this.commits > 0;
	}

	close(): void {
		this.open = false;
	}
}
