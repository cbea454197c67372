/**
 * How the thread service hands a thread to the agent, without importing it: the service owns the
 * log and the abort controllers; the driver (src/agent/runner.ts) moves the thread forward from
 * whatever its log says, and returns as soon as it needs the user (no promise left hanging: the
 * log is the state).
 */
import type {
	ChipContext,
	EditSelection,
	EventPayloads,
	NewEvent,
	PinnedItem,
	StoredEvent,
	ThreadEvent,
} from "./events";
import type { ThreadState } from "./state";

export interface ThreadHandle {
	readonly threadId: string;
	/** Every event so far (known and unknown), in seq order. */
	events(): readonly StoredEvent[];
	/** The current projection (kept incrementally; equal to project(events())). */
	state(): ThreadState;
	/** Appends an event: stamped, visible to subscribers at once, persisted (tokens coalesced). */
	append(event: NewEvent): ThreadEvent;
	/** Persists everything appended so far (called at decision points). */
	flush(): Promise<void>;
	/**
	 * Calls back with each event appended from now on, by anyone (the service's decisions too);
	 * returns the function that stops it. Optional: a handle without it is never listened to.
	 */
	listen?(listener: (event: StoredEvent) => void): () => void;
}

/** How a call that a crash or a quit left running is completed when the log is opened again. */
export const INTERRUPTED_CALL_MESSAGE =
	"This call was interrupted (Redline stopped while it ran); it may have partly happened. Check before trying again.";

/** How a call the user stopped is answered; " before this call ran." follows when it never started. */
export const STOPPED_MESSAGE = "Stopped by the user";

/**
 * The abort reason of a drive stopped because the service shuts down (quitting Obsidian, a plugin
 * reload), as opposed to the user's Stop. It is not the user's doing, so a driver records nothing
 * for it: the log stays as a crash would leave it, and the next open recovers it the same way
 * ("Interrupted", with Retry), instead of saying "Stopped by the user".
 */
export class ServiceShutdown extends Error {
	constructor() {
		super("The thread service shut down");
		this.name = "AbortError";
	}
}

/** True when the signal aborted because the service shuts down (see ServiceShutdown). */
export function isShutdown(signal: AbortSignal): boolean {
	return signal.aborted && signal.reason instanceof ServiceShutdown;
}

export interface TurnDriver {
	/**
	 * Runs the thread forward: runs calls that are approved and not yet run, then calls the model
	 * while it has something to do. Returns when the thread is idle or waits for the user.
	 * Never throws for model or tool failures: they become events.
	 */
	drive(thread: ThreadHandle, signal: AbortSignal): Promise<void>;
	/**
	 * Optional, when a log is opened that a crash or a quit left mid-turn: settles the calls that
	 * were running whose outcome it can find out (an edit that landed is recorded). The service
	 * then settles the rest (src/thread/recovery.ts).
	 */
	recover?(thread: ThreadHandle): Promise<void>;
	/**
	 * Optional: what the next model request would hold if `draft` were sent now (v1.context.measure),
	 * measured by the code that fits and measures every request (context_measured), without
	 * compacting or appending anything. The thread may be a new chat's (no events yet).
	 */
	measure?(thread: ReadableThread, draft: DraftMessage): Promise<NextRequestMeasure>;
}

/** What measuring reads of a thread: its events and state, never appending. */
export type ReadableThread = Pick<ThreadHandle, "threadId" | "events" | "state">;

/** A message not sent yet, resolved as sendMessage would log it (user_message). */
export interface DraftMessage {
	content: string;
	/** Every item the message would carry: those pinned now and any the draft adds. */
	pinned: PinnedItem[];
	/** What its set chips would add. */
	context: ChipContext[];
	selection?: EditSelection;
}

/** context_measured's numbers for the next request; compactsFirst: earlier messages are compacted before it is sent. */
export type NextRequestMeasure = EventPayloads["context_measured"] & { compactsFirst: boolean };
