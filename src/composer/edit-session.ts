/**
 * What the edit pipeline needs from the call that runs it: the port the composer defines and a
 * tool's context (src/tools/tool.ts, ToolContext) extends; the agent's CallScope implements it.
 * The pipeline reads the thread and the vault through it, reports progress, records events, and
 * makes its one write through `commit`, the gate a Stop respects.
 */
import type { NewEvent } from "../log/events";
import type { ThreadState } from "../log/state";
import type { Vault } from "../vault/vault";

export interface EditSession {
	threadId: string;
	callId: string;
	vault: Vault;
	/** Current thread state (read-only). */
	state(): ThreadState;
	/** Appends an event to the thread (e.g. question_asked, edit_applied). */
	emit(event: NewEvent): void;
	/** Reports progress (tool_call_progress); `changes`: edit blocks applied so far. */
	progress(phase: string, fraction?: number, changes?: number): void;
	signal: AbortSignal;
	newId(prefix: string): string;
	/**
	 * Runs the write that makes the call's effect real (the note write). Refused with CallStopped
	 * (src/log/call-stopped.ts) once the call was stopped or has ended; once begun, a Stop waits
	 * for it to finish, so the call's result says what really happened instead of "Stopped"
	 * before a write that lands.
	 */
	commit<T>(write: () => Promise<T>): Promise<T>;
}
